import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { PageSource } from '../model/project.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { parseFrontmatter } from './frontmatter.js';

const NOT_PAGES_MD = new Set(['readme', 'license', 'contributing', 'contribute']);
const IMPORT = /^\s*import\s[^;]*?from\s+['"]([^'"]+\.mdx?)['"]/gm;

/** True for files that can be pages before imports are known: MDX/MD outside the snippet folders. */
function isPageCandidate(file: string): boolean {
  if (!/\.mdx?$/i.test(file)) return false;
  if (/^_?snippets\//.test(file)) return false;
  const base = path.posix.basename(file).replace(/\.mdx?$/i, '').toLowerCase();
  return !(file.toLowerCase().endsWith('.md') && NOT_PAGES_MD.has(base));
}

/**
 * Reads the pages of a project: every `.mdx`/`.md` page candidate that no other file imports
 * (an imported MDX file is a snippet), with its frontmatter and key positions.
 */
export async function loadPages(root: string, files: readonly string[]): Promise<StageResult<PageSource[]>> {
  const candidates = files.filter(isPageCandidate);
  const texts = await Promise.all(candidates.map((f) => readFile(path.join(root, f), 'utf8')));
  const imported = new Set<string>();
  texts.forEach((text, i) => {
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] as string;
      const from = path.posix.dirname(candidates[i] as string);
      imported.add(spec.startsWith('/') ? spec.slice(1) : path.posix.join(from, spec));
    }
  });
  const diagnostics: Diagnostic[] = [];
  const pages: PageSource[] = [];
  candidates.forEach((file, i) => {
    if (imported.has(file)) return;
    const fm = parseFrontmatter(texts[i] as string);
    if (fm.error) {
      diagnostics.push(
        createDiagnostic('load/frontmatter-invalid', {
          message: `The frontmatter of \`${file}\` is not valid YAML: ${fm.error.message}`,
          file,
          line: fm.error.line,
          column: fm.error.column,
          hint: 'Quote values that contain `:` or `#`, and check the indentation.',
        }),
      );
    }
    pages.push({ file, path: file.replace(/\.mdx?$/i, ''), frontmatter: fm.data, frontmatterPositions: fm.positions });
  });
  return { output: pages, diagnostics };
}
