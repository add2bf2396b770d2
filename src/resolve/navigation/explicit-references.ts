import type { OperationIndex } from '../../model/openapi.js';
import type { OperationReference } from '../../openapi/reference.js';
import { matchDocuments } from '../../openapi/match.js';
import type { Scope } from './inheritance.js';
import { entriesOf, type NavigationTree } from './navigation-tree.js';

/**
 * Interface rule 6 (explicit references): once any operation of a document is referenced
 * explicitly in navigation, only the referenced operations appear; the element that set the
 * document generates no others. References in child elements count.
 */

/**
 * The documents a reference entry may name: with a file token, the documents it matches (among
 * all); without, the inherited documents that loaded. Undefined when the entry has no file token
 * and every inherited document failed to load: the loader reported that, nothing more is said.
 */
export function referenceCandidates(
  ref: OperationReference,
  scope: Scope,
  docs: ReadonlyMap<string, OperationIndex>,
  docList: readonly OperationIndex[],
): readonly OperationIndex[] | undefined {
  const loaded = scope.sources.flatMap((s) => {
    const doc = docs.get(s.source);
    return doc ? [doc] : [];
  });
  if (!ref.file && scope.sources.length > 0 && loaded.length === 0) return undefined;
  return ref.file ? matchDocuments(ref.file, docList) : loaded;
}

/**
 * Pass 2: the pointers of the elements whose bulk generation is off. An element that set
 * `openapi` is listed when a reference entry inside it (a group's `root` counts for the group's
 * parents, not the group) may name its first document, whether or not the operation exists: the
 * author chose to list operations by hand. Pure.
 */
export function collectExplicitOwners(
  tree: NavigationTree,
  docs: ReadonlyMap<string, OperationIndex>,
): ReadonlySet<string> {
  const docList = [...docs.values()];
  const explicit = new Set<string>();
  for (const entry of entriesOf([...tree.children, ...tree.globalChildren])) {
    if (entry.target.kind !== 'reference') continue;
    const candidates = referenceCandidates(entry.target.ref, entry.scope, docs, docList);
    if (!candidates) continue;
    for (const owner of entry.scope.owners) {
      const doc = docs.get(owner.source.source);
      if (doc && candidates.includes(doc)) explicit.add(owner.pointer);
    }
  }
  return explicit;
}
