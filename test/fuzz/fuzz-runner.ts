import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { check } from '../../src/api/check.js';
import { parseFrontmatter } from '../../src/load/frontmatter.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { components } from '../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../src/render/mdx/index.js';
import type { FuzzCase, Outcome } from './fuzz-case.js';

/** Pages rendered with one MDX cache before it is replaced (bounds what its memos hold). */
const CACHE_PAGES = 100;
let cache = { value: createMdxCache(), pages: 0 };

/**
 * The MDX cache of the next page: shared by the pages of a worker as a build shares it (its
 * highlighters take most of a cold page's time; each case has its own folder, so no compiled
 * snippet is reused across cases), renewed every `CACHE_PAGES` pages.
 */
function mdxCache() {
  if (cache.pages >= CACHE_PAGES) cache = { value: createMdxCache(), pages: 0 };
  cache.pages += 1;
  return cache.value;
}

/**
 * The library calls of each input kind, in-process, on the case's files in a fresh temporary
 * folder: what `sheaf check` and `sheaf build` run on such a project. `check` loads docs.json
 * (src/config/load-config.ts), the pages and their frontmatter, and the OpenAPI documents (the
 * OpenAPI loader), then resolves the site; pages are compiled, evaluated and rendered by the MDX
 * renderer of `build`. Offline (`allowNetwork` is never set). Returns every diagnostic.
 */
const CALLS: Record<FuzzCase['kind'], (root: string, files: FuzzCase['files']) => Promise<readonly Diagnostic[]>> = {
  'docs-json': async (root) => (await check({ root, cacheDir: false })).diagnostics,
  frontmatter: async (root, files) => {
    const page = files['index.mdx'];
    if (page) parseFrontmatter(Buffer.from(page).toString('utf8'));
    return (await check({ root, cacheDir: false })).diagnostics;
  },
  mdx: async (root, files) => {
    const source = Buffer.from(files['page.mdx'] ?? new Uint8Array()).toString('utf8');
    const body = await renderMdx({ root, file: 'page.mdx', source, variables: { product: 'Acme' }, components, cache: mdxCache() });
    return body.diagnostics;
  },
  openapi: async (root) => (await check({ root, cacheDir: false })).diagnostics,
};

/** One line of an error: its message and where it was thrown (the first stack frame in src/). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frame = error.stack?.split('\n').find((l) => l.includes('/src/'))?.trim();
  return `${error.name}: ${error.message.slice(0, 500)}${frame ? ` (${frame})` : ''}`;
}

async function runCase(c: FuzzCase): Promise<Outcome> {
  const root = await mkdtemp(path.join(tmpdir(), 'sheaf-fuzz-'));
  try {
    for (const [file, bytes] of Object.entries(c.files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), bytes);
    }
    let diagnostics: readonly Diagnostic[];
    try {
      diagnostics = await CALLS[c.kind](root, c.files);
    } catch (error) {
      return { ok: false, finding: 'exception', detail: describe(error) };
    }
    const internal = diagnostics.filter((d) => d.code.startsWith('internal/'));
    if (internal.length > 0) {
      return { ok: false, finding: 'internal', detail: internal.map((d) => `${d.code} ${d.file ?? ''}: ${d.message.slice(0, 500)}`).join('\n') };
    }
    return { ok: true, diagnostics: diagnostics.length };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

parentPort?.postMessage('ready');
parentPort?.on('message', (c: FuzzCase) => {
  void runCase(c).then(
    (outcome) => parentPort?.postMessage(outcome),
    (error: unknown) => parentPort?.postMessage({ ok: false, finding: 'exception', detail: describe(error) } satisfies Outcome),
  );
});
