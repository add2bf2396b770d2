import type { Surfaces, ThemeSpec } from './theme-spec.js';
import { THEME_SPECS } from './theme-specs.js';

/**
 * A theme's values as CSS variables (inlined first in the brand `<style>`, so docs.json `fonts`
 * and `background` set after them win) and its variants as attributes on `<html>` (themes.css
 * reads them). The stylesheets' defaults are mint's values, so mint writes no variable: a theme
 * writes only what differs from mint.
 */

type Declarations = readonly (readonly [string, string])[];

const FONT = { sans: 'var(--sheaf-font-system)', mono: 'var(--sheaf-font-mono)' } as const;
const GROUP_COLOR = { heading: 'var(--sheaf-heading)', muted: 'var(--sheaf-muted)' } as const;

/** The variables of a theme for light mode (`:root`). */
function rootDeclarations(spec: ThemeSpec): Declarations {
  const { header, radius, groupHeading, sidebar, searchBox } = spec;
  return [
    ['--sheaf-header-h', header.bar],
    ['--sheaf-tabs-h', header.tabRow ?? '0px'],
    ['--sheaf-sidebar-w', sidebar.width],
    ['--sheaf-radius', radius.card],
    ['--sheaf-radius-md', radius.control],
    ['--sheaf-radius-sm', remOf(radius.control) < 0.375 ? radius.control : '0.375rem'],
    ['--sheaf-radius-pill', radius.button],
    ['--sheaf-radius-image', radius.image],
    ['--sheaf-search-radius', searchBox.shape === 'pill' ? '999px' : radius.control],
    ['--sheaf-search-w', searchBox.width],
    ['--sheaf-search-border', searchBox.border ? 'var(--sheaf-border)' : 'transparent'],
    ['--sheaf-header-border', header.rule ? 'var(--sheaf-border)' : 'transparent'],
    ['--sheaf-font-body', FONT[spec.fonts.body]],
    ['--sheaf-font-heading', spec.fonts.heading === spec.fonts.body ? 'var(--sheaf-font-body)' : FONT[spec.fonts.heading]],
    ['--sheaf-group-size', groupHeading.size],
    ['--sheaf-group-weight', String(groupHeading.weight)],
    ['--sheaf-group-color', GROUP_COLOR[groupHeading.color]],
    ['--sheaf-group-transform', groupHeading.transform],
    ['--sheaf-item-color', spec.itemText === 'heading' ? 'var(--sheaf-heading)' : 'var(--sheaf-muted)'],
    ['--sheaf-toc-transform', spec.toc.title === 'uppercase' ? 'uppercase' : 'none'],
    ['--sheaf-content-w', spec.contentWidth],
    ['--sheaf-tint', `${spec.tint}%`],
    ...surfaceDeclarations(spec, spec.surfaces.light),
  ];
}

/**
 * Surfaces of one mode. With a content panel (almond) the page colour is the ground around the
 * panel and `--sheaf-bg` the panel's: the colour content sits on stays `--sheaf-bg`.
 */
function surfaceDeclarations(spec: ThemeSpec, s: Surfaces): Declarations {
  return [
    ['--sheaf-bg', spec.contentPanel ? s.panel : s.page],
    ['--sheaf-ground', spec.contentPanel ? s.page : 'var(--sheaf-bg)'],
    ['--sheaf-header-bg', spec.header.surface === 'page' ? 'var(--sheaf-bg)' : s.header],
    ['--sheaf-sidebar-bg', s.sidebar === s.page ? 'transparent' : s.sidebar],
    ['--sheaf-control-bg', spec.searchBox.fill === 'surface' ? s.control : 'var(--sheaf-bg)'],
    // A card of its own colour (almond) has no border.
    ['--sheaf-card-bg', s.card === s.page ? 'var(--sheaf-c-bg)' : s.card],
    ['--sheaf-card-border', s.card === s.page ? 'var(--sheaf-c-border)' : 'transparent'],
  ];
}

const MINT_ROOT = new Map(rootDeclarations(THEME_SPECS.mint));
const MINT_DARK = new Map(surfaceDeclarations(THEME_SPECS.mint, THEME_SPECS.mint.surfaces.dark));

/** `:root{…}` and `html.dark{…}` with what differs from mint; empty for mint. */
export function themeStyle(spec: ThemeSpec): string {
  const root = rootDeclarations(spec).filter(([name, value]) => MINT_ROOT.get(name) !== value);
  const dark = surfaceDeclarations(spec, spec.surfaces.dark).filter(([name, value]) => MINT_DARK.get(name) !== value);
  const rules: string[] = [];
  if (root.length > 0) rules.push(`:root{${root.map(([n, v]) => `${n}:${v}`).join(';')}}`);
  if (dark.length > 0) rules.push(`html.dark{${dark.map(([n, v]) => `${n}:${v}`).join(';')}}`);
  return rules.join('\n');
}

/** The variants themes.css reads, as `<html>` attributes (every theme, mint included). */
export function themeAttributes(spec: ThemeSpec): Readonly<Record<string, string>> {
  const nav = [spec.sidebar.groupDividers ? 'dividers' : '', spec.sidebar.guideRail ? 'guide' : '', spec.sidebar.itemChevron ? 'chevrons' : '', spec.sidebar.anchorTiles ? 'tiles' : ''].filter(Boolean);
  return {
    'data-sheaf-header': spec.header.layout,
    'data-sheaf-search': spec.slots.search === 'sidebar' ? 'sidebar' : spec.slots.search === 'header-icon' ? 'icon' : spec.slots.search === 'header-end' ? 'end' : 'center',
    'data-sheaf-tabs': spec.header.tabRow === null ? 'inline' : 'row',
    'data-sheaf-primary': spec.primaryButton,
    'data-sheaf-links': spec.secondaryLinks,
    'data-sheaf-sidebar': spec.sidebar.framing,
    'data-sheaf-nav': nav.join(' '),
    'data-sheaf-mark': spec.itemMark,
    'data-sheaf-outline': `${spec.toc.mark}${spec.toc.rail ? ' rail' : ''}`,
    'data-sheaf-image': spec.image,
    'data-sheaf-link': spec.links,
  };
}

/** A length in rem (px / 16); lengths in other units count as large. */
function remOf(length: string): number {
  const m = /^([\d.]+)(rem|px)$/.exec(length);
  if (!m) return length === '0' ? 0 : Infinity;
  return m[2] === 'px' ? Number(m[1]) / 16 : Number(m[1]);
}
