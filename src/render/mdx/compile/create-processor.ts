import { createProcessor } from '@mdx-js/mdx';
import rehypeKatex from 'rehype-katex';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMath from 'remark-math';
import type { Pluggable, PluggableList } from 'unified';
import { remarkGfmSyntax } from '../../../parse/gfm-syntax.js';

/** KaTeX errors render in red in place of the formula instead of failing the page. */
const KATEX: Pluggable = [rehypeKatex, { throwOnError: false, strict: 'ignore' }];

export interface ProcessorOptions {
  /** `mdx` for pages and snippets; `md` for the plain-Markdown fallback (no JSX, no expressions). */
  readonly format: 'mdx' | 'md';
  /** Parse `$…$` and `$$…$$` and render them with KaTeX. */
  readonly math: boolean;
  readonly remark: PluggableList;
  readonly rehype: PluggableList;
  readonly recma: PluggableList;
}

/**
 * An MDX processor that compiles to a `function-body` for `evaluateModule`: preact automatic
 * JSX runtime, components from the provider (`arguments[0].useMDXComponents`), frontmatter
 * stripped, GFM (`remarkGfmSyntax`), and math when asked.
 */
export function createMdxProcessor(options: ProcessorOptions) {
  return createProcessor({
    format: options.format,
    outputFormat: 'function-body',
    jsxImportSource: 'preact',
    providerImportSource: '#',
    development: false,
    remarkPlugins: [remarkFrontmatter, remarkGfmSyntax, ...(options.math ? [remarkMath] : []), ...options.remark],
    rehypePlugins: [...(options.math ? [KATEX] : []), ...options.rehype],
    recmaPlugins: [...options.recma],
  });
}
