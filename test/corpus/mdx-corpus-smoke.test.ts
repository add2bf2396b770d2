import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { components } from '../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../src/render/mdx/index.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = path.resolve(REPO, '../shared/corpus/mintlify');
const SKIP_DIRS = new Set(['node_modules', '.git', 'snippets', '_snippets']);

/** Project-relative MDX/MD pages of a corpus project, sorted (snippet folders left out). */
function pages(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir))
    .sort()
    .flatMap((name) => {
      const rel = dir ? `${dir}/${name}` : name;
      if (statSync(path.join(root, rel)).isDirectory()) return SKIP_DIRS.has(name) || name.startsWith('.') ? [] : pages(root, rel);
      return /\.mdx?$/.test(name) && !/^(readme|license|contributing|changelog)\.md$/i.test(name) ? [rel] : [];
    });
}

function variablesOf(root: string): Record<string, string> {
  try {
    const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as { variables?: Record<string, string> };
    return config.variables ?? {};
  } catch {
    return {};
  }
}

/** Every `step`-th page: a deterministic sample of about `size` pages. */
const sample = (list: string[], size: number) => (list.length <= size ? list : list.filter((_, i) => i % Math.ceil(list.length / size) === 0));

const PROJECTS: ReadonlyArray<readonly [string, number]> = [
  ['mem0ai__mem0', Infinity],
  ['triggerdotdev__trigger.dev', Infinity],
  ['mintlify__docs', 200],
];

describe.skipIf(!existsSync(CORPUS))('corpus smoke: every page renders without throwing or internal errors', () => {
  it.each(PROJECTS)('%s', async (name, size) => {
    const root = path.join(CORPUS, name);
    const files = sample(pages(root), size);
    const cache = createMdxCache();
    const variables = variablesOf(root);
    const all: Diagnostic[] = [];
    const started = performance.now();
    for (const file of files) {
      const body = await renderMdx({ root, file, source: readFileSync(path.join(root, file), 'utf8'), variables, components, cache });
      all.push(...body.diagnostics);
    }
    const ms = performance.now() - started;
    const counts: Record<string, number> = {};
    for (const d of all) counts[d.code] = (counts[d.code] ?? 0) + 1;
    const sorted = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
    // A report for the reader of the test log, not an assertion.
    process.stdout.write(`${name}: ${files.length} pages, ${(ms / files.length).toFixed(1)} ms/page, diagnostics ${JSON.stringify(sorted)}\n`);
    expect(all.filter((d) => d.code === 'internal/error')).toEqual([]);
  }, 600_000);
});
