import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeOpenApiProject } from '../../bench/openapi-project.js';
import { build } from '../../src/api/build.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { CORPUS, HAS_CORPUS } from './corpus-path.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OPENAPI = path.join(CORPUS, 'openapi');
/** 294 operations: above the page counts from which a build uses render threads (60) and a link-reading thread (200). */
const DOCUMENT = 'large/box-openapi.json';

/** Every file under `dir`, with its bytes. */
function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(path.relative(dir, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name)));
  }
  return files;
}

/**
 * The compiled CLI renders operation pages in the pool's threads, resolves their links there and
 * reads the written pages' links in a thread of its own (link-reader.ts); run from the sources
 * (this process, under a TypeScript loader) the same build does everything in one thread. Both
 * write the same files, byte for byte: without an index page (the first operation is then
 * copied to the root, so its body is linked twice: not in a thread; the others are) and
 * air-gapped (bodies held back from the network before they are linked: not in a thread).
 */
describe.skipIf(!HAS_CORPUS)('threads change nothing: a site built with threads equals the one built in one thread', () => {
  it.each([
    ['the first operation copied to the root', [] as string[], false],
    ['air-gapped', ['--deployment', 'air-gapped'], true],
  ])('%s', async (_name, flags, index) => {
    const { root, spec } = makeOpenApiProject(OPENAPI, DOCUMENT);
    // Links in every operation's description, as authors write them: site-absolute, relative, to no page.
    const document = JSON.parse(readFileSync(path.join(root, spec), 'utf8')) as { paths: Record<string, Record<string, { description?: string }>> };
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        if (typeof operation === 'object' && operation !== null && !Array.isArray(operation)) {
          operation.description = `${operation.description ?? ''}\n\nSee [the overview](/), [a neighbour](./list-ai-agents) and [nothing](/nowhere).`;
        }
      }
    }
    writeFileSync(path.join(root, spec), JSON.stringify(document));
    // Outside the project, so neither build reads the other's output.
    const outs = mkdtempSync(path.join(tmpdir(), 'sheaf-threads-'));
    try {
      if (!index) rmSync(path.join(root, 'index.mdx'));
      const threaded = path.join(outs, 'threads');
      const cli = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', root, '-o', threaded, '--no-cache', '--workers', '2', '--format', 'json', ...flags], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      expect(cli.status, cli.stderr).toBe(0);
      const single = path.join(outs, 'single');
      const deployment = flags.includes('air-gapped') ? { deployment: 'air-gapped' as const } : {};
      const r = await build({ root, outDir: single, cacheDir: false, workers: 0, ...deployment });
      expect(r.diagnostics.filter((d) => d.code === 'internal/error')).toEqual([]);
      // The same problems, the link check's among them (build/unresolved-link: read in a thread).
      const said = (list: readonly Diagnostic[]) => list.map((d) => `${d.code} ${d.file}:${d.line ?? 0} ${d.message}`).sort();
      const printed = JSON.parse(cli.stdout) as { diagnostics: Diagnostic[]; stats: { links: { checked: number; unresolved: number } } };
      expect(said(printed.diagnostics)).toEqual(said(r.diagnostics));
      expect(printed.diagnostics.filter((d) => d.code === 'build/unresolved-link' || d.code === 'build/broken-link').length).toBeGreaterThan(0);
      expect(printed.stats.links).toEqual(r.stats?.links);
      const a = tree(threaded);
      const b = tree(single);
      expect(a.size).toBeGreaterThan(2 * 294);
      expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
      const differing = [...a].filter(([file, bytes]) => !bytes.equals(b.get(file) as Buffer)).map(([file]) => file);
      expect(differing).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(outs, { recursive: true, force: true });
    }
  }, 300_000);
});
