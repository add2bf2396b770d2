import type { ComponentChildren } from 'preact';
import { replaceDelimited } from '../../text/linear-text.js';

/**
 * Helpers that read MDX props as authors write them: booleans arrive as `true`, `"true"` or
 * `"false"`, numbers as `{2}` or `"2"`, labels as strings or elements.
 */

/** `true`, `""` (a bare attribute) and `"true"` are on; everything else is off. */
export function flag(value: unknown): boolean {
  return value === true || value === '' || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** A finite number from a number or numeric string, else `undefined`. */
export function numberProp(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A non-empty trimmed string, else `undefined`. */
export function stringProp(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * A label as authors write it: a non-empty trimmed string (or a number), or markup
 * (`title={<>Use <code>npm</code></>}`, an element or a list holding one) shown as is; else
 * `undefined`. Where the label must be text (an id, `aria-label`, `data-tab-title`), use
 * `labelText`.
 */
export function nodeProp(value: unknown): ComponentChildren | undefined {
  const text = stringProp(value);
  if (text !== undefined) return text;
  if (typeof value !== 'object' || value === null) return undefined;
  const isMarkup = (v: unknown): boolean => (Array.isArray(v) ? v.some(isMarkup) : typeof v === 'object' && v !== null && 'props' in v);
  return isMarkup(value) ? (value as ComponentChildren) : undefined;
}

/** The plain text of a label from `nodeProp` (or of any prop), trimmed: `''` when it has none. */
export function labelText(value: unknown): string {
  return textOf(value).trim();
}

/** A list of strings from an array (or a single string); other entries are dropped. */
export function stringList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : []));
}

/**
 * A colour safe inside a `style` attribute (hex, named, `rgb(…)`, `hsl(…)`, `oklch(…)`, `var(…)`),
 * else `undefined`: author text never closes the declaration.
 */
export function cssColor(value: unknown): string | undefined {
  const s = stringProp(value);
  return s !== undefined && /^[#\w\s().,%/-]+$/.test(s) ? s : undefined;
}

/** The plain text of children: strings and numbers, depth first; element markup is skipped. */
export function textOf(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (typeof node === 'object' && 'props' in node) {
    const props = (node as { props: { children?: ComponentChildren; dangerouslySetInnerHTML?: { __html?: unknown } } }).props;
    const html = props.dangerouslySetInnerHTML?.__html;
    if (typeof html === 'string') return decodeEntities(replaceDelimited(html, '<', '>', () => ''));
    return textOf(props.children);
  }
  return '';
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Joins class names, skipping empty ones. */
export function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
