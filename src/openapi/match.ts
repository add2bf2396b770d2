import { distance } from 'fastest-levenshtein';
import type { IndexedOperation, OperationIndex } from '../model/openapi.js';
import { normalizeFileToken } from '../config/schema/openapi-source.js';
import type { OperationReference } from './reference.js';

/**
 * Finds the operation a reference names in one document: exact path key first, then a match
 * that ignores one trailing slash on either side. Methods match exactly (both lowercase here);
 * paths are case-sensitive.
 */
export function findOperation(index: OperationIndex, ref: OperationReference): IndexedOperation | undefined {
  if (ref.method === 'webhook') return index.webhooks.find((w) => w.path === ref.path);
  const candidates = index.operations.filter((op) => op.method === ref.method);
  return (
    candidates.find((op) => op.path === ref.path) ??
    candidates.find((op) => stripSlash(op.path) === stripSlash(ref.path))
  );
}

function stripSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

const extensionless = (file: string): string => file.replace(/\.(json|ya?ml)$/i, '');
const basename = (file: string): string => file.slice(file.lastIndexOf('/') + 1);

/**
 * Documents a file token may name, in tiers of decreasing precision (reference §3.2): exact
 * location, location without extension, exact file name, file name without extension, then
 * locations containing the token. Returns the first non-empty tier, sorted by file.
 */
export function matchDocuments<T extends { readonly file: string }>(token: string, documents: readonly T[]): T[] {
  const t = normalizeFileToken(token);
  const tiers: ((file: string) => boolean)[] = [
    (f) => f === t,
    (f) => extensionless(f) === extensionless(t),
    (f) => basename(f) === basename(t),
    (f) => extensionless(basename(f)) === extensionless(basename(t)),
    (f) => f.includes(t),
  ];
  for (const test of tiers) {
    const hits = documents.filter((d) => test(d.file));
    if (hits.length > 0) return [...hits].sort((a, b) => a.file.localeCompare(b.file));
  }
  return [];
}

/** The operations nearest to a reference, for a did-you-mean hint: `GET /users/{id}`. */
export function nearestOperations(ref: OperationReference, indexes: readonly OperationIndex[], limit = 3): string[] {
  const wanted = `${ref.method.toUpperCase()} ${ref.path}`;
  const all = indexes.flatMap((ix) => [
    ...ix.operations.filter((o) => !o.excluded).map((o) => `${o.method.toUpperCase()} ${o.path}`),
    ...ix.webhooks.map((w) => `webhook ${w.path}`),
  ]);
  return nearest(wanted, all, limit);
}

/** Up to `limit` distinct candidates closest to `wanted` by edit distance, closest first. */
export function nearest(wanted: string, candidates: readonly string[], limit = 3): string[] {
  const scored = [...new Set(candidates)].map((c) => ({ c, d: distance(wanted, c) }));
  scored.sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
  // Close to the wanted string, and not much further than the best candidate.
  const cutoff = Math.min(Math.max(3, Math.ceil(wanted.length * 0.5)), (scored[0]?.d ?? 0) + 2);
  return scored.filter((s) => s.d <= cutoff).slice(0, limit).map((s) => s.c);
}
