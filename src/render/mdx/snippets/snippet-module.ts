import type { Root } from 'mdast';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { MdxParamField } from '../../../model/render.js';

/** A snippet file, compiled and evaluated once per build. */
export interface SnippetModule {
  /** Project-relative POSIX path. */
  readonly file: string;
  /** What the snippet exports: `default` (MDX content) and named exports. Treat as immutable. */
  readonly exports: Readonly<Record<string, unknown>>;
  /** For MDX/MD snippets: its Markdown tree, with `{prop}` placeholders still to fill. */
  readonly markdown?: Root;
  /** For MDX/MD snippets: its ParamFields (a page with `api:` frontmatter counts them as its own). */
  readonly paramFields?: readonly MdxParamField[];
  /** Client features its content needs (`math`, `mermaid`). */
  readonly features: readonly string[];
  /** True when it did not compile or evaluate: its exports are partial, imports of it are not checked. */
  readonly failed: boolean;
  /** Its own problems and those of the snippets it imports. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * A snippet that resolves through a symbolic link leading outside the project: not read. The
 * import that names it reports `message` and `hint` as `mdx/import-outside-project` at its own
 * line (the link itself is the load stage's `load/link-outside-project`).
 */
export interface OutsideSnippet {
  readonly kind: 'outside';
  readonly message: string;
  readonly hint: string;
}

/** Why a snippet could not be loaded. */
export type SnippetFailure = 'missing' | 'cycle' | OutsideSnippet;

/** Loads a snippet by project-relative path. */
export type LoadSnippet = (file: string) => Promise<SnippetModule | SnippetFailure>;
