import type { CodeTable } from './types.js';

export const mdxCodes = {
  'mdx/syntax': {
    severity: 'error',
    summary: 'A page or snippet is not valid MDX; it is shown as plain Markdown (text only, no components).',
  },
  'mdx/runtime': {
    severity: 'error',
    summary: 'Evaluating or rendering a page or snippet threw outside its content expressions (e.g. in `export const`, or a component it defines); the page is shown as plain Markdown.',
  },
  'mdx/expression-failed': {
    severity: 'warning',
    summary: 'One expression of a page or snippet threw while rendering (e.g. `{ID}` reads a name nothing defines); it alone is shown as written (an attribute is left out) and the rest of the page renders.',
  },
  'mdx/unknown-component': {
    severity: 'warning',
    summary: 'A JSX tag names no built-in component and nothing imported; only its children are shown.',
  },
  'mdx/too-deep': {
    severity: 'warning',
    summary: 'A page nests too deeply (over 100 levels, 50 quotes or list items on a line, 50 emphasis markers in a run, 1,000 `]` or 2,000 lines in a paragraph, 100 brackets in an expression, 128 columns of indentation); the excess is shown as text.',
  },
  'mdx/icon-substituted': {
    severity: 'warning',
    summary: 'An icon name is not in the configured library’s free set (a Font Awesome Pro icon, or no icon at all); the closest free icon (Font Awesome Free, Lucide or Tabler) is shown instead, one warning per name and page.',
  },
  'mdx/unknown-variable': {
    severity: 'warning',
    summary: 'A `{{name}}` placeholder names no docs.json `variables` entry; it is shown as written.',
  },
  'mdx/snippet-not-found': {
    severity: 'error',
    summary: 'An imported snippet or a `<Snippet file>` names a file that does not exist; nothing is shown in its place.',
  },
  'mdx/missing-export': {
    severity: 'error',
    summary: 'An import names something the snippet does not export (`import { X }` without `export const X`); it renders nothing.',
  },
  'mdx/import-outside-project': {
    severity: 'error',
    summary: 'An import resolves to a file outside the project folder, which is never read.',
  },
  'mdx/unsupported-import': {
    severity: 'warning',
    summary: 'An import names a package other than react/preact; only project files can be imported, so its bindings render nothing.',
  },
  'mdx/import-cycle': {
    severity: 'error',
    summary: 'Snippets import each other in a cycle; the import that closes the cycle renders nothing.',
  },
} as const satisfies CodeTable;
