/**
 * MDX pages to HTML bodies. `renderMdx(input)` renders one page (`RenderedBody`: article HTML,
 * aside HTML, headings, search sections, a Markdown copy, client features, diagnostics) and never
 * throws for bad input. Pass one `createMdxCache()` to every call of a build: it holds the
 * highlighter, highlighted code and compiled snippets (no module-level state).
 */
export { renderMdx } from './render-mdx.js';
export type { MdxInput } from './mdx-input.js';
export { createMdxCache } from './mdx-cache.js';
export type { MdxCache } from './mdx-cache.js';
