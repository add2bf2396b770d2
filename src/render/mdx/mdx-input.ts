import type { ReadPolicy } from '../../model/project.js';
import type { ComponentMap, ComponentSettings } from '../components/index.js';
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
   * Settings the components read (docs.json `icons.library`, the icon store). The renderer adds
   * `slug`: one slugger per page, so component ids are unique within it.
   */
  readonly componentSettings?: Omit<ComponentSettings, 'slug'>;
  /**
   * Caches shared by the pages of one build (highlighter, highlighted code, compiled snippets):
   * pass the same `createMdxCache()` to every call. Without it each call starts cold.
   */
  readonly cache?: MdxCache;
  /** What its snippets may read (links, byte caps); default `DEFAULT_READ_POLICY`. */
  readonly policy?: ReadPolicy;
}
