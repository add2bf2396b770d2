/**
 * A page's frontmatter block as Mintlify and the MDX compiler (remark-frontmatter) read it: a
 * `---` line at the very start (a BOM allowed), YAML, and a `---` line; the YAML may be empty
 * (`---` directly followed by `---`). Group 1 is the YAML (undefined when empty). The one
 * definition for the loader and the MDX preprocessor, so both agree where the page body starts.
 */
export const FRONTMATTER_BLOCK = /^\uFEFF?---[ \t]*\r?\n(?:|([\s\S]*?)\r?\n)---[ \t]*(?=\r?\n|$)/;
