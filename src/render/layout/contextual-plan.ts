import { contextualSchema } from '../../config/schema/site.js';
import type { ContextualHref, ContextualQuery, ContextualVar } from '../../model/contextual.js';
import type { UrlStyle } from '../../model/url-style.js';
import { routeUrlPath } from '../../resolve/route-segments.js';
import { trimChars } from '../../text/linear-text.js';
import type { IconFile } from '../components/icons/icon-files.js';
import { isScriptUrl } from '../script-url.js';
import { BUILTIN_OPTIONS, isBuiltinOption, type BuiltinOptionId } from './contextual-options.js';
import { fileHref, isExternal, resolveHref } from './href.js';

/** docs.json `contextual` (or a page's override), read tolerantly: the options as written and where the menu sits. */
export interface ContextualSetting {
  readonly options: readonly unknown[];
  readonly display: 'header' | 'toc';
}

/** A docs.json `contextual` value (already validated by the schema), or undefined when absent. */
export function readContextualSetting(value: unknown): ContextualSetting | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { options, display } = value as { options?: unknown; display?: unknown };
  if (!Array.isArray(options)) return undefined;
  return { options, display: display === 'toc' ? 'toc' : 'header' };
}

/**
 * A page's frontmatter `contextual`: absent (`{}`), a valid override (`setting`, replacing
 * docs.json's, `options: []` turning the menu off), or invalid (`problem`, and docs.json's
 * applies: Mintlify's documented fallback). Validated by docs.json's own schema.
 */
export function pageContextual(frontmatter: Readonly<Record<string, unknown>> | undefined): { readonly setting?: ContextualSetting; readonly problem?: string } {
  const value = frontmatter?.['contextual'];
  if (value === undefined) return {};
  const parsed = contextualSchema.safeParse(value);
  if (parsed.success) return { setting: readContextualSetting(parsed.data) as ContextualSetting };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at \`${issue.path.join('.')}\`` : '';
  return { problem: `${issue?.message ?? 'invalid value'}${where}` };
}

/** The setting a page shows: its valid override, else docs.json's (undefined: no menu). */
export function effectiveContextual(global: unknown, frontmatter: Readonly<Record<string, unknown>> | undefined): ContextualSetting | undefined {
  return pageContextual(frontmatter).setting ?? readContextualSetting(global);
}

/** Whether some page of the site may show the menu: docs.json's options, or a page's own (its script and styles are then written). */
export function siteHasContextualMenu(global: unknown, frontmatters: readonly Readonly<Record<string, unknown>>[]): boolean {
  const some = (setting: ContextualSetting | undefined) => (setting?.options.length ?? 0) > 0;
  return some(readContextualSetting(global)) || frontmatters.some((fm) => some(pageContextual(fm).setting));
}

export type ItemIcon = { readonly file: IconFile } | { readonly custom: string };

/** What a menu entry does in the page; links carry a static `href` and, when it depends on the page, a template. */
export type ItemAction =
  | { readonly kind: 'copy-page' }
  /** Copies `text`; `copied` says what was copied and what to do with it (both with `$mcp`). */
  | { readonly kind: 'copy-text'; readonly text: string; readonly copied: string; readonly vars: readonly ContextualVar[] }
  | { readonly kind: 'assistant' }
  | { readonly kind: 'print' }
  | {
      readonly kind: 'link';
      /** Relative to the page or absolute; absent: an inert link (a `javascript:` href). */
      readonly href?: string;
      readonly template?: ContextualHref;
      readonly newTab: boolean;
      readonly download?: boolean;
    };

export interface MenuItem {
  /** The built-in option, or `custom`. */
  readonly id: BuiltinOptionId | 'custom';
  readonly title: string;
  readonly description: string;
  readonly icon?: ItemIcon;
  /** Leads to another site or app (the ↗ mark). */
  readonly external: boolean;
  readonly action: ItemAction;
}

/** An option the menu leaves out, and why (info diagnostics name them). */
export interface LeftOutOption {
  /** The option's identifier, or a custom option's title. */
  readonly option: string;
  readonly index: number;
  readonly reason: 'offline' | 'no-assistant' | 'unsupported';
  readonly why?: string;
}

export interface MenuPage {
  /** Relative prefix from the page's folder to the site root. */
  readonly base: string;
  /** How the site links its pages (`LayoutInput.urlStyle`). */
  readonly urlStyle: UrlStyle;
  readonly route: string;
  /** The OpenAPI document of an API page (project file or URL): `download-spec` downloads it. */
  readonly document?: string;
}

export interface MenuSite {
  readonly name: string;
  /** Pages may reach the network (not air-gapped). */
  readonly network: boolean;
  /** The pages have the Ask AI panel. */
  readonly assistant: boolean;
  /** Project files copied into the site (an API page's document is downloadable when copied). */
  readonly files: ReadonlySet<string>;
}

/** The menu of one page: its entries in the order written, and the options left out. */
export interface MenuPlan {
  readonly display: 'header' | 'toc';
  readonly items: readonly MenuItem[];
  readonly leftOut: readonly LeftOutOption[];
}

const CUSTOM_VARS: readonly ContextualVar[] = ['page', 'mcp'];

/** Percent-encoded `key=value` pairs. */
export function queryString(query: readonly { readonly key: string; readonly value: string }[]): string {
  return query.map((q) => `${encodeURIComponent(q.key)}=${encodeURIComponent(q.value)}`).join('&');
}

/** `$path`, the page's route (`/guides/intro`): raw in query values, percent-encoded by segment in a URL written whole. */
function withPath(text: string, route: string, encoded: boolean): string {
  const path = `/${trimChars(route, '/')}`;
  return text.replace(/\$path/g, () => (encoded ? `/${routeUrlPath(trimChars(route, '/'))}` : path));
}

function varsIn(texts: readonly string[]): ContextualVar[] {
  return CUSTOM_VARS.filter((v) => texts.some((t) => t.includes(`$${v}`)));
}

interface CustomOption {
  readonly title: string;
  readonly description: string;
  readonly icon?: string;
  readonly href: string | { readonly base: string; readonly query?: readonly ContextualQuery[] };
}

function readCustom(value: unknown): CustomOption | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const href = v['href'];
  const icon = typeof v['icon'] === 'string' ? v['icon'] : typeof v['icon'] === 'object' && v['icon'] !== null ? (v['icon'] as { name?: unknown }).name : undefined;
  if (typeof v['title'] !== 'string') return undefined;
  const common = { title: v['title'], description: typeof v['description'] === 'string' ? v['description'] : '', ...(typeof icon === 'string' && icon.trim() ? { icon } : {}) };
  if (typeof href === 'string') return { ...common, href };
  if (typeof href === 'object' && href !== null && typeof (href as { base?: unknown }).base === 'string') {
    const query = Array.isArray((href as { query?: unknown }).query) ? ((href as { query: unknown[] }).query.filter((q) => typeof q === 'object' && q !== null) as ContextualQuery[]) : [];
    return { ...common, href: { base: (href as { base: string }).base, query: query.map((q) => ({ key: String(q.key), value: String(q.value) })) } };
  }
  return undefined;
}

/** A custom option's entry: `$path` filled in now, `$page` and `$mcp` by the browser. */
function customItem(option: CustomOption, page: MenuPage): MenuItem {
  const base = typeof option.href === 'string' ? option.href : option.href.base;
  const external = isExternal(base.trim());
  const newTab = /^(https?:)?\/\//i.test(base.trim());
  const common = { id: 'custom' as const, title: option.title, description: option.description, ...(option.icon ? { icon: { custom: option.icon } } : {}), external };
  if (isScriptUrl(base)) return { ...common, external: false, action: { kind: 'link', newTab: false } };
  if (typeof option.href === 'string') {
    const text = withPath(option.href, page.route, true);
    const href = resolveHref(page.base, text, page.urlStyle) ?? '';
    const vars = varsIn([text]);
    if (vars.length === 0) return { ...common, action: { kind: 'link', href, newTab } };
    const plain = href.replace(/\$(page|mcp)/g, '');
    return { ...common, action: { kind: 'link', href: plain, template: { kind: 'text', text: href, vars }, newTab } };
  }
  const resolved = resolveHref(page.base, option.href.base, page.urlStyle) ?? '';
  const query = (option.href.query ?? []).map((q) => ({ key: q.key, value: withPath(q.value, page.route, false) }));
  const vars = varsIn(query.map((q) => q.value));
  if (vars.length === 0) {
    const qs = queryString(query);
    const href = qs ? `${resolved}${resolved.includes('?') ? '&' : '?'}${qs}` : resolved;
    return { ...common, action: { kind: 'link', href, newTab } };
  }
  return { ...common, action: { kind: 'link', href: resolved, template: { kind: 'url', base: resolved, query, vars }, newTab } };
}

/** The `.md` copy of a page, relative to the page (emit writes `route.md`, `index.md` for `/`). */
export function markdownHref(base: string, route: string): string {
  const path = trimChars(route, '/');
  return path ? `${base}${routeUrlPath(path)}.md` : `${base}index.md`;
}

/**
 * The menu of a page for `setting`: each option in the order written (the first is the header's
 * button), built-ins as `BUILTIN_OPTIONS` describe them, custom options with their `$path` filled
 * in. Left out, and listed: options needing the network in an air-gapped build, `assistant`
 * without the Ask AI panel, and those Sheaf cannot offer. `download-spec` shows only on API
 * pages whose document the site holds (or links, with the network). Pure.
 */
export function planContextualMenu(setting: ContextualSetting, page: MenuPage, site: MenuSite): MenuPlan {
  const items: MenuItem[] = [];
  const leftOut: LeftOutOption[] = [];
  setting.options.forEach((value, index) => {
    if (typeof value !== 'string') {
      const custom = readCustom(value);
      if (!custom) return;
      const item = customItem(custom, page);
      if (item.external && !site.network) leftOut.push({ option: custom.title, index, reason: 'offline' });
      else items.push(item);
      return;
    }
    if (!isBuiltinOption(value)) return;
    const option = BUILTIN_OPTIONS[value];
    const common = { id: value, title: option.title, description: option.description, icon: { file: option.icon } };
    const { action } = option;
    if (action.kind === 'unsupported') return void leftOut.push({ option: value, index, reason: 'unsupported', why: action.why });
    if (option.network && !site.network) return void leftOut.push({ option: value, index, reason: 'offline' });
    switch (action.kind) {
      case 'copy-page':
      case 'print':
        items.push({ ...common, external: false, action: { kind: action.kind } });
        return;
      case 'copy-text':
        items.push({ ...common, external: false, action: { kind: 'copy-text', text: action.text, copied: action.copied, vars: ['mcp'] } });
        return;
      case 'assistant':
        if (!site.assistant) return void leftOut.push({ option: value, index, reason: 'no-assistant' });
        items.push({ ...common, external: false, action: { kind: 'assistant' } });
        return;
      case 'view':
        items.push({ ...common, external: false, action: { kind: 'link', href: markdownHref(page.base, page.route), newTab: true } });
        return;
      case 'download-spec': {
        const doc = page.document;
        if (doc === undefined) return;
        if (isExternal(doc)) {
          if (site.network) items.push({ ...common, external: true, action: { kind: 'link', href: doc, newTab: true } });
        } else if (site.files.has(doc)) items.push({ ...common, external: false, action: { kind: 'link', href: fileHref(page.base, doc), newTab: false, download: true } });
        return;
      }
      case 'link': {
        const template = action.href(site);
        const href = template.kind === 'url' ? template.base : template.text.slice(0, template.text.indexOf('?'));
        // Web pages open in a new tab; an app's link (`cursor:`, `vscode:`, `windsurf:`) leaves the page as it is.
        items.push({ ...common, external: true, action: { kind: 'link', href, template, newTab: /^https?:/i.test(href) } });
        return;
      }
    }
  });
  return { display: setting.display, items, leftOut };
}
