import type { Surfaces, ThemeName, ThemeSpec } from './theme-spec.js';

/**
 * The nine themes, from Mintlify's preview pictures (`../shared/reference/themes/`, light and dark,
 * read at 1280 CSS px) and, for luma and sequoia (no picture), from Mintlify's docs, its demo
 * sites' docs.json and what its luma users' own CSS expects (design: /work/notes/issue20-design.md
 * §2). Lengths were read off the pictures and may be tuned by ±1rem; colours are samples.
 */

/** Zinc surfaces, the ground of every seen theme (the dark page is base.css's `--sheaf-bg`, ≈ the pictures' `#09090b`). */
const ZINC_LIGHT: Surfaces = { page: '#ffffff', header: '#ffffff', sidebar: '#ffffff', panel: '#ffffff', card: '#ffffff', control: '#f4f4f5' };
const ZINC_DARK: Surfaces = { page: '#0c0d0f', header: '#0c0d0f', sidebar: '#0c0d0f', panel: '#0c0d0f', card: '#0c0d0f', control: '#18181b' };
const ZINC = { light: ZINC_LIGHT, dark: ZINC_DARK } as const;

const SANS = { body: 'sans', heading: 'sans' } as const;

const SIDEBAR: ThemeSpec['sidebar'] = { width: '18rem', framing: 'none', fullHeight: false, collapseButton: false, anchorTiles: true, groupDividers: false, guideRail: false, itemChevron: false };

const HEADER_SLOTS: ThemeSpec['slots'] = { logo: 'header', search: 'header-center', tabs: 'row', links: 'header-end', toggle: 'header-icon', switchers: 'sidebar-top', languages: 'sidebar-top' };

const HEADING: ThemeSpec['groupHeading'] = { transform: 'none', size: '0.8125rem', weight: 600, color: 'heading' };

const mint: ThemeSpec = {
  name: 'mint',
  evidence: 'seen',
  header: { layout: 'full', bar: '4rem', tabRow: '3rem', surface: 'page', rule: true },
  slots: HEADER_SLOTS,
  searchBox: { shape: 'rounded', fill: 'page', border: true, width: '26rem' },
  primaryButton: 'pill',
  secondaryLinks: 'text',
  sidebar: SIDEBAR,
  groupHeading: HEADING,
  itemMark: 'tint',
  itemText: 'muted',
  toc: { title: 'uppercase', rail: true, mark: 'bar-heading' },
  fonts: SANS,
  radius: { control: '0.5rem', card: '0.625rem', image: '0.625rem', button: '999px' },
  image: 'plain',
  links: 'underline',
  contentPanel: false,
  contentWidth: '46rem',
  tint: 10,
  surfaces: ZINC,
  scrollMargin: '9.5rem',
};

const maple: ThemeSpec = {
  ...mint,
  name: 'maple',
  header: { layout: 'strip', bar: '3rem', tabRow: null, surface: 'page', rule: false },
  slots: { logo: 'sidebar', search: 'sidebar', tabs: 'strip', links: 'strip-end', toggle: 'sidebar-segmented', switchers: 'sidebar-top', languages: 'sidebar-top' },
  searchBox: { shape: 'rounded', fill: 'surface', border: true, width: '100%' },
  primaryButton: 'rounded',
  sidebar: { ...SIDEBAR, width: '19rem', framing: 'rule', fullHeight: true, guideRail: true },
  itemMark: 'rail-bar',
  toc: { title: 'uppercase', rail: true, mark: 'bar-accent' },
};

const palm: ThemeSpec = {
  ...mint,
  name: 'palm',
  header: { layout: 'full', bar: '4rem', tabRow: '3rem', surface: 'tinted', rule: true },
  slots: { ...HEADER_SLOTS, toggle: 'sidebar-bottom', languages: 'floating' },
  searchBox: { shape: 'rounded', fill: 'page', border: false, width: '26rem' },
  primaryButton: 'text',
  sidebar: { ...SIDEBAR, width: '20rem', framing: 'rule', collapseButton: true, anchorTiles: false },
  itemMark: 'text',
  toc: { title: 'uppercase', rail: false, mark: 'text-accent' },
  surfaces: { light: { ...ZINC_LIGHT, header: '#f3f3f4' }, dark: { ...ZINC_DARK, header: '#111114' } },
};

const willow: ThemeSpec = {
  ...mint,
  name: 'willow',
  header: { layout: 'beside', bar: '3.5rem', tabRow: null, surface: 'page', rule: true },
  slots: { logo: 'sidebar', search: 'header-end', tabs: 'bar-start', links: 'header-end', toggle: 'header-icon', switchers: 'sidebar-top', languages: 'sidebar-top' },
  searchBox: { shape: 'rounded', fill: 'surface', border: false, width: '24rem' },
  sidebar: { ...SIDEBAR, width: '19rem', framing: 'tinted', fullHeight: true, anchorTiles: false },
  itemMark: 'edge-bar',
  toc: { title: 'uppercase', rail: false, mark: 'text-accent' },
  radius: { control: '0.25rem', card: '0.5rem', image: '0', button: '0.375rem' },
  image: 'square',
  surfaces: { light: { ...ZINC_LIGHT, sidebar: '#f8f8f9' }, dark: { ...ZINC_DARK, sidebar: '#19191c' } },
};

const linden: ThemeSpec = {
  ...mint,
  name: 'linden',
  header: { layout: 'full', bar: '4rem', tabRow: null, surface: 'page', rule: true },
  slots: { ...HEADER_SLOTS, search: 'header-icon', tabs: 'bar-end' },
  searchBox: { shape: 'icon', fill: 'page', border: false, width: '2.25rem' },
  primaryButton: 'outlined-offset',
  sidebar: { ...SIDEBAR, anchorTiles: false },
  itemMark: 'prefix',
  toc: { title: 'uppercase', rail: false, mark: 'prefix-accent' },
  fonts: { body: 'mono', heading: 'mono' },
  radius: { control: '0.125rem', card: '0.125rem', image: '0', button: '0.125rem' },
  image: 'hard-shadow',
  links: 'highlight',
  surfaces: { light: ZINC_LIGHT, dark: { ...ZINC_DARK, page: '#080808', header: '#080808', sidebar: '#080808', panel: '#080808', card: '#080808' } },
};

const almond: ThemeSpec = {
  ...mint,
  name: 'almond',
  header: { layout: 'full', bar: '3.5rem', tabRow: null, surface: 'ground', rule: false },
  slots: { ...HEADER_SLOTS, search: 'sidebar', tabs: 'bar-end' },
  searchBox: { shape: 'rounded', fill: 'page', border: true, width: '100%' },
  primaryButton: 'rounded',
  secondaryLinks: 'outlined',
  sidebar: { ...SIDEBAR, width: '16.5rem', framing: 'ground' },
  radius: { control: '0.625rem', card: '0.75rem', image: '1rem', button: '0.5rem' },
  contentPanel: true,
  contentWidth: '36rem',
  surfaces: {
    light: { ...ZINC_LIGHT, page: '#f5f5f6', header: '#f5f5f6', sidebar: '#f5f5f6', panel: '#ffffff', card: '#f6f6f7' },
    dark: { ...ZINC_DARK, page: '#111114', header: '#111114', sidebar: '#111114', panel: '#09090c', card: '#1d1d21' },
  },
  scrollMargin: '2.5rem',
};

const aspen: ThemeSpec = {
  ...mint,
  name: 'aspen',
  header: { layout: 'full', bar: '3.5rem', tabRow: '2.5rem', surface: 'page', rule: true },
  slots: { ...HEADER_SLOTS, switchers: 'header-after-logo' },
  searchBox: { shape: 'pill', fill: 'surface', border: false, width: '32rem', label: 'Search or ask...' },
  primaryButton: 'neutral-pill',
  secondaryLinks: 'grey-pill',
  sidebar: { ...SIDEBAR, framing: 'rule', anchorTiles: false, groupDividers: true, itemChevron: true },
  groupHeading: { transform: 'uppercase', size: '0.75rem', weight: 500, color: 'muted' },
  itemMark: 'text',
  itemText: 'heading',
  radius: { control: '999px', card: '1rem', image: '1rem', button: '999px' },
};

/** Inferred: aspen's skeleton, quietened (a 3rem bar, a 3rem tab row, tinted active item). */
const luma: ThemeSpec = {
  ...aspen,
  name: 'luma',
  evidence: 'inferred',
  header: { layout: 'full', bar: '3rem', tabRow: '3rem', surface: 'page', rule: true },
  slots: HEADER_SLOTS,
  searchBox: { shape: 'rounded', fill: 'surface', border: false, width: '26rem' },
  primaryButton: 'rounded',
  secondaryLinks: 'text',
  sidebar: { ...aspen.sidebar, groupDividers: false, itemChevron: false },
  groupHeading: HEADING,
  itemMark: 'tint',
  itemText: 'muted',
  toc: { title: 'plain', rail: true, mark: 'bar-accent' },
  radius: { control: '0.5rem', card: '0.75rem', image: '0.75rem', button: '0.5rem' },
  scrollMargin: '6rem',
};

/** Inferred: mint's structure with a 3rem bar and tab row, muted small group headings, a wider column. */
const sequoia: ThemeSpec = {
  ...mint,
  name: 'sequoia',
  evidence: 'inferred',
  primaryComponent: 'primary-header-button',
  header: { layout: 'full', bar: '3rem', tabRow: '3rem', surface: 'page', rule: true },
  sidebar: { ...SIDEBAR, framing: 'rule', anchorTiles: false },
  groupHeading: { transform: 'none', size: '0.75rem', weight: 600, color: 'muted' },
  toc: { title: 'plain', rail: true, mark: 'bar-accent' },
  contentWidth: '48rem',
  scrollMargin: '8.5rem',
};

export const THEME_SPECS: Readonly<Record<ThemeName, ThemeSpec>> = { mint, maple, palm, willow, linden, almond, aspen, luma, sequoia };

/** The spec of a docs.json `theme`; mint for a value that is none of the nine. */
export function themeSpec(theme: unknown): ThemeSpec {
  return typeof theme === 'string' && Object.hasOwn(THEME_SPECS, theme) ? THEME_SPECS[theme as ThemeName] : mint;
}
