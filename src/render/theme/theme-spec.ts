import type { themes } from '../../config/schema/docs-config.js';

/**
 * What tells Mintlify's nine themes apart, as data (issue 20; /work/notes/issue20-design.md is the
 * design, `../shared/reference/themes/` the pictures). The layout reads slots and marks from a
 * spec; the stylesheet reads its values as CSS variables (`themeStyle`) and its variants as
 * attributes on `<html>`. Colours stay docs.json's: a theme decides only where they go.
 */

export type ThemeName = (typeof themes)[number];

/** How the active sidebar item is marked. */
export type ItemMark = 'tint' | 'rail-bar' | 'edge-bar' | 'prefix' | 'text';

/** Surface colours of one mode (CSS colours). */
export interface Surfaces {
  readonly page: string;
  readonly header: string;
  readonly sidebar: string;
  readonly panel: string;
  readonly card: string;
  readonly control: string;
}

export interface ThemeSpec {
  readonly name: ThemeName;
  /** `seen` in Mintlify's preview pictures, or `inferred` from its docs and its users' sources (luma, sequoia). */
  readonly evidence: 'seen' | 'inferred';
  readonly header: {
    /** `full`: a bar across the page; `beside`: a bar right of a full-height sidebar (willow); `strip`: a strip over the content column only (maple). */
    readonly layout: 'full' | 'beside' | 'strip';
    /** Height of the bar (CSS length). */
    readonly bar: string;
    /** Height of a separate tab row; null when the tabs sit in the bar or the strip. */
    readonly tabRow: string | null;
    readonly surface: 'page' | 'tinted' | 'ground';
    /** A 1px rule under it. */
    readonly rule: boolean;
  };
  readonly slots: {
    readonly logo: 'header' | 'sidebar';
    readonly search: 'header-center' | 'header-end' | 'header-icon' | 'sidebar';
    readonly tabs: 'row' | 'bar-start' | 'bar-end' | 'strip';
    readonly links: 'header-end' | 'strip-end';
    readonly toggle: 'header-icon' | 'sidebar-segmented' | 'sidebar-bottom';
    readonly switchers: 'sidebar-top' | 'header-after-logo';
    readonly languages: 'sidebar-top' | 'floating';
  };
  readonly searchBox: { readonly shape: 'rounded' | 'pill' | 'icon'; readonly fill: 'page' | 'surface'; readonly border: boolean; readonly width: string; readonly label?: string };
  readonly primaryButton: 'pill' | 'rounded' | 'text' | 'outlined-offset' | 'neutral-pill';
  /** Mintlify's `data-component-name` on the navbar's primary button, where the theme documents one (sequoia). */
  readonly primaryComponent?: string;
  readonly secondaryLinks: 'text' | 'outlined' | 'grey-pill';
  readonly sidebar: {
    readonly width: string;
    readonly framing: 'none' | 'rule' | 'tinted' | 'ground';
    readonly fullHeight: boolean;
    readonly collapseButton: boolean;
    readonly anchorTiles: boolean;
    readonly groupDividers: boolean;
    readonly guideRail: boolean;
    readonly itemChevron: boolean;
  };
  readonly groupHeading: { readonly transform: 'none' | 'uppercase'; readonly size: string; readonly weight: number; readonly color: 'heading' | 'muted' };
  readonly itemMark: ItemMark;
  /** Colour of sidebar items at rest: muted (most themes) or the heading colour (aspen). */
  readonly itemText: 'muted' | 'heading';
  readonly toc: { readonly title: 'uppercase' | 'plain'; readonly rail: boolean; readonly mark: 'bar-heading' | 'bar-accent' | 'text-accent' | 'prefix-accent' };
  readonly fonts: { readonly body: 'sans' | 'mono'; readonly heading: 'sans' | 'mono' };
  /** Corner radii (CSS lengths): controls (search box, inputs), cards, content images, buttons. */
  readonly radius: { readonly control: string; readonly card: string; readonly image: string; readonly button: string };
  readonly image: 'plain' | 'square' | 'hard-shadow';
  readonly links: 'underline' | 'highlight';
  /** Content and table of contents in one bordered panel on a tinted ground (almond). */
  readonly contentPanel: boolean;
  /** Largest width of the text column (CSS length). */
  readonly contentWidth: string;
  /** Percent of the accent colour in tinted marks (active item background). */
  readonly tint: number;
  readonly surfaces: { readonly light: Surfaces; readonly dark: Surfaces };
  /** Scroll margin of headings on wide screens (CSS length). */
  readonly scrollMargin: string;
}
