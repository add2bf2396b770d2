import type { IndexedOperation, IndexedTag, OperationIndex } from '../model/openapi.js';
import { isOpenApi32 } from './path-item-operations.js';

/**
 * Which tag places an operation in the navigation, and where that tag sits, as Mintlify's
 * `tagHierarchy.js` does (reference/mintlify.md §3.4 step 3).
 */

/**
 * The tag that decides an operation's group and folder. OpenAPI 3.0/3.1: its first tag. 3.2: its
 * first tag declared with `kind: nav`, else its first declared tag without a `kind`, else its
 * first tag that is not declared; `undefined` when it has none of these (only `badge` or
 * `audience` tags, or none: the default group).
 */
export function navigationTag(op: IndexedOperation, index: OperationIndex): string | undefined {
  if (!isOpenApi32(index.version)) return op.tags[0];
  const declared = new Map(index.tags.map((t) => [t.name, t]));
  return (
    op.tags.find((t) => declared.get(t)?.kind === 'nav') ??
    op.tags.find((t) => declared.has(t) && declared.get(t)?.kind === undefined) ??
    op.tags.find((t) => !declared.has(t))
  );
}

/**
 * The tags from the top of the navigation down to `tag`: `[tag]` in 3.0/3.1 and for a tag
 * without a `parent`; in 3.2 its `parent`, that tag's `parent`… first (the index keeps only
 * parents that name declared tags without a loop, see `indexDocument`).
 */
export function tagPath(tag: string, index: OperationIndex): string[] {
  if (!isOpenApi32(index.version)) return [tag];
  const byName = new Map<string, IndexedTag>();
  for (const t of index.tags) if (!byName.has(t.name)) byName.set(t.name, t);
  const path = [tag];
  for (let parent = byName.get(tag)?.parent; parent !== undefined && !path.includes(parent); parent = byName.get(parent)?.parent) {
    path.unshift(parent);
  }
  return path;
}

/** A tag's group title: its `x-group`, else (3.2) its `summary`, else its name. */
export function tagTitle(tag: string, index: OperationIndex): string {
  const declared = index.tags.find((t) => t.name === tag);
  return declared?.displayName ?? (isOpenApi32(index.version) ? declared?.summary : undefined) ?? tag;
}
