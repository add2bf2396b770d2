/**
 * The validated shape of `navigation` (docs.json). Written out by hand because the navigation
 * schemas are mutually recursive; each schema is annotated with its type here, so the compiler
 * checks that both agree.
 */
import type { OpenApiSource } from './openapi-source.js';
import type { iconLibraries, iconStyles, languageCodes } from './primitives.js';

export type { OpenApiSource } from './openapi-source.js';

export type IconConfig = string | { name: string; style?: (typeof iconStyles)[number]; library?: (typeof iconLibraries)[number] };
export type ColorPair = { light?: string; dark?: string };
export type DirectoryMode = 'none' | 'accordion' | 'card';
export type LanguageCode = (typeof languageCodes)[number];

/** `openapi` after validation: its sources, normalised, in order (see `toOpenApiSources`). */
export type OpenApiSources = OpenApiSource[];
export type AsyncApiConfig = string | string[] | { source: string; directory?: string };
export type GraphqlConfig = string | { source: string; directory?: string };
export type SdkConfig = { format: 'typedoc' | 'docfx' | 'javadoc' | 'sphinx' | 'phpdoc'; source: string; directory?: string };

export type NavigationGroup = {
  group: string;
  public?: boolean;
  boost?: number;
  icon?: IconConfig;
  hidden?: boolean;
  searchable?: boolean;
  /** A page path, normalized like page entries. */
  root?: string;
  tag?: string;
  expanded?: boolean;
  directory?: DirectoryMode;
  openapi?: OpenApiSources;
  asyncapi?: AsyncApiConfig;
  sdk?: SdkConfig;
  pages?: PageEntry[];
};

/** A page path (normalized: no leading `/` or `./`), an operation reference, or a nested group. */
export type PageEntry = string | NavigationGroup;

/** Fields of every global link: a link (`href` required) that may be hidden. */
type GlobalLink = { hidden?: boolean; directory?: DirectoryMode; href: string };

/** Links shown on every page, whatever division is active. */
export type GlobalNavigation = {
  languages?: (GlobalLink & {
    language: LanguageCode;
    default?: boolean;
    banner?: Record<string, unknown>;
    footer?: Record<string, unknown>;
    navbar?: Record<string, unknown>;
  })[];
  versions?: (GlobalLink & { version: string; default?: boolean; tag?: string })[];
  tabs?: (GlobalLink & { tab: string; icon?: IconConfig; searchable?: boolean; align?: 'start' | 'end' })[];
  dropdowns?: (GlobalLink & { dropdown: string; icon?: IconConfig; color?: ColorPair; description?: string })[];
  anchors?: (GlobalLink & { anchor: string; icon?: IconConfig; color?: ColorPair })[];
  products?: (GlobalLink & { product: string; name?: string; icon?: IconConfig; color?: ColorPair; description?: string })[];
};

/**
 * The children an element may hold; at most one kind is set (checked after parsing). Every
 * element type (root, division, group) is assignable to it, so a reader can walk any of them.
 */
export type NavigationChildren = {
  href?: string;
  languages?: LanguageNode[];
  versions?: VersionNode[];
  tabs?: TabNode[];
  dropdowns?: DropdownNode[];
  anchors?: AnchorNode[];
  products?: ProductNode[];
  menu?: MenuItemNode[];
  groups?: NavigationGroup[];
  pages?: PageEntry[];
};

type DivisionCommon = {
  hidden?: boolean;
  directory?: DirectoryMode;
  openapi?: OpenApiSources;
  asyncapi?: AsyncApiConfig;
  global?: GlobalNavigation;
};

export type TabNode = DivisionCommon &
  Omit<NavigationChildren, 'tabs'> & {
    tab: string;
    icon?: IconConfig;
    searchable?: boolean;
    align?: 'start' | 'end';
    graphql?: GraphqlConfig;
    sdk?: SdkConfig;
  };
export type AnchorNode = DivisionCommon & Omit<NavigationChildren, 'anchors' | 'menu'> & { anchor: string; icon?: IconConfig; color?: ColorPair };
export type DropdownNode = DivisionCommon &
  Omit<NavigationChildren, 'dropdowns' | 'menu'> & { dropdown: string; icon?: IconConfig; color?: ColorPair; description?: string };
export type VersionNode = DivisionCommon & Omit<NavigationChildren, 'versions' | 'menu'> & { version: string; default?: boolean; tag?: string };
export type LanguageNode = DivisionCommon &
  Omit<NavigationChildren, 'languages' | 'menu'> & {
    language: LanguageCode;
    default?: boolean;
    banner?: Record<string, unknown>;
    footer?: Record<string, unknown>;
    navbar?: Record<string, unknown>;
  };
export type ProductNode = DivisionCommon &
  Omit<NavigationChildren, 'products'> & { product: string; name?: string; icon?: IconConfig; color?: ColorPair; description?: string };
export type MenuItemNode = DivisionCommon & Omit<NavigationChildren, 'menu'> & { item: string; icon?: IconConfig; description?: string };

/** The root of `navigation`: exactly one of the child kinds, plus optional `global` and `directory`. */
export type NavigationConfig = Omit<NavigationChildren, 'href' | 'menu'> & { global?: GlobalNavigation; directory?: DirectoryMode };
