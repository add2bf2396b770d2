/** What the fuzz suite feeds the library, and what it saw (plain data: crosses a worker boundary). */

/** The four input kinds of the suite. */
export type InputKind = 'docs-json' | 'frontmatter' | 'mdx' | 'openapi';

/** One generated project: files by project-relative path, as bytes (invalid UTF-8 stays invalid). */
export interface FuzzCase {
  readonly kind: InputKind;
  readonly files: Readonly<Record<string, Uint8Array>>;
}

/** What one case did. A finding is anything but `{ ok: true }`. */
export type Outcome =
  | { readonly ok: true; readonly diagnostics: number }
  /** The library threw (an uncaught exception) or reported an `internal/*` diagnostic. */
  | { readonly ok: false; readonly finding: 'exception' | 'internal'; readonly detail: string }
  /** No answer within the per-case time limit (the worker was stopped). */
  | { readonly ok: false; readonly finding: 'hang'; readonly detail: string }
  /** The worker died (out of memory, a crash outside any promise). */
  | { readonly ok: false; readonly finding: 'crash'; readonly detail: string };
