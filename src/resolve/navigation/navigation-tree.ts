import type { AsyncApiSource } from '../../asyncapi/asyncapi-sources.js';
import type { NavDivision } from '../../model/site.js';
import type { EntryTarget } from './file-path-fallback.js';
import type { OpenApiOwner, Scope } from './inheritance.js';

/**
 * The navigation of docs.json read into typed data (pass 1): every element with its JSON
 * pointer, the scope it inherits and, for a `pages` string, what it names. Later passes read
 * only this.
 */

/** A `pages` string (or a group's `root`). */
export interface EntryItem {
  readonly kind: 'entry';
  readonly pointer: string;
  /** As written. */
  readonly text: string;
  readonly scope: Scope;
  readonly target: EntryTarget;
}

/** A `groups` item, or an object with `group` in a `pages` list. */
export interface GroupItem {
  readonly kind: 'group';
  readonly pointer: string;
  readonly title: string;
  readonly icon?: string;
  /** The group's own `hidden: true` (the scope also holds inherited hiding). */
  readonly hidden: boolean;
  readonly expanded?: boolean;
  readonly tag?: string;
  /** The group's scope, before its own `openapi` (its `root` entry reads this one); `scope.directory` is its directory mode. */
  readonly scope: Scope;
  /** Set when the group has its own `openapi`. */
  readonly owner?: OpenApiOwner;
  /** The group's own `asyncapi` sources (none when it also sets `openapi`, which wins on groups). */
  readonly asyncapi?: readonly AsyncApiSource[];
  readonly root?: EntryItem;
  readonly children: readonly (EntryItem | GroupItem)[];
}

/** A tab, anchor, dropdown, version, language, product or menu item. */
export interface DivisionItem {
  readonly kind: 'division';
  readonly pointer: string;
  readonly type: NavDivision;
  readonly title: string;
  readonly icon?: string;
  readonly href?: string;
  /** The division's own `hidden: true`. */
  readonly hidden: boolean;
  /** Inside a `global` object (at any depth). */
  readonly global: boolean;
  readonly default: boolean;
  /** The division's scope, before its own `openapi` (its `global` object reads this one). */
  readonly scope: Scope;
  readonly owner?: OpenApiOwner;
  /** The division's own `asyncapi` sources: each generates its channel pages. */
  readonly asyncapi?: readonly AsyncApiSource[];
  /** Child lists in reading order, then `pages`. */
  readonly children: readonly NavItem[];
  /** The items of the division's `global` object. */
  readonly globalChildren: readonly NavItem[];
}

export type NavItem = EntryItem | GroupItem | DivisionItem;

/** The top-level `navigation` object: a container without a node of its own (nor `openapi`: Mintlify's schema has none there). */
export interface NavigationTree {
  /** `/navigation`. */
  readonly pointer: string;
  readonly scope: Scope;
  readonly children: readonly NavItem[];
  readonly globalChildren: readonly NavItem[];
}

/** Every entry of the tree (group roots included), in document order. */
export function* entriesOf(items: readonly NavItem[]): Generator<EntryItem> {
  for (const item of items) {
    if (item.kind === 'entry') yield item;
    else if (item.kind === 'group') {
      if (item.root) yield item.root;
      yield* entriesOf(item.children);
    } else {
      yield* entriesOf(item.children);
      yield* entriesOf(item.globalChildren);
    }
  }
}

/** The `openapi` owners of the tree's elements (divisions, `global` included, and groups), parents before children. */
export function* ownersOf(items: readonly NavItem[]): Generator<OpenApiOwner> {
  for (const item of items) {
    if (item.kind === 'entry') continue;
    if (item.owner) yield item.owner;
    yield* ownersOf(item.children);
    if (item.kind === 'division') yield* ownersOf(item.globalChildren);
  }
}
