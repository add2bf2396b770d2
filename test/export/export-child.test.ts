import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportChild, type ExportChildResult } from '../../src/export/run-export-child.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { readTarGz } from '../bundle/read-archive.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLE = path.join(REPO, 'fixtures/example');
const LIMITS = { timeoutMs: 60_000, maxMemoryMb: 512 } as const;

let tmp: string;
/** A throwaway docs project of one or more MDX pages. */
async function project(name: string, pages: Readonly<Record<string, string>>): Promise<string> {
  const root = path.join(tmp, 'projects', name);
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const config = { theme: 'mint', name, colors: { primary: '#0D9373' }, navigation: { pages: Object.keys(pages) } };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  for (const [page, text] of Object.entries(pages)) await writeFile(path.join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n${text}\n`);
  return root;
}

beforeAll(async () => {
  // The export process runs compiled code: `npm run build` (CI: `npm ci` runs it) makes it.
  expect(existsSync(path.join(REPO, 'dist/export/export-child.js')), 'dist/ is missing: run `npm run build`').toBe(true);
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-export-child-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe.each(['bwrap', 'permission'] as const)('runExportChild (sandbox %s)', (sandbox) => {
  const work = (name: string) => path.join(tmp, 'work', sandbox, name);
  it('exports the example in a child process, with progress, and names the files it wrote', async () => {
    const progress: { progress: number; pageCount: number }[] = [];
    const r = await runExportChild({ sandbox, source: EXAMPLE, workDir: work('example'), version: 'se_0123456789abcdef', deployment: 'air-gapped', ...LIMITS, onProgress: (p) => progress.push(p) });
    expect(r).toEqual({
      ok: true,
      bundleFile: path.join(work('example'), 'bundle.tar.gz'),
      bytes: (await stat(path.join(work('example'), 'bundle.tar.gz'))).size,
      pageCount: 12,
      searchRecordsFile: path.join(work('example'), 'search-records.json'),
      pageTextsFile: path.join(work('example'), 'page-texts.json'),
      errors: 0,
      warnings: 0,
    });
    expect(progress.map((p) => p.pageCount)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12]);
    expect(progress.map((p) => p.progress)).toEqual([7, 15, 23, 31, 39, 47, 55, 63, 71, 79, 87, 95, 100]);
    const records = JSON.parse(await readFile(path.join(work('example'), 'search-records.json'), 'utf8'));
    expect(records.length).toBeGreaterThan(10);
    const entries = await readTarGz(path.join(work('example'), 'bundle.tar.gz'));
    const manifest = JSON.parse(entries[0]?.content.toString('utf8') ?? '{}');
    expect(manifest).toMatchObject({ version: 'se_0123456789abcdef', deployment: 'air-gapped', pageCount: 12 });
    // The pages' Markdown copies, by route, for each route of the records.
    const texts = JSON.parse(await readFile(path.join(work('example'), 'page-texts.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(texts).sort()).toEqual([...new Set((records as { route: string }[]).map((r) => r.route))].sort());
    expect(texts['/quickstart']).toContain('# Quickstart');
    // The built site folder is gone; only the bundle, the records, the page texts and the diagnostics stay.
    expect((await readdir(work('example'))).sort()).toEqual(['bundle.tar.gz', 'diagnostics.json', 'page-texts.json', 'search-records.json']);
  });

  it('keeps MDX from reading or writing outside its source, work folder and Sheaf\'s code, or seeing the environment; the build goes on', async () => {
    const secretFile = path.join(tmp, 'secret.txt');
    await writeFile(secretFile, 'TOPSECRET-4711\n');
    const outside = path.join(tmp, 'pwned.txt');
    const source = await project('sandbox', {
      index: `export const secret = process.getBuiltinModule('fs').readFileSync(${JSON.stringify(secretFile)}, 'utf8')\n\nSecret: {secret}`,
      host: "Host: {process.getBuiltinModule('node:fs').readFileSync('/etc/hostname', 'utf8')}",
      imports: `import fs from 'fs'\n\nexport const x = typeof require === 'function' ? require('fs').readFileSync(${JSON.stringify(secretFile)}, 'utf8') : 'no require'\n\nValue: {x}`,
      write: `export const w = process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(outside)}, 'x')\n\nWrote.`,
      env: 'Env: {JSON.stringify(process.env)}',
      sheaf: `Readme: {process.getBuiltinModule('fs').readFileSync(${JSON.stringify(path.join(REPO, 'README.md'))}, 'utf8').slice(0, 40)}`,
      fine: 'Plain page.',
    });
    process.env['SHEAF_TEST_SECRET'] = 'hunter2-env-secret';
    let r: ExportChildResult;
    try {
      r = await runExportChild({ sandbox, source, workDir: work('sandbox'), version: 'v1', ...LIMITS });
    } finally {
      delete process.env['SHEAF_TEST_SECRET'];
    }
    expect(r).toMatchObject({ ok: true, pageCount: 7, errors: 4 });
    const diagnostics = JSON.parse(await readFile(path.join(work('sandbox'), 'diagnostics.json'), 'utf8')) as Diagnostic[];
    expect(diagnostics.filter((d) => d.severity !== 'info').map((d) => [d.file, d.code, d.message])).toEqual([
      ['host.mdx', 'mdx/runtime', 'Rendering failed: the export sandbox does not allow reading files outside the docs source (access denied)'],
      ['imports.mdx', 'mdx/unsupported-import', 'Import from package `fs` is not supported; its bindings render nothing.'],
      ['index.mdx', 'mdx/runtime', 'Rendering failed: the export sandbox does not allow reading files outside the docs source (access denied)'],
      ['sheaf.mdx', 'mdx/runtime', 'Rendering failed: the export sandbox does not allow reading files outside the docs source (access denied)'],
      ['write.mdx', 'mdx/runtime', 'Rendering failed: the export sandbox does not allow writing files outside the docs source (access denied)'],
    ]);
    expect(existsSync(outside)).toBe(false);
    const entries = await readTarGz(path.join(work('sandbox'), 'bundle.tar.gz'));
    const everything = entries.map((e) => e.content.toString('utf8')).join('\n') + (await readFile(path.join(work('sandbox'), 'search-records.json'), 'utf8'));
    expect(everything).not.toContain('TOPSECRET-4711');
    expect(everything).not.toContain('hunter2-env-secret');
    const env = entries.find((e) => e.name === 'env.html')?.content.toString('utf8') ?? '';
    expect(env).toContain('Env: {}');
    const imports = entries.find((e) => e.name === 'imports.html')?.content.toString('utf8') ?? '';
    expect(imports).toContain('Value: no require');
    expect(entries.some((e) => e.name === 'fine.html')).toBe(true);
  });

  it('builds the Ask AI panel it is given into every page (the service’s export of a site with a public key)', async () => {
    const source = await project('panel', { index: 'Hello.', guide: 'A guide.' });
    const assistant = { endpoint: 'https://api.acme.com/discovery/v2/assistant/docs.acme.com/message', key: 'svc_dsc_public0123456789' };
    const r = await runExportChild({ sandbox, source, workDir: work('panel'), version: 'v1', deployment: 'client-hosted', assistant, ...LIMITS });
    expect(r.ok).toBe(true);
    const pages = (await readTarGz(path.join(work('panel'), 'bundle.tar.gz'))).filter((e) => e.name.endsWith('.html') && e.name !== '404.html');
    expect(pages.map((e) => e.name).sort()).toEqual(['guide.html', 'index.html']);
    for (const page of pages) expect(page.content.toString('utf8'), page.name).toContain(`data-endpoint="${assistant.endpoint}" data-key="${assistant.key}"`);
  });

  it('kills a build that passes its time limit, and says so', async () => {
    const source = await project('slow', { index: "export const late = await new Promise((resolve) => setTimeout(() => resolve('late'), 120000))\n\n{late}" });
    const r = await runExportChild({ sandbox, source, workDir: work('slow'), version: 'v1', timeoutMs: 2000, maxMemoryMb: 256 });
    expect(r).toEqual({ ok: false, reason: 'The export took longer than its time limit of 2 s and was stopped.' });
  });

  it('reports a build that runs out of memory', async () => {
    const source = await project('hungry', { index: 'export const n = (() => { const a = []; for (let i = 0; i < 1e6; i++) a.push(new Array(1e6).fill(i + 0.5)); return a.length })()\n\n{n}' });
    const r = await runExportChild({ sandbox, source, workDir: work('hungry'), version: 'v1', timeoutMs: 60_000, maxMemoryMb: 64 });
    expect(r).toEqual({ ok: false, reason: 'The export ran out of memory (limit 64 MB).' });
  });

  it('stops the build when the caller aborts', async () => {
    const source = await project('aborted', { index: "export const late = await new Promise((resolve) => setTimeout(() => resolve('late'), 120000))\n\n{late}" });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 1000);
    const r = await runExportChild({ sandbox, source, workDir: work('aborted'), version: 'v1', ...LIMITS, signal: controller.signal });
    clearTimeout(timer);
    expect(r).toEqual({ ok: false, reason: 'The export was cancelled.' });
    expect(await runExportChild({ sandbox, source, workDir: work('aborted-early'), version: 'v1', ...LIMITS, signal: AbortSignal.abort() })).toEqual({ ok: false, reason: 'The export was cancelled.' });
  });

  it('fails in plain words, naming no folder outside the work folder', async () => {
    const empty = path.join(tmp, 'projects', 'empty');
    await mkdir(empty, { recursive: true });
    expect(await runExportChild({ sandbox, source: empty, workDir: work('empty'), version: 'v1', ...LIMITS })).toEqual({
      ok: false,
      reason: 'The docs source holds neither docs.json nor mint.json. [project/not-found]',
    });
    expect(await runExportChild({ sandbox, source: path.join(tmp, 'nowhere'), workDir: work('nowhere'), version: 'v1', ...LIMITS })).toEqual({
      ok: false,
      reason: 'The docs source folder does not exist.',
    });
  });
});

describe('runExportChild before the export process starts', () => {
  it('counts the copy of the source against the time limit: a source slower to copy than the limit ends at the limit, no process started', async () => {
    const root = path.join(tmp, 'projects', 'many-files');
    await mkdir(path.join(root, 'files'), { recursive: true });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#0D9373' }, navigation: { pages: [] } }));
    // 1,000 files cannot be listed and copied within 1 ms: the timer fires during the copy.
    await Promise.all(Array.from({ length: 1000 }, (_, i) => writeFile(path.join(root, 'files', `f${i}.txt`), 'x')));
    const workDir = path.join(tmp, 'work', 'many-files');
    const progress: unknown[] = [];
    expect(await runExportChild({ source: root, workDir, version: 'v1', timeoutMs: 1, maxMemoryMb: 256, onProgress: (p) => progress.push(p) })).toEqual({
      ok: false,
      reason: 'The export took longer than its time limit of 1 ms and was stopped.',
    });
    // No process ran: nothing reported progress, nothing was written, the snapshot is gone.
    expect(progress).toEqual([]);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('hears an abort while the source is copied: cancelled, no process started', async () => {
    const controller = new AbortController();
    const workDir = path.join(tmp, 'work', 'aborted-copy');
    const running = runExportChild({ source: path.join(tmp, 'projects', 'many-files'), workDir, version: 'v1', ...LIMITS, signal: controller.signal });
    controller.abort();
    expect(await running).toEqual({ ok: false, reason: 'The export was cancelled.' });
    expect(await readdir(workDir)).toEqual([]);
  });
});
