import path from 'node:path';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { PageSource, ReadPolicy } from '../model/project.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { parseFrontmatter } from './frontmatter.js';
import { mapLimited } from '../project-fs/map-limited.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectText, resolveScope } from '../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../project-fs/refusal-diagnostic.js';
import { isSkillFile } from './skill-files.js';

const NOT_PAGES_MD = new Set(['readme', 'license', 'contributing', 'contribute']);
/** An import of an MDX file; a statement longer than 2,000 characters is not looked at (linear time on any text). */
const IMPORT = /^[ \t]*import\s[^;]{0,2000}?from\s+['"]([^'"]+\.mdx?)['"]/gm;
/** Pages read at the same time. */
const CONCURRENCY = 64;

/** True for files that can be pages before imports are known: MDX/MD outside the snippet folders, skill files left out. */
function isPageCandidate(file: string): boolean {
  if (!/\.mdx?$/i.test(file) || isSkillFile(file)) return false;
  if (/^_?snippets\//.test(file)) return false;
  const base = path.posix.basename(file).replace(/\.mdx?$/i, '').toLowerCase();
  return !(file.toLowerCase().endsWith('.md') && NOT_PAGES_MD.has(base));
}

/**
 * Reads the pages of a project: every `.mdx`/`.md` page candidate that no other file imports
 * (an imported MDX file is a snippet), with its frontmatter and key positions. Each is read
 * through `readProjectText` under `policy.maxPageBytes`: a page over the cap stays a page (so
 * navigation still finds it) without frontmatter, with one `load/file-too-large` error, and is
 * never rendered; a candidate that cannot be read any more is left out.
 */
export async function loadPages(root: string, files: readonly string[], policy: ReadPolicy = DEFAULT_READ_POLICY): Promise<StageResult<PageSource[]>> {
  const scope = await resolveScope({ root, allowOutside: policy.allowOutside });
  const candidates = files.filter(isPageCandidate);
  const reads = await mapLimited(candidates, CONCURRENCY, (f) => readProjectText(scope, path.join(root, f), policy.maxPageBytes));
  const texts = reads.map((r) => (r.ok ? r.text : ''));
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
    const read = reads[i];
    if (read && !read.ok) {
      const refused = refusalDiagnostic(file, read.refusal, 'page');
      if (refused) diagnostics.push(refused);
      if (read.refusal.kind !== 'too-large') return;
    }
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
