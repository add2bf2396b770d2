import { normalizePage } from '../normalize-pages.js';
import type { MintGroup, MintSection } from './mint-schema.js';
import { trimTrailing } from '../../text/linear-text.js';

/** A mint.json tab or anchor, with where it is and the page prefix it owns. */
export interface Section {
  readonly entry: MintSection;
  /** Its pointer in mint.json. */
  readonly source: string;
  /** The URL as a page-path prefix, or `undefined` for an external link. */
  readonly prefix: string | undefined;
}

/** A mint.json group in docs.json shape: `version` dropped, `icon` + `iconType` merged. */
export function upgradeGroup(group: MintGroup): Record<string, unknown> {
  const { version: _version, icon: _icon, iconType: _iconType, pages, ...rest } = group;
  return { ...rest, ...iconOf(group), pages: pages.map((page) => (typeof page === 'string' ? page : upgradeGroup(page))) };
}

export function iconOf(entry: { icon?: unknown; iconType?: unknown }): Record<string, unknown> {
  if (typeof entry.icon !== 'string') return {};
  return { icon: typeof entry.iconType === 'string' ? { name: entry.icon, style: entry.iconType } : entry.icon };
}

/** mint.json anchor colours: one hex or a `{from, via?, to}` gradient; docs.json wants `{light, dark}`. */
export function colorOf(entry: MintSection): Record<string, unknown> {
  const color: unknown = entry['color'];
  if (typeof color === 'string') return { color: { light: color, dark: color } };
  if (typeof color === 'object' && color !== null) {
    const { from, to } = color as Record<string, unknown>;
    return { color: { ...(typeof from === 'string' ? { light: from } : {}), ...(typeof to === 'string' ? { dark: to } : {}) } };
  }
  return {};
}

export function firstPage(group: MintGroup): string | undefined {
  for (const page of group.pages) {
    const found = typeof page === 'string' ? normalizePage(page) : firstPage(page);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The URL of a tab or anchor as a page-path prefix, or `undefined` for an absolute URL. */
export function localPrefix(url: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  return trimTrailing(normalizePage(url), '/');
}

export function longestMatch(sections: readonly Section[], page: string | undefined): Section | undefined {
  if (page === undefined) return undefined;
  let best: Section | undefined;
  for (const section of sections) {
    const prefix = section.prefix;
    if (prefix === undefined || prefix === '') continue;
    if ((page === prefix || page.startsWith(prefix + '/')) && (!best || prefix.length > (best.prefix ?? '').length)) best = section;
  }
  return best;
}
