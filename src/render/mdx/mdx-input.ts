import type { ComponentMap } from '../components/index.js';
import type { MdxCache } from './mdx-cache.js';

/** One page to render. */
export interface MdxInput {
  /** Absolute project root. */
  readonly root: string;
  /** Project-relative POSIX path of the page. */
  readonly file: string;
  /** The whole file text, frontmatter included. */
  readonly source: string;
  /** docs.json `variables`, replacing `{{name}}` in pages and snippets. */
  readonly variables: Readonly<Record<string, string>>;
  /** The MDX components (src/render/components/index.ts). */
  readonly components: ComponentMap;
  /**
   * Caches shared by the pages of one build (highlighter, highlighted code, compiled snippets):
   * pass the same `createMdxCache()` to every call. Without it each call starts cold.
   */
  readonly cache?: MdxCache;
}
