/** HTTP methods of an OpenAPI 3.0/3.1 path item, in Mintlify's iteration order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The method fields of an OpenAPI 3.2 path item: 3.1's and `query`, in that order (then `additionalOperations`). */
export const HTTP_METHODS_32 = [...HTTP_METHODS, 'query'] as const;

/** The `x-mint` extension of an operation. */
export interface XMint {
  readonly href?: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly content?: string;
}

/** What resolve needs to know of one operation or webhook; serialisable, no schemas. */
export interface IndexedOperation {
  /**
   * Lowercase HTTP method: a method field of the path item (`get`, 3.2's `query`), or (3.2) a
   * key of its `additionalOperations` (`link` for `LINK`), lowercased.
   */
  readonly method: string;
  /** The path key exactly as written in the document (for webhooks: the webhook name). */
  readonly path: string;
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  /** Tags in document order; the first one decides the navigation group. */
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  /** `x-hidden: true`: page generated, left out of generated navigation. */
  readonly hidden: boolean;
  /** `x-excluded: true`: no page at all. */
  readonly excluded: boolean;
  readonly xMint?: XMint;
  /** JSON pointer of the operation object inside the document, e.g. `/paths/~1users/get`. */
  readonly pointer: string;
}

export interface IndexedTag {
  readonly name: string;
  /** `x-group` display label, if any. */
  readonly displayName?: string;
  /** OpenAPI 3.2 `summary`: the tag's short title. */
  readonly summary?: string;
  /** OpenAPI 3.2 `parent`: the name of the tag this one nests under. */
  readonly parent?: string;
  /** OpenAPI 3.2 `kind` (`nav`, `badge`, `audience`, or any other string). */
  readonly kind?: string;
}

/** The operation index of one loaded OpenAPI document. */
export interface OperationIndex {
  /** Project-relative POSIX path of the root file, or its URL. */
  readonly file: string;
  /** `openapi` (or `swagger`) version string as written in the source. */
  readonly version: string;
  /** True when the source was Swagger 2.0 and was converted. */
  readonly converted: boolean;
  readonly title?: string;
  readonly operations: readonly IndexedOperation[];
  readonly webhooks: readonly IndexedOperation[];
  readonly tags: readonly IndexedTag[];
}

/** A loaded OpenAPI 3 document: its index plus the bundled document for rendering. */
export interface LoadedOpenApi {
  readonly index: OperationIndex;
  /**
   * The OpenAPI 3.x document with external `$ref`s bundled in; internal `$ref`s kept. Never holds
   * itself (`openapi/contains-itself`), though subtrees may be shared (YAML aliases).
   */
  readonly document: Readonly<Record<string, unknown>>;
  /**
   * Files (project-relative POSIX) or URLs bundled into `document` besides the root, sorted;
   * absent when there were none. A watcher rebuilds the document when one of them changes.
   */
  readonly sources?: readonly string[];
}
