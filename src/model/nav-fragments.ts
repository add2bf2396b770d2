/**
 * Sidebar fragments of large sidebars: the render stage writes one script per top-level group
 * (src/render/layout/nav-fragments.tsx) that registers its entries on `window.__SHEAF_NAV__`;
 * the page's nav script (src/client/nav/sidebar-fragments.ts) reads them when a group opens.
 */

/** One fragment file's entries: group index (`0`, `0.3`, `0.3.1`) → the `<li>` markup of its list. */
export type NavFragmentEntries = Readonly<Record<string, string>>;

/** `window.__SHEAF_NAV__`: fragment path (as pages name it in `data-sheaf-nav-fragment`) → its entries. */
export type NavFragmentStore = Record<string, NavFragmentEntries | undefined>;

/** The global's name. */
export type NavFragmentGlobal = '__SHEAF_NAV__';
