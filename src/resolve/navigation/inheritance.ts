import type { OperationIndex } from '../../model/openapi.js';
import type { NavDivision } from '../../model/site.js';
import type { DirectoryMode, OpenApiSource } from '../../config/schema/navigation-types.js';

/**
 * Interface rule 4 (inheritance): a navigation element without its own `openapi` reads its
 * parent's; an element that sets one replaces what it inherited. `hidden` and the version and
 * language of the enclosing divisions are inherited the same way.
 */

/** A navigation element that set its own `openapi`, named by its JSON pointer; bulk generation reads its first source. */
export interface OpenApiOwner {
  readonly pointer: string;
  readonly source: OpenApiSource;
}

/** What a navigation element inherits from its ancestors. */
export interface Scope {
  /** Sources of the nearest element (itself or an ancestor) that set `openapi`; empty when none did. */
  readonly sources: readonly OpenApiSource[];
  /** Every enclosing element that set `openapi`, outermost first. */
  readonly owners: readonly OpenApiOwner[];
  /** True when the element or an ancestor has `hidden: true`. */
  readonly hidden: boolean;
  /** Title of the nearest enclosing version division (may be empty: then pages carry no version). */
  readonly version?: string;
  /** Title of the nearest enclosing language division. */
  readonly language?: string;
  /** `directory` of the nearest element (itself or an ancestor) that set one; unset means `none`. */
  readonly directory?: DirectoryMode;
}

/** The scope of the top-level navigation object. */
export const ROOT_SCOPE: Scope = { sources: [], owners: [], hidden: false };

/**
 * The scope inside a division or group: hidden if it or an ancestor is; a version or language
 * division names its own; its own `directory` replaces the inherited one (Mintlify: "Any
 * descendant can override the inherited value").
 */
export function elementScope(
  parent: Scope,
  hidden: boolean,
  division?: { readonly type: NavDivision; readonly title: string },
  directory?: DirectoryMode,
): Scope {
  return {
    ...parent,
    hidden: parent.hidden || hidden,
    ...(directory !== undefined ? { directory } : {}),
    ...(division?.type === 'version' ? { version: division.title } : {}),
    ...(division?.type === 'language' ? { language: division.title } : {}),
  };
}

/**
 * The scope of the children of the element at `pointer` that sets `own`: its sources replace the
 * inherited ones and it joins the owners. Without `own`, the scope unchanged and no owner.
 */
export function withOwnOpenApi(scope: Scope, own: readonly OpenApiSource[], pointer: string): { readonly inner: Scope; readonly owner?: OpenApiOwner } {
  const first = own[0];
  if (!first) return { inner: scope };
  const owner: OpenApiOwner = { pointer, source: first };
  return { inner: { ...scope, sources: own, owners: [...scope.owners, owner] }, owner };
}

/**
 * The inherited source whose output directory an explicit reference to `doc` uses: the first
 * inherited source that loaded as `doc`; else, for a reference without a file token, the first
 * inherited source; else none (the default directory).
 */
export function inheritedSource(
  scope: Scope,
  doc: OperationIndex,
  docs: ReadonlyMap<string, OperationIndex>,
  hasFileToken: boolean,
): OpenApiSource | undefined {
  return scope.sources.find((s) => docs.get(s.source) === doc) ?? (hasFileToken ? undefined : scope.sources[0]);
}
