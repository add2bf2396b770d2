import type { IndexedOperation, OperationIndex } from '../../model/openapi.js';
import { operationKey } from '../operation-routes.js';

/**
 * Interface rule 5 (x-hidden): an operation marked `x-hidden: true` is left out of the
 * navigation a document generates, yet still gets its page (hidden, reachable by URL). An
 * explicit navigation entry lists it all the same. The generated groups leave it out in
 * `generateGroups` (../generate-groups.ts).
 */

/** One operation bulk generation publishes. */
export interface BulkOperation {
  readonly op: IndexedOperation;
  readonly webhook: boolean;
  readonly route: string;
  /** False for an `x-hidden` operation: its page is published but no entry shows it. */
  readonly listed: boolean;
}

/**
 * The operations, then webhooks, of `doc` that bulk generation publishes: those with a route in
 * `routes` (excluded operations and unwritable routes have none), each marked listed unless
 * `x-hidden`.
 */
export function bulkOperations(doc: OperationIndex, routes: ReadonlyMap<string, string>): BulkOperation[] {
  const webhooks = new Set(doc.webhooks);
  const out: BulkOperation[] = [];
  for (const op of [...doc.operations, ...doc.webhooks]) {
    const webhook = webhooks.has(op);
    const route = routes.get(operationKey(op, webhook));
    if (route) out.push({ op, webhook, route, listed: !op.hidden });
  }
  return out;
}
