import type { DocsConfig } from '../../config/loaded-config.js';
import type {
  DirectoryMode, GlobalNavigation, IconConfig, NavigationChildren, NavigationGroup, OpenApiSource, PageEntry,
} from '../../config/schema/navigation-types.js';
import type { PageSource } from '../../model/project.js';
import type { NavDivision } from '../../model/site.js';
import { ownAsyncApi } from '../../asyncapi/asyncapi-sources.js';
import type { AsyncApiConfig } from '../../config/schema/navigation-types.js';
import { classifyEntry } from './file-path-fallback.js';
import { elementScope, ROOT_SCOPE, withOwnOpenApi, type Scope } from './inheritance.js';
import type { DivisionItem, EntryItem, GroupItem, NavigationTree, NavItem } from './navigation-tree.js';

/**
 * What pass 1 reads of a division or a global link. Every division type and every link type of
 * `global` is assignable to it (a link simply has no children, sources or `global` of its own).
 */
type DivisionFields = NavigationChildren & {
  readonly hidden?: boolean;
  readonly icon?: IconConfig;
  readonly href?: string;
  readonly default?: boolean;
  readonly openapi?: readonly OpenApiSource[];
  readonly asyncapi?: AsyncApiConfig;
  readonly global?: GlobalNavigation;
  readonly directory?: DirectoryMode;
};

/** Where an element is read: its parent's scope, whether it is inside a `global` object, the project's pages. */
interface ReadContext {
  readonly scope: Scope;
  readonly global: boolean;
  readonly pages: ReadonlyMap<string, PageSource>;
}

/** A string that says something: blank (empty or white space) strings count as unset, as in Mintlify's output. */
const nonBlank = (text: string | undefined): string | undefined => (text?.trim() ? text : undefined);

/**
 * The icon's name, from either form docs.json allows: `"rocket"` or `{ "name": "rocket", "style":
 * "regular" }` (trigger.dev's groups use the object form; reading only strings left them blank).
 * The navigation draws one style per name, so `style` and `library` are not carried.
 */
const iconName = (icon: IconConfig | undefined): string | undefined =>
  typeof icon === 'string' ? nonBlank(icon) : typeof icon?.name === 'string' ? nonBlank(icon.name) : undefined;

/**
 * Pass 1: reads the validated `navigation` (the schema's output, page entries and `openapi`
 * sources already normalised) into a typed tree. Pure. Child lists are read in the order
 * products, languages, versions, tabs, dropdowns, anchors, menu, groups, then `pages` (the schema
 * lets one kind through per element).
 */
export function readNavigationTree(navigation: DocsConfig['navigation'], pages: ReadonlyMap<string, PageSource>): NavigationTree {
  const pointer = '/navigation';
  const directory = directoryMode(navigation.directory);
  const scope: Scope = directory ? { ...ROOT_SCOPE, directory } : ROOT_SCOPE;
  return {
    pointer,
    scope,
    children: readContainer(navigation, pointer, { scope, global: false, pages }),
    globalChildren: navigation.global ? readGlobal(navigation.global, `${pointer}/global`, { scope, global: true, pages }) : [],
  };
}

/** A `directory` value, read tolerantly: one of Mintlify's three modes, else unset (inherited). */
function directoryMode(value: unknown): DirectoryMode | undefined {
  return value === 'none' || value === 'accordion' || value === 'card' ? value : undefined;
}

function readContainer(node: NavigationChildren, pointer: string, cx: ReadContext): NavItem[] {
  return [
    ...readDivisions(node.products, 'product', `${pointer}/products`, cx, (p) => nonBlank(p.product) ?? nonBlank(p.name)),
    ...readDivisions(node.languages, 'language', `${pointer}/languages`, cx, (l) => nonBlank(l.language)),
    ...readDivisions(node.versions, 'version', `${pointer}/versions`, cx, (v) => nonBlank(v.version)),
    ...readDivisions(node.tabs, 'tab', `${pointer}/tabs`, cx, (t) => nonBlank(t.tab)),
    ...readDivisions(node.dropdowns, 'dropdown', `${pointer}/dropdowns`, cx, (d) => nonBlank(d.dropdown)),
    ...readDivisions(node.anchors, 'anchor', `${pointer}/anchors`, cx, (a) => nonBlank(a.anchor)),
    ...readDivisions(node.menu, 'menu-item', `${pointer}/menu`, cx, (m) => nonBlank(m.item)),
    ...(node.groups ?? []).map((group, i) => readGroup(group, `${pointer}/groups/${i}`, cx.scope, cx.pages)),
    ...readPages(node.pages ?? [], `${pointer}/pages`, cx.scope, cx.pages),
  ];
}

/** The links of a `global` object: divisions without children, marked global. */
function readGlobal(global: GlobalNavigation, pointer: string, cx: ReadContext): NavItem[] {
  return [
    ...readDivisions(global.products, 'product', `${pointer}/products`, cx, (p) => nonBlank(p.product) ?? nonBlank(p.name)),
    ...readDivisions(global.languages, 'language', `${pointer}/languages`, cx, (l) => nonBlank(l.language)),
    ...readDivisions(global.versions, 'version', `${pointer}/versions`, cx, (v) => nonBlank(v.version)),
    ...readDivisions(global.tabs, 'tab', `${pointer}/tabs`, cx, (t) => nonBlank(t.tab)),
    ...readDivisions(global.dropdowns, 'dropdown', `${pointer}/dropdowns`, cx, (d) => nonBlank(d.dropdown)),
    ...readDivisions(global.anchors, 'anchor', `${pointer}/anchors`, cx, (a) => nonBlank(a.anchor)),
  ];
}

function readDivisions<T extends DivisionFields>(
  list: readonly T[] | undefined,
  type: NavDivision,
  pointer: string,
  cx: ReadContext,
  titleOf: (item: T) => string | undefined,
): DivisionItem[] {
  return (list ?? []).map((item, i) => readDivision(item, type, titleOf(item) ?? '', `${pointer}/${i}`, cx));
}

function readDivision(item: DivisionFields, type: NavDivision, title: string, pointer: string, cx: ReadContext): DivisionItem {
  const hidden = item.hidden === true;
  const scope = elementScope(cx.scope, hidden, { type, title }, directoryMode(item.directory));
  const { inner, owner } = withOwnOpenApi(scope, item.openapi ?? [], pointer);
  const icon = iconName(item.icon);
  const href = nonBlank(item.href);
  const asyncapi = ownAsyncApi(item, 'tab');
  return {
    kind: 'division',
    pointer,
    type,
    title,
    ...(icon ? { icon } : {}),
    ...(href ? { href } : {}),
    hidden,
    global: cx.global,
    default: item.default === true,
    scope,
    ...(owner ? { owner } : {}),
    ...(asyncapi.length > 0 ? { asyncapi } : {}),
    children: readContainer(item, pointer, { ...cx, scope: inner }),
    globalChildren: item.global ? readGlobal(item.global, `${pointer}/global`, { ...cx, scope, global: true }) : [],
  };
}

function readGroup(item: NavigationGroup, pointer: string, parent: Scope, pages: ReadonlyMap<string, PageSource>): GroupItem {
  const hidden = item.hidden === true;
  const scope = elementScope(parent, hidden, undefined, directoryMode(item.directory));
  const { inner, owner } = withOwnOpenApi(scope, item.openapi ?? [], pointer);
  const root = nonBlank(item.root);
  const icon = iconName(item.icon);
  const tag = nonBlank(item.tag);
  const asyncapi = ownAsyncApi(item, 'group');
  return {
    kind: 'group',
    pointer,
    title: nonBlank(item.group) ?? '',
    ...(icon ? { icon } : {}),
    hidden,
    ...(item.expanded !== undefined ? { expanded: item.expanded } : {}),
    ...(tag ? { tag } : {}),
    scope,
    ...(owner ? { owner } : {}),
    ...(asyncapi.length > 0 ? { asyncapi } : {}),
    ...(root ? { root: readEntry(root, `${pointer}/root`, scope, pages) } : {}),
    children: readPages(item.pages ?? [], `${pointer}/pages`, inner, pages),
  };
}

function readPages(list: readonly PageEntry[], pointer: string, scope: Scope, pages: ReadonlyMap<string, PageSource>): (EntryItem | GroupItem)[] {
  return list.map((entry, i) =>
    typeof entry === 'string' ? readEntry(entry, `${pointer}/${i}`, scope, pages) : readGroup(entry, `${pointer}/${i}`, scope, pages),
  );
}

function readEntry(text: string, pointer: string, scope: Scope, pages: ReadonlyMap<string, PageSource>): EntryItem {
  return { kind: 'entry', pointer, text, scope, target: classifyEntry(text, pages) };
}
