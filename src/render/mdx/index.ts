export { renderMdx } from './render-mdx.js';
export type { MdxInput } from './mdx-input.js';
export { createMdxCache } from './mdx-cache.js';
export type { MdxCache } from './mdx-cache.js';
