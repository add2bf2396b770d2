import type { Diagnostic } from '../../model/diagnostic.js';
import type { OperationIndex } from '../../model/openapi.js';
import { computeOperationRoutes, DEFAULT_API_DIRECTORY, writableOperationRoutes } from '../operation-routes.js';
import { referenceCandidates } from './explicit-references.js';
import { inheritedSource } from './inheritance.js';
import { entriesOf, ownersOf, type NavigationTree } from './navigation-tree.js';

/**
 * Interface rule 7, second half (x-mint href): an operation's page is published at its
 * `x-mint.href` when it sets one, else at the route computed from its tag and summary
 * (`computeOperationRoutes`), so an operation can step aside from an MDX file of the same name.
 * A route no file system can hold is left out with a `nav/unwritable-route` error.
 */

/** Routes of one document published into one output directory, keyed by `operationKey`. */
export interface RouteTable {
  readonly routes: ReadonlyMap<string, string>;
  /** `nav/unwritable-route` errors of the operations left out. */
  readonly diagnostics: readonly Diagnostic[];
}

/** The route table of `doc` published into `directory` (`api-reference` when undefined). Pure. */
export function operationRouteTable(doc: OperationIndex, directory: string | undefined): RouteTable {
  return writableOperationRoutes(doc, computeOperationRoutes(doc, directory));
}

/** Route tables by `routeTableKey`, computed before pass 3 (`collectRouteTables`). */
export type RouteTables = ReadonlyMap<string, RouteTable>;

/** The key of `doc` published into `directory`: one table per document and output directory. */
export function routeTableKey(doc: OperationIndex, directory: string | undefined): string {
  return `${doc.file}\u0000${directory ?? DEFAULT_API_DIRECTORY}`;
}

/**
 * Pass 2b: the route table of every document and directory that pass 3 may publish into, each
 * computed once: for every element whose own document generates its operations (bulk generation
 * not switched off by pass 2), and for every reference entry, each document it may name with the
 * directory of the inherited source it would use. Pure. A table's `nav/unwritable-route` errors are
 * the same objects wherever pass 3 uses it, so they are reported once, at the first use.
 */
export function collectRouteTables(tree: NavigationTree, explicit: ReadonlySet<string>, docs: ReadonlyMap<string, OperationIndex>): RouteTables {
  const docList = [...docs.values()];
  const tables = new Map<string, RouteTable>();
  const add = (doc: OperationIndex, directory: string | undefined): void => {
    const key = routeTableKey(doc, directory);
    if (!tables.has(key)) tables.set(key, operationRouteTable(doc, directory));
  };
  const items = [...tree.children, ...tree.globalChildren];
  for (const owner of ownersOf(items)) {
    const doc = docs.get(owner.source.source);
    if (doc && !explicit.has(owner.pointer)) add(doc, owner.source.directory);
  }
  for (const entry of entriesOf(items)) {
    if (entry.target.kind !== 'reference') continue;
    const hasFileToken = entry.target.ref.file !== undefined;
    for (const doc of referenceCandidates(entry.target.ref, entry.scope, docs, docList) ?? []) {
      add(doc, inheritedSource(entry.scope, doc, docs, hasFileToken)?.directory);
    }
  }
  return tables;
}

/** The table `collectRouteTables` prepared for `doc` in `directory`. */
export function routeTableOf(tables: RouteTables, doc: OperationIndex, directory: string | undefined): RouteTable {
  const table = tables.get(routeTableKey(doc, directory));
  // Pass 3 asks only for pairs pass 2b collected; a miss is a defect here, not a project problem.
  if (!table) throw new Error(`No route table for ${doc.file} in ${directory ?? DEFAULT_API_DIRECTORY}`);
  return table;
}
