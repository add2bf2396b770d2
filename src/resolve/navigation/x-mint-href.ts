import type { Diagnostic } from '../../model/diagnostic.js';
import type { OperationIndex } from '../../model/openapi.js';
import { computeOperationRoutes, DEFAULT_API_DIRECTORY, writableOperationRoutes } from '../operation-routes.js';

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

/**
 * Route tables computed on first use, so that a table's errors are reported once, where
 * navigation first needs it. One per `resolveNavigation` call.
 */
export interface RouteTables {
  /** The table of `doc` in `directory`; `diagnostics` is empty after the first call for the same pair. */
  routesFor(doc: OperationIndex, directory: string | undefined): RouteTable;
}

export function createRouteTables(): RouteTables {
  const tables = new Map<string, ReadonlyMap<string, string>>();
  return {
    routesFor(doc, directory) {
      const key = `${doc.file}\u0000${directory ?? DEFAULT_API_DIRECTORY}`;
      const known = tables.get(key);
      if (known) return { routes: known, diagnostics: [] };
      const table = operationRouteTable(doc, directory);
      tables.set(key, table.routes);
      return table;
    },
  };
}
