/*
 * Which navigation element may hold which: the one table the schema, the cross-field checks and
 * the tree walkers share.
 */

/** The kinds of elements in a navigation tree. `navigation` is the root object. */
export type NavigationKind = 'navigation' | 'tab' | 'anchor' | 'dropdown' | 'version' | 'language' | 'product' | 'menuItem' | 'group';

/** The key naming each kind of child, and the kind of element its array holds. */
export const childKinds = {
  languages: 'language',
  versions: 'version',
  tabs: 'tab',
  dropdowns: 'dropdown',
  anchors: 'anchor',
  products: 'product',
  menu: 'menuItem',
  groups: 'group',
  pages: 'group',
} as const satisfies Record<string, NavigationKind>;

export type ChildKey = keyof typeof childKinds;

/** The child keys each kind of element accepts (docs.json schema). A group holds only `pages`. */
export const allowedChildren = {
  navigation: ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'],
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  menuItem: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
  group: ['pages'],
} as const satisfies Record<NavigationKind, readonly ChildKey[]>;
