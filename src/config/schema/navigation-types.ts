/**
 * The validated shape of `navigation` (docs.json). Written out by hand because the navigation
 * schemas are mutually recursive; each schema is annotated with its type here, so the compiler
 * checks that both agree.
 */
import type { iconLibraries, iconStyles, languageCodes } from './primitives.js';

export type IconConfig = string | { name: string; style?: (typeof iconStyles)[number]; library?: (typeof iconLibraries)[number] };
export type ColorPair = { light?: string; dark?: string };
export type DirectoryMode = 'none' | 'accordion' | 'card';
export type LanguageCode = (typeof languageCodes)[number];

export type OpenApiSource = { source: string; directory?: string; overlays?: string[] };
/** A path or URL, an array of paths/URLs/sources, or one source object. */
export type OpenApiConfig = string | (string | OpenApiSource)[] | OpenApiSource;
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
  openapi?: OpenApiConfig;
  asyncapi?: AsyncApiConfig;
  sdk?: SdkConfig;
  pages?: PageEntry[];
};

/** A page path (normalized: no leading `/` or `./`), an operation reference, or a nested group. */
export type PageEntry = string | NavigationGroup;

/** Links shown on every page, whatever division is active. All require `href`. */
export type GlobalNavigation = {
  languages?: ({ language: LanguageCode; href: string; default?: boolean } & Record<string, unknown>)[];
  versions?: ({ version: string; href: string } & Record<string, unknown>)[];
  tabs?: ({ tab: string; href: string } & Record<string, unknown>)[];
  dropdowns?: ({ dropdown: string; href: string } & Record<string, unknown>)[];
  anchors?: ({ anchor: string; href: string } & Record<string, unknown>)[];
  products?: ({ product: string; href: string } & Record<string, unknown>)[];
};

/** The children a division may hold; at most one kind is set (checked after parsing). */
type Children = {
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
  openapi?: OpenApiConfig;
  asyncapi?: AsyncApiConfig;
  global?: GlobalNavigation;
};

export type TabNode = DivisionCommon &
  Omit<Children, 'tabs'> & {
    tab: string;
    icon?: IconConfig;
    searchable?: boolean;
    align?: 'start' | 'end';
    graphql?: GraphqlConfig;
    sdk?: SdkConfig;
  };
export type AnchorNode = DivisionCommon & Omit<Children, 'anchors' | 'menu'> & { anchor: string; icon?: IconConfig; color?: ColorPair };
export type DropdownNode = DivisionCommon &
  Omit<Children, 'dropdowns' | 'menu'> & { dropdown: string; icon?: IconConfig; color?: ColorPair; description?: string };
export type VersionNode = DivisionCommon & Omit<Children, 'versions' | 'menu'> & { version: string; default?: boolean; tag?: string };
export type LanguageNode = DivisionCommon &
  Omit<Children, 'languages' | 'menu'> & {
    language: LanguageCode;
    default?: boolean;
    banner?: Record<string, unknown>;
    footer?: Record<string, unknown>;
    navbar?: Record<string, unknown>;
  };
export type ProductNode = DivisionCommon &
  Omit<Children, 'products'> & { product: string; name?: string; icon?: IconConfig; color?: ColorPair; description?: string };
export type MenuItemNode = DivisionCommon & Omit<Children, 'menu'> & { item: string; icon?: IconConfig; description?: string };

/** The root of `navigation`: exactly one of the child kinds, plus optional `global` and `directory`. */
export type NavigationConfig = Omit<Children, 'href' | 'menu'> & { global?: GlobalNavigation; directory?: DirectoryMode };
