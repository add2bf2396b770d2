import { renderToString as render } from '../render-to-string.js';
import type { NavFragmentEntries, NavFragmentGlobal } from '../../model/nav-fragments.js';
import type { NavGroupNode } from '../../model/site.js';
import { ComponentContext } from '../components/context.js';
import { isCollapsible, lazySections } from './large-sidebar.js';
import { iconLibraryOf } from './layout-context.js';
import type { TreeScope } from './nav-entry.js';
import { ItemList } from './nav-tree.js';
import type { LayoutInput } from './types.js';

export type NavFragmentsInput = Pick<LayoutInput, 'navigation' | 'pages' | 'config' | 'features'>;

/** The global the fragment scripts register on: `window.__SHEAF_NAV__[path][index]` (read by nav.js). */
const GLOBAL: NavFragmentGlobal = '__SHEAF_NAV__';

/**
 * The fragment files of large sidebars, one per top-level group (section) that some page shows
 * in large mode (see `LARGE_SIDEBAR_LINKS`), at the paths pages name in `data-sheaf-nav-fragment`.
 * Each is a script (scripts load from `file://`, `fetch` does not) registering the `<li>` items
 * of the section's list and of each group that may collapse under its index (`0`, `0.3`, `0.3.1`).
 * Links are root-relative data (`data-route`), made relative to the page by nav.js, so one file
 * serves every page. None for a site whose sidebars are all small. Sorted by path.
 */
export function renderNavFragments(input: NavFragmentsInput): { path: string; content: string }[] {
  const scope: TreeScope = { base: undefined, route: undefined, pages: input.pages, features: input.features, path: new Set(), memo: undefined };
  const settings = { iconLibrary: iconLibraryOf(input.config) };
  const files = lazySections(input.navigation).map(({ section, path }) => {
    const entries: Record<string, string> = {};
    const add = (group: NavGroupNode, index: string): void => {
      const items = <ItemList scope={scope} nodes={group.children} lazy={{ file: path, index }} />;
      entries[index] = render(<ComponentContext.Provider value={settings}>{items}</ComponentContext.Provider>);
      group.children.forEach((child, i) => {
        if (child.type === 'group' && !child.hidden && isCollapsible(child)) add(child, `${index}.${i}`);
      });
    };
    add(section, '0');
    // What the script stores at window.__SHEAF_NAV__[path], as nav.js reads it (model/nav-fragments.ts).
    const stored: NavFragmentEntries = entries;
    const content = `(window.${GLOBAL} = window.${GLOBAL} || {})[${JSON.stringify(path)}] = ${JSON.stringify(stored)};\n`;
    return { path, content };
  });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
