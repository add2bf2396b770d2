import path from 'node:path';
import type { IndexedOperation, OperationIndex } from '../model/openapi.js';
import { slugify } from '../openapi/slug.js';

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
  return out.replace(/-+$/, '');
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
 * `directory/slug(first tag)/slug(summary)`, or `method-slug(path)` without a summary, the tag
 * folder dropped without a tag; `x-mint.href` replaces the computed path. Collisions are
 * checked case-insensitively in document order and get `-1`, `-2`, …; routes are lowercased.
 * Segments are cut to a length every file system can store. Excluded operations get no route. Keys are `operationKey`s; routes start with `/`.
 */
export function computeOperationRoutes(index: OperationIndex, directory = DEFAULT_API_DIRECTORY): Map<string, string> {
  const routes = new Map<string, string>();
  const taken = new Set<string>();
  const place = (op: IndexedOperation, webhook: boolean): void => {
    if (op.excluded) return;
    let base: string;
    const href = op.xMint?.href;
    if (typeof href === 'string' && href.trim()) {
      base = href.trim().replace(/^\/+/, '').replace(/\/+$/, '').split('/').map(capSegment).join('/');
    } else {
      const title = webhook
        ? slugify(op.path)
        : op.summary?.trim()
          ? slugify(op.summary)
          : `${op.method}-${slugify(op.path)}`;
      base = path.posix.join(directory, capSegment(slugify(op.tags[0] ?? '')), capSegment(title));
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
