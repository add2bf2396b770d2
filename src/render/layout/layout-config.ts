import type { DocsConfig } from '../../config/loaded-config.js';
import type { ThemeName } from '../theme/theme-spec.js';
import { themeSpec } from '../theme/theme-specs.js';

/** A light and a dark variant of an image or colour. */
export interface LightDark {
  readonly light: string;
  readonly dark: string;
}

export interface NavbarLink {
  /** Absent when docs.json gives none (blank counts as none): the link shows only an icon. */
  readonly label?: string;
  readonly href: string;
  readonly icon?: string;
  /** `github` or `discord` links show that brand's icon. */
  readonly brand?: 'github' | 'discord';
}

export interface FooterColumn {
  readonly header?: string;
  readonly items: readonly { readonly label: string; readonly href: string }[];
}

export interface FontFace {
  readonly family: string;
  readonly weight?: number;
  readonly source?: string;
  readonly format?: 'woff' | 'woff2';
}

/** The parts of docs.json the layout shows, with defaults applied. */
export interface LayoutConfig {
  readonly name: string;
  readonly description?: string;
  readonly logo?: LightDark & { readonly href?: string };
  readonly favicon?: LightDark;
  /** Hex colours; `light` and `dark` default to `primary`. */
  readonly colors: { readonly primary: string; readonly light: string; readonly dark: string };
  readonly background?: { readonly light?: string; readonly dark?: string };
  /** docs.json `background.decoration`: the pattern drawn behind the page (background-layer.tsx). */
  readonly decoration?: 'gradient' | 'grid' | 'windows';
  /** docs.json `background.image`: a project path or URL per mode, as written. */
  readonly backgroundImage?: LightDark;
  /** docs.json `interaction.drilldown`: clicking a closed group opens its first page. Mint's default: false. */
  readonly drilldown: boolean;
  readonly appearance: { readonly default: 'system' | 'light' | 'dark'; readonly strict: boolean };
  /** docs.json `theme` (one of Mintlify's nine; mint for anything else): `sheaf-theme-NAME` on `<html>`. */
  readonly theme: ThemeName;
  readonly navbarLinks: readonly NavbarLink[];
  readonly navbarPrimary?: NavbarLink;
  readonly socials: readonly (readonly [platform: string, url: string])[];
  readonly footerColumns: readonly FooterColumn[];
  readonly banner?: {
    readonly content: string;
    readonly dismissible: boolean;
    readonly type: 'info' | 'warning' | 'critical';
    /** docs.json `banner.color`: hex background per mode; overrides `type`'s colours. */
    readonly color?: LightDark;
  };
  readonly fonts: { readonly heading?: FontFace; readonly body?: FontFace };
  readonly searchPrompt?: string;
  readonly notFound: { readonly title: string; readonly description: string };
  /** `section`: the innermost group above the title; `breadcrumbs`: every group. */
  readonly eyebrows: 'section' | 'breadcrumbs';
  readonly metatags: readonly (readonly [name: string, content: string])[];
}

/** Mintlify's default primary colour, used when docs.json has none that is valid. */
const DEFAULT_PRIMARY = '#0D9373';
const HEX = /^#(?:[\da-f]{3}|[\da-f]{6})$/i;

// The schema already checked the colour syntax; `hex` checks again because colours go into a
// `<style>` element unescaped. `text` drops blank strings, which the schema lets through.
const hex = (v: string | undefined): string | undefined => (v !== undefined && HEX.test(v) ? v : undefined);
const text = (v: string | undefined): string | undefined => (v?.trim() ? v : undefined);

function lightDark(v: string | LightDark | undefined): LightDark | undefined {
  if (typeof v === 'string') return text(v) ? { light: v, dark: v } : undefined;
  return v && text(v.light) && text(v.dark) ? { light: v.light, dark: v.dark } : undefined;
}

/**
 * `banner.color` read tolerantly: one hex colour for both modes, or `{light, dark}` (either one
 * alone serves both modes). Invalid colours are ignored.
 */
function bannerColor(v: unknown): LightDark | undefined {
  if (typeof v === 'string') return hex(v) ? { light: v, dark: v } : undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  const pair = v as { readonly light?: unknown; readonly dark?: unknown };
  const light = typeof pair.light === 'string' ? hex(pair.light) : undefined;
  const dark = typeof pair.dark === 'string' ? hex(pair.dark) : undefined;
  const either = light ?? dark;
  return either ? { light: light ?? either, dark: dark ?? either } : undefined;
}

type Navbar = NonNullable<DocsConfig['navbar']>;

function navbarLink(link: NonNullable<Navbar['links']>[number] | NonNullable<Navbar['primary']>): NavbarLink {
  const brand = link.type === 'github' || link.type === 'discord' ? link.type : undefined;
  const label = text(link.label) ?? (brand === 'github' ? 'GitHub' : brand === 'discord' ? 'Discord' : undefined);
  const named = 'icon' in link ? link.icon : undefined;
  const icon = typeof named === 'string' ? named : named?.name;
  return { ...(label ? { label } : {}), href: link.href, ...(icon ? { icon } : {}), ...(brand ? { brand } : {}) };
}

/** docs.json `fonts`, by role: one font for both (the same object), or `heading` and `body` apart. */
export function layoutFonts(value: DocsConfig['fonts']): LayoutConfig['fonts'] {
  if (!value) return {};
  if ('family' in value) return { heading: value, body: value };
  return { ...(value.heading ? { heading: value.heading } : {}), ...(value.body ? { body: value.body } : {}) };
}

/** Reads the layout's view of the validated configuration; unknown or invalid values fall back to defaults. */
export function readLayoutConfig(c: DocsConfig): LayoutConfig {
  const primary = hex(c.colors.primary) ?? DEFAULT_PRIMARY;
  const logo = c.logo ? lightDark(c.logo) : undefined;
  const logoHref = typeof c.logo === 'object' ? text(c.logo.href) : undefined;
  const favicon = lightDark(c.favicon);
  const bg = { light: hex(c.background?.color?.light), dark: hex(c.background?.color?.dark) };
  const banner = c.banner;
  const bannerColors = bannerColor(banner?.color);
  const decoration = c.background?.decoration;
  const backgroundImage = lightDark(c.background?.image);
  const errors = c.errors?.['404'];
  return {
    name: text(c.name) ?? 'Documentation',
    ...(text(c.description) ? { description: c.description } : {}),
    ...(logo ? { logo: { ...logo, ...(logoHref ? { href: logoHref } : {}) } } : {}),
    ...(favicon ? { favicon } : {}),
    colors: { primary, light: hex(c.colors.light) ?? primary, dark: hex(c.colors.dark) ?? primary },
    ...(bg.light || bg.dark ? { background: { ...(bg.light ? { light: bg.light } : {}), ...(bg.dark ? { dark: bg.dark } : {}) } } : {}),
    ...(decoration === 'gradient' || decoration === 'grid' || decoration === 'windows' ? { decoration } : {}),
    ...(backgroundImage ? { backgroundImage } : {}),
    drilldown: c.interaction?.drilldown === true,
    appearance: { default: c.appearance?.default ?? 'system', strict: c.appearance?.strict === true },
    theme: themeSpec(c.theme).name,
    navbarLinks: (c.navbar?.links ?? []).map(navbarLink),
    ...(c.navbar?.primary ? { navbarPrimary: navbarLink(c.navbar.primary) } : {}),
    socials: Object.entries(c.footer?.socials ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, v] as const])),
    footerColumns: c.footer?.links ?? [],
    ...(banner && text(banner.content)
      ? { banner: { content: banner.content, dismissible: banner.dismissible === true, type: banner.type ?? 'info', ...(bannerColors ? { color: bannerColors } : {}) } }
      : {}),
    fonts: layoutFonts(c.fonts),
    ...(text(c.search?.prompt) ? { searchPrompt: c.search?.prompt } : {}),
    notFound: {
      title: text(errors?.title) ?? 'Page not found',
      description: text(errors?.description) ?? 'The page you are looking for does not exist or has moved.',
    },
    eyebrows: c.styling?.eyebrows ?? 'section',
    metatags: Object.entries(c.seo?.metatags ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}
