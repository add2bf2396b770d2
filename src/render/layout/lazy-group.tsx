import type { JSX } from 'preact';
import { useContext } from 'preact/hooks';
import { renderToString as render } from '../render-to-string.js';
import type { NavGroupNode, NavPageNode } from '../../model/site.js';
import { ComponentContext } from '../components/context.js';
import { countLinks } from './large-sidebar.js';
import { memoHtml } from './layout-memo.js';
import { Chevron } from './nav-chevron.js';
import { GroupLabel, PageItem, type TreeScope } from './nav-entry.js';

/**
 * Large mode: groups off the active path are collapsed and their lists left out; `file` (relative
 * to the site root) holds those lists, each under the group's `index` (see `renderNavFragments`).
 * `index` is `0` for a top-level group, then the child positions below it: `0.3`, `0.3.1`.
 */
export interface LazyList {
  readonly file: string;
  readonly index: string;
}

/**
 * A group of a large sidebar whose list is not inlined: collapsed (open when `expanded`), its
 * summary with the number of links, and a link to its first page so that every group stays
 * reachable without JavaScript. nav.js replaces that list with the group's entry in `lazy.file`
 * when the group opens. `section`: a top-level group, titled like a section.
 */
export function LazyGroup(props: { readonly scope: TreeScope; readonly group: NavGroupNode; readonly lazy: LazyList; readonly section?: boolean }): JSX.Element {
  const { scope, group, lazy } = props;
  const first = firstLink(group);
  return (
    <details
      class={props.section ? 'sheaf-nav-section sheaf-nav-lazy sidebar-group' : 'sheaf-nav-group sheaf-nav-lazy sidebar-group'}
      open={group.expanded === true}
      data-sheaf-nav-fragment={lazy.file}
      data-sheaf-nav-index={lazy.index}
    >
      <summary class={props.section ? 'sheaf-nav-section-title sidebar-group-header' : 'sheaf-nav-group-summary sidebar-group-header'}>
        <GroupLabel scope={scope} group={group} section={props.section} />
        <span class="sheaf-nav-count">{countLinks(group.children)}</span>
        <Chevron compact />
      </summary>
      {first ? (
        <ul class="sheaf-nav-list">
          <PageItem scope={scope} node={first} />
        </ul>
      ) : null}
    </details>
  );
}

/**
 * The `<li>` of a nested `LazyGroup`, rendered once per build (`scope.memo`) for each base and
 * place: apart from the base, a collapsed group is the same on every page, unless its first link
 * is the page itself (a page listed twice), which is rendered afresh.
 */
export function LazyGroupItem(props: { readonly scope: TreeScope; readonly group: NavGroupNode; readonly lazy: LazyList }): JSX.Element {
  const { scope, group, lazy } = props;
  const settings = useContext(ComponentContext);
  if (!scope.memo || firstLink(group)?.route === scope.route) {
    return (
      <li>
        <LazyGroup scope={scope} group={group} lazy={lazy} />
      </li>
    );
  }
  const key = [scope.base, lazy.file, lazy.index, scope.features.network ? 'network' : 'offline', settings.iconLibrary ?? ''].join('\n');
  const html = memoHtml(scope.memo, scope.pages, group, key, () =>
    render(
      <ComponentContext.Provider value={settings}>
        <LazyGroup scope={scope} group={group} lazy={lazy} />
      </ComponentContext.Provider>,
    ),
  );
  return <li dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The first visible page of a group in reading order: its root page (titled like the group), else the first page below. */
function firstLink(group: NavGroupNode): NavPageNode | undefined {
  if (group.root) return { type: 'page', route: group.root, title: group.title };
  for (const child of group.children) {
    if (child.hidden) continue;
    if (child.type === 'page') return child;
    if (child.type === 'group') {
      const found = firstLink(child);
      if (found) return found;
    }
  }
  return undefined;
}
