import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { IndexedOperation, OperationIndex } from '../model/openapi.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { slugify } from '../openapi/slug.js';
import { navigationTag } from '../openapi/tag-path.js';
import { unwritableSegment } from './route-segments.js';
import { trimChars, trimTrailing } from '../text/linear-text.js';

export const DEFAULT_API_DIRECTORY = 'api-reference';

/**
 * Longest generated path segment, in UTF-8 bytes. File systems cap a name at 255 bytes, and a
 * route segment becomes a folder; summaries can be whole paragraphs. Room is left for `-N`.
 */
const MAX_SEGMENT_BYTES = 200;

/** Cuts a slug to MAX_SEGMENT_BYTES at a character boundary, without a trailing `-`. */
function capSegment(segment: string): string {
  if (Buffer.byteLength(segment) <= MAX_SEGMENT_BYTES) return segment;
  let out = '';
  for (const ch of segment) {
    if (Buffer.byteLength(out + ch) > MAX_SEGMENT_BYTES) break;
    out += ch;
  }
  return trimTrailing(out, '-');
}

/**
 * Key of an operation inside its document: `get /users`, or `webhook post orderUpdated` (a
 * webhook's path item may hold several methods, each its own page).
 */
export function operationKey(op: IndexedOperation, webhook: boolean): string {
  return webhook ? `webhook ${op.method} ${op.path}` : `${op.method} ${op.path}`;
}

/**
 * Routes of every page a document generates into one output directory (reference §3.4):
 * `directory/slug(tag)/slug(summary)`, or `method-slug(path)` without a summary, the tag
 * folder dropped without a tag (the tag is the first, or in 3.2 the `navigationTag`);
 * `x-mint.href` replaces the computed path. Collisions are checked case-insensitively in
 * document order across all the document's pages (for every version, as Mintlify does for 3.2:
 * reference §3.4 step 7) and get `-1`, `-2`, …; routes are lowercased.
 * Generated segments (from summaries and tags) are cut to a length every file system can store;
 * an `x-mint.href` is kept as written. Excluded operations get no route. Keys are
 * `operationKey`s; routes start with `/`.
 */
export function computeOperationRoutes(index: OperationIndex, directory = DEFAULT_API_DIRECTORY): Map<string, string> {
  const routes = new Map<string, string>();
  const taken = new Set<string>();
  const place = (op: IndexedOperation, webhook: boolean): void => {
    if (op.excluded) return;
    let base: string;
    const href = op.xMint?.href;
    if (typeof href === 'string' && href.trim()) {
      // As written: a segment a file system cannot hold is reported (writableOperationRoutes), never cut.
      base = trimChars(href.trim(), '/');
    } else {
      const title = webhook
        ? slugify(op.path)
        : op.summary?.trim()
          ? slugify(op.summary)
          : `${op.method}-${slugify(op.path)}`;
      base = path.posix.join(directory, capSegment(slugify(navigationTag(op, index) ?? '')), capSegment(title));
    }
    base = base.toLowerCase();
    let candidate = base;
    for (let n = 1; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
    taken.add(candidate);
    routes.set(operationKey(op, webhook), '/' + candidate);
  };
  index.operations.forEach((op) => place(op, false));
  index.webhooks.forEach((op) => place(op, true));
  return routes;
}

/** Shortens a segment for a message: a 300-byte one is shown by its start. */
const shown = (segment: string): string => (segment.length > 60 ? `${segment.slice(0, 60)}…` : segment).replace(/\0/g, '\\0');

/**
 * The routes of `routes` (from `computeOperationRoutes(doc)`) that a file system can hold; each
 * other one is left out, so its operation gets no page and no navigation entry, with a
 * `nav/unwritable-route` error at the operation (its `x-mint.href` when it set the route).
 */
export function writableOperationRoutes(doc: OperationIndex, routes: ReadonlyMap<string, string>): { routes: Map<string, string>; diagnostics: Diagnostic[] } {
  const kept = new Map(routes);
  const diagnostics: Diagnostic[] = [];
  const check = (op: IndexedOperation, webhook: boolean): void => {
    const key = operationKey(op, webhook);
    const route = routes.get(key);
    const problem = route === undefined ? undefined : unwritableSegment(route);
    if (route === undefined || !problem) return;
    kept.delete(key);
    const fromHref = typeof op.xMint?.href === 'string' && op.xMint.href.trim() !== '';
    diagnostics.push(
      createDiagnostic('nav/unwritable-route', {
        message: `\`${webhook ? 'webhook' : op.method.toUpperCase()} ${op.path}\` would be published at \`${shown(route)}\`, whose segment \`${shown(problem.segment)}\` ${problem.reason}; its page is not written.`,
        file: doc.file,
        pointer: fromHref ? `${op.pointer}/x-mint/href` : op.pointer,
        hint: fromHref
          ? 'Write `x-mint.href` as a path of ordinary names, such as `/api/users/list`.'
          : 'Set `x-mint.href` on the operation to a path of ordinary names, or change the `directory` of its `openapi` source.',
      }),
    );
  };
  doc.operations.forEach((op) => check(op, false));
  doc.webhooks.forEach((op) => check(op, true));
  return { routes: kept, diagnostics };
}
