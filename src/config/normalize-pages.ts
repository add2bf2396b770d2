import path from 'node:path';
import { allowedChildren, childKinds, type ChildKey, type NavigationKind } from './schema/navigation-structure.js';

/** Two or three whitespace-separated tokens: an operation reference (`GET /users`, `spec.yaml webhook x`). */
const operationReference = /^\S+(\s+\S+)+$/;

/**
 * Normalizes a page path as Mintlify does: resolved against `/` (so a leading `/` or `./`, `.`
 * and `..` segments and doubled slashes go away), keeping a trailing `/`. Operation references
 * are returned unchanged.
 */
export function normalizePage(page: string): string {
  if (operationReference.test(page)) return page;
  const resolved = path.posix.resolve('/', page).slice(1);
  return page.endsWith('/') && resolved !== '' ? resolved + '/' : resolved;
}

/**
 * A copy of a navigation tree with every page entry and group `root` normalized by
 * `normalizePage`. Everything else is kept as is.
 */
export function normalizePages<T>(navigation: T): T {
  return normalizeNode(navigation, 'navigation') as T;
}

function normalizeNode(node: unknown, kind: NavigationKind): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const out: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  if (kind === 'group' && typeof out['root'] === 'string') out['root'] = normalizePage(out['root']);
  for (const key of allowedChildren[kind] as readonly ChildKey[]) {
    const items = out[key];
    if (!Array.isArray(items)) continue;
    out[key] = items.map((item: unknown) =>
      key === 'pages' && typeof item === 'string' ? normalizePage(item) : normalizeNode(item, childKinds[key]),
    );
  }
  return out;
}
