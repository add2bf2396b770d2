import type { PageSource } from '../../model/project.js';
import type { NavDivision } from '../../model/site.js';
import { readOpenApiField } from '../../openapi/openapi-sources.js';
import { classifyEntry } from './file-path-fallback.js';
import { elementScope, ROOT_SCOPE, withOwnOpenApi, type Scope } from './inheritance.js';
import type { DivisionItem, EntryItem, GroupItem, NavigationTree, NavItem } from './navigation-tree.js';
import { isRecord } from '../../parse/is-record.js';

/** Child lists a navigation element may hold, in the order they are read, with their item kind and title key. */
const CHILD_LISTS: readonly (readonly [string, NavDivision | 'group', string])[] = [
  ['products', 'product', 'product'],
  ['languages', 'language', 'language'],
  ['versions', 'version', 'version'],
  ['tabs', 'tab', 'tab'],
  ['dropdowns', 'dropdown', 'dropdown'],
  ['anchors', 'anchor', 'anchor'],
  ['menu', 'menu-item', 'item'],
  ['groups', 'group', 'group'],
];

type Obj = Readonly<Record<string, unknown>>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/**
 * Pass 1: reads the validated `navigation` object into a typed tree. Pure. Items that are not
 * objects (or, in `pages`, neither strings nor objects with `group`) are skipped; their index
 * still counts in later pointers.
 */
export function readNavigationTree(navigation: Obj, pages: ReadonlyMap<string, PageSource>): NavigationTree {
  const pointer = '/navigation';
  const { inner, owner } = withOwnOpenApi(ROOT_SCOPE, readOpenApiField(navigation['openapi']), pointer);
  return {
    pointer,
    scope: ROOT_SCOPE,
    ...(owner ? { owner } : {}),
    children: readContainer(navigation, pointer, inner, false, pages),
    globalChildren: isRecord(navigation['global']) ? readContainer(navigation['global'], `${pointer}/global`, ROOT_SCOPE, true, pages) : [],
  };
}

function readContainer(node: Obj, pointer: string, scope: Scope, global: boolean, pages: ReadonlyMap<string, PageSource>): NavItem[] {
  const out: NavItem[] = [];
  for (const [key, kind, titleKey] of CHILD_LISTS) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      if (!isRecord(item)) return;
      const at = `${pointer}/${key}/${i}`;
      out.push(kind === 'group' ? readGroup(item, at, scope, pages) : readDivision(item, kind, titleKey, at, scope, global, pages));
    });
  }
  if (Array.isArray(node['pages'])) out.push(...readPages(node['pages'], `${pointer}/pages`, scope, pages));
  return out;
}

function readDivision(
  item: Obj,
  type: NavDivision,
  titleKey: string,
  pointer: string,
  parent: Scope,
  global: boolean,
  pages: ReadonlyMap<string, PageSource>,
): DivisionItem {
  const title = str(item[titleKey]) ?? str(item['name']) ?? '';
  const scope = elementScope(parent, item['hidden'] === true, { type, title });
  const { inner, owner } = withOwnOpenApi(scope, readOpenApiField(item['openapi']), pointer);
  const icon = str(item['icon']);
  const href = str(item['href']);
  return {
    kind: 'division',
    pointer,
    type,
    title,
    ...(icon ? { icon } : {}),
    ...(href ? { href } : {}),
    hidden: item['hidden'] === true,
    global,
    default: item['default'] === true,
    scope,
    ...(owner ? { owner } : {}),
    children: readContainer(item, pointer, inner, global, pages),
    globalChildren: isRecord(item['global']) ? readContainer(item['global'], `${pointer}/global`, scope, true, pages) : [],
  };
}

function readGroup(item: Obj, pointer: string, parent: Scope, pages: ReadonlyMap<string, PageSource>): GroupItem {
  const scope = elementScope(parent, item['hidden'] === true);
  const { inner, owner } = withOwnOpenApi(scope, readOpenApiField(item['openapi']), pointer);
  const root = str(item['root']);
  const icon = str(item['icon']);
  const tag = str(item['tag']);
  return {
    kind: 'group',
    pointer,
    title: str(item['group']) ?? '',
    ...(icon ? { icon } : {}),
    hidden: item['hidden'] === true,
    ...(typeof item['expanded'] === 'boolean' ? { expanded: item['expanded'] } : {}),
    ...(tag ? { tag } : {}),
    scope,
    ...(owner ? { owner } : {}),
    ...(root ? { root: readEntry(root, `${pointer}/root`, scope, pages) } : {}),
    children: Array.isArray(item['pages']) ? readPages(item['pages'], `${pointer}/pages`, inner, pages) : [],
  };
}

function readPages(list: readonly unknown[], pointer: string, scope: Scope, pages: ReadonlyMap<string, PageSource>): (EntryItem | GroupItem)[] {
  const out: (EntryItem | GroupItem)[] = [];
  list.forEach((entry, i) => {
    const at = `${pointer}/${i}`;
    if (typeof entry === 'string') out.push(readEntry(entry, at, scope, pages));
    else if (isRecord(entry) && 'group' in entry) out.push(readGroup(entry, at, scope, pages));
  });
  return out;
}

function readEntry(text: string, pointer: string, scope: Scope, pages: ReadonlyMap<string, PageSource>): EntryItem {
  return { kind: 'entry', pointer, text, scope, target: classifyEntry(text, pages) };
}
