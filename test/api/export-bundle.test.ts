import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../src/api/check.js';
import { exportBundle, type ExportResult } from '../../src/api/export-bundle.js';
import { readTarGz, readZip, type ReadEntry } from '../bundle/read-archive.js';
import { entryDate } from '../../src/bundle/pack-archive.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLE = path.join(REPO, 'fixtures/example');
const GATING = path.join(REPO, 'test/bundle/fixtures/bundle-gating');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-bundle-test-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('exportBundle: the example as a .tar.gz', () => {
  let first: ExportResult;
  let entries: ReadEntry[];

  beforeAll(async () => {
    first = await exportBundle({ root: EXAMPLE, output: path.join(tmp, 'a', 'site.tar.gz'), cacheDir: false, deployment: 'client-hosted' });
    entries = await readTarGz(path.join(tmp, 'a', 'site.tar.gz'));
  });

  it('writes the archive and says where, how big, with which hash', async () => {
    expect(first.build.errorCount).toBe(0);
    const bytes = await readFile(path.join(tmp, 'a', 'site.tar.gz'));
    expect(first.archive).toEqual({ path: path.join(tmp, 'a', 'site.tar.gz'), bytes: bytes.length, sha256: sha256(bytes) });
    // The gzip header is fixed: no time (bytes 4-7), best compression (8), Unix (9).
    expect([...bytes.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3]);
  });

  it('puts manifest.json first, then every file in byte order of its path, each with its content\'s time, the same mode and owner', () => {
    const names = entries.map((e) => e.name);
    expect(names[0]).toBe('manifest.json');
    const rest = names.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    expect(rest).toContain('index.html');
    expect(rest).toContain('api-reference/notes/create-a-note.html');
    expect(rest).not.toContain('_sheaf/.sheaf-output');
    expect(new Set(entries.map((e) => `${e.type} ${e.mode.toString(8)} ${e.uid}:${e.gid}`))).toEqual(new Set(['file 644 0:0']));
    // Time from content: equal contents share a time, and every distinct content has its own.
    for (const e of entries) expect([e.name, e.mtime]).toEqual([e.name, entryDate(sha256(e.content)).toISOString()]);
    const contents = new Set(entries.map((e) => sha256(e.content)));
    expect(new Set(entries.map((e) => e.mtime)).size).toBe(contents.size);
    expect(Math.max(...entries.map((e) => Date.parse(e.mtime)))).toBeLessThan(Date.UTC(2020, 0, 1));
  });

  it('holds brotli and gzip copies of the text files that shrink, listed in the manifest, decoding to the file', () => {
    const byName = new Map(entries.map((e) => [e.name, e.content]));
    const precompressed = first.manifest?.precompressed ?? {};
    const listed = Object.keys(precompressed);
    // Every text file of 256 bytes or more shrinks here; nothing else is compressed.
    const texts = entries.filter((e) => /\.(html?|css|m?js|json|map|webmanifest|mdx?|txt|csv|xml|ya?ml|svg|ico|wasm)$/.test(e.name) && e.name !== 'manifest.json' && e.content.length >= 256).map((e) => e.name);
    expect(listed.sort()).toEqual(texts.sort());
    expect(listed).toContain('index.html');
    expect(listed.filter((p) => /\.(png|woff2)$/.test(p))).toEqual([]);
    for (const [file, codings] of Object.entries(precompressed)) {
      expect([file, codings]).toEqual([file, ['br', 'gzip']]);
      const original = byName.get(file) as Buffer;
      const br = byName.get(`${file}.br`) as Buffer;
      const gz = byName.get(`${file}.gz`) as Buffer;
      expect([file, brotliDecompressSync(br).equals(original), gunzipSync(gz).equals(original)]).toEqual([file, true, true]);
      expect([file, br.length < original.length, gz.length < original.length]).toEqual([file, true, true]);
      // The gzip header of a copy is fixed as the archive's: no time, Unix.
      expect([...gz.subarray(4, 8), gz[9]]).toEqual([0, 0, 0, 0, 3]);
    }
  });

  it('has a manifest with versions, hash, profile, the page list of check --print-navigation and every file', async () => {
    const manifest = JSON.parse((entries[0] as ReadEntry).content.toString('utf8'));
    expect(manifest).toEqual(first.manifest);
    const site = (await check({ root: EXAMPLE })).site;
    expect(manifest.pages).toEqual(site?.pages);
    expect(manifest.pageCount).toBe(12);
    expect(manifest).toMatchObject({
      formatVersion: 1,
      sheafVersion: JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')).version,
      deployment: 'client-hosted',
      features: { search: true, assistant: true, analytics: true, playground: true },
      urlStyle: 'html',
      name: 'Acme Notes',
    });
    const files = entries.slice(1).map((e) => ({ path: e.name, sha256: sha256(e.content), size: e.content.length }));
    expect(manifest.files).toEqual(files);
    // The hash covers the site's own files, not the precompressed copies (their bytes depend on the compressor's version).
    const copies = new Set(Object.entries(manifest.precompressed as Record<string, string[]>).flatMap(([f, codings]) => codings.map((c) => `${f}.${c === 'gzip' ? 'gz' : c}`)));
    expect(copies.size).toBeGreaterThan(10);
    const lines = files.filter((f) => !copies.has(f.path)).map((f) => `${f.path}\0${f.sha256}\n`).join('');
    expect(manifest.contentHash).toBe(sha256(lines));
    expect(manifest.version).toBe(manifest.contentHash.slice(0, 12));
  });

  it('is byte-identical when exported again from another folder, with a render cache cold and warm', async () => {
    const copy = path.join(tmp, 'elsewhere', 'docs');
    await cp(EXAMPLE, copy, { recursive: true, filter: (f) => !/[\\/](_site|\.sheaf)$/.test(f) });
    const cacheDir = path.join(tmp, 'cache');
    const cold = await exportBundle({ root: copy, output: path.join(tmp, 'b.tar.gz'), cacheDir, deployment: 'client-hosted' });
    const warm = await exportBundle({ root: copy, output: path.join(tmp, 'c.tgz'), cacheDir, deployment: 'client-hosted' });
    expect(warm.build.stats?.cachedPages).toBeGreaterThan(0);
    expect(cold.archive?.sha256).toBe(first.archive?.sha256);
    expect(warm.archive?.sha256).toBe(first.archive?.sha256);
  });
});

describe('exportBundle: zip, version and refusals', () => {
  it('writes a deterministic .zip with the same entries and times', async () => {
    const a = await exportBundle({ root: GATING, output: path.join(tmp, 'z1.zip'), cacheDir: false, version: 'v2024.06-01' });
    const b = await exportBundle({ root: GATING, output: path.join(tmp, 'z2.zip'), cacheDir: false, version: 'v2024.06-01' });
    expect(a.archive?.sha256).toBe(b.archive?.sha256);
    expect(a.manifest?.version).toBe('v2024.06-01');
    const entries = await readZip(path.join(tmp, 'z1.zip'));
    expect(entries[0]?.name).toBe('manifest.json');
    expect(entries.map((e) => e.name).slice(1)).toEqual(a.manifest?.files.map((f) => f.path));
    expect(new Set(entries.map((e) => e.mode.toString(8)))).toEqual(new Set(['644']));
    for (const e of entries) expect([e.name, e.mtime]).toEqual([e.name, entryDate(sha256(e.content)).toISOString()]);
  });

  it('refuses an output that is neither .tar.gz, .tgz nor .zip, and builds nothing', async () => {
    const r = await exportBundle({ root: GATING, output: path.join(tmp, 'site.tar'), cacheDir: false });
    expect(r.build.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['bundle/output-format', 'error', `The bundle \`${path.join(tmp, 'site.tar')}\` is neither a .tar.gz, .tgz nor a .zip file.`],
    ]);
    expect(r.build.errorCount).toBe(1);
    expect(r.archive).toBeUndefined();
    expect(existsSync(path.join(tmp, 'site.tar'))).toBe(false);
  });

  it('refuses an export version that could not be a file name', async () => {
    const r = await exportBundle({ root: GATING, output: path.join(tmp, 'v.tar.gz'), cacheDir: false, version: '../v1' });
    expect(r.build.diagnostics.map((d) => d.code)).toEqual(['bundle/invalid-version']);
    expect(r.archive).toBeUndefined();
  });

  it('refuses a site with its own manifest.json at the root', async () => {
    const root = path.join(tmp, 'with-manifest');
    await cp(GATING, root, { recursive: true });
    await writeFile(path.join(root, 'manifest.json'), '{"name":"pwa"}');
    const r = await exportBundle({ root, output: path.join(tmp, 'm.tar.gz'), cacheDir: false });
    expect(r.build.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['bundle/reserved-path']);
    expect(r.archive).toBeUndefined();
    expect(existsSync(path.join(tmp, 'm.tar.gz'))).toBe(false);
  });

  it('reports an archive it cannot write, and leaves no partial file', async () => {
    await writeFile(path.join(tmp, 'a-file'), 'x');
    const blocked = await exportBundle({ root: GATING, output: path.join(tmp, 'a-file', 'site.tar.gz'), cacheDir: false });
    expect(blocked.build.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.message])).toEqual([
      ['bundle/write-failed', `The bundle \`${path.join(tmp, 'a-file', 'site.tar.gz')}\` could not be written (EEXIST).`],
    ]);
    expect(blocked.archive).toBeUndefined();
    // A folder where the archive should go: packing succeeds, the final rename fails.
    await mkdir(path.join(tmp, 'in-the-way', 'site.zip'), { recursive: true });
    const renamed = await exportBundle({ root: GATING, output: path.join(tmp, 'in-the-way', 'site.zip'), cacheDir: false });
    expect(renamed.build.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['bundle/write-failed']);
    expect(await readdir(path.join(tmp, 'in-the-way'))).toEqual(['site.zip']);
  });

  it('refuses features the profile does not offer, and writes nothing', async () => {
    const r = await exportBundle({ root: GATING, output: path.join(tmp, 'f.tar.gz'), cacheDir: false, deployment: 'air-gapped', features: { enable: ['analytics'] } });
    expect(r.build.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['bundle/feature-unavailable']);
    expect(r.build.stats).toBeUndefined();
    expect(existsSync(path.join(tmp, 'f.tar.gz'))).toBe(false);
  });
});

describe('deployment gating in the built site', () => {
  const exported = async (name: string, options: Partial<Parameters<typeof exportBundle>[0]>) => {
    const outDir = path.join(tmp, name);
    const r = await exportBundle({ root: GATING, output: path.join(tmp, `${name}.tar.gz`), outDir, cacheDir: false, ...options });
    const read = (f: string) => readFile(path.join(outDir, f), 'utf8');
    const htmlFiles = (await readdir(outDir, { recursive: true })).filter((f) => f.endsWith('.html'));
    return { r, read, outDir, htmlFiles, codes: r.build.diagnostics.map((d) => d.code).filter((c) => c.startsWith('bundle/')) };
  };

  it('cloud: analytics tags from the allowlist, the playground, search; unsafe integrations reported', async () => {
    const { r, read, codes } = await exported('cloud', { deployment: 'cloud' });
    const home = await read('index.html');
    expect(home.match(/<script defer src="[^"]+" data-sheaf-analytics="[a-z0-9]+"/g)).toEqual([
      '<script defer src="https://www.googletagmanager.com/gtag/js?id=G-ABC1234" data-sheaf-analytics="ga4"',
      '<script defer src="https://static.hotjar.com/c/hotjar-123.js?sv=6" data-sheaf-analytics="hotjar"',
      '<script defer src="https://plausible.io/js/script.js" data-sheaf-analytics="plausible"',
      '<script defer src="https://eu-assets.i.posthog.com/static/array.js" data-sheaf-analytics="posthog"',
    ]);
    expect(home).not.toContain('alert(1)');
    expect(home).toContain('data-sheaf-search-open');
    expect(await read('api-reference/list-items.html')).toContain('data-aside="playground"');
    expect(codes).toEqual(['bundle/analytics-invalid']);
    expect(r.build.diagnostics.find((d) => d.code === 'bundle/analytics-invalid')).toMatchObject({ file: 'docs.json', line: 17, column: 5 });
    expect(r.manifest?.features).toEqual({ search: true, assistant: true, analytics: true, playground: true });
  });

  it('air-gapped: no analytics, no remote image or frame, search and the playground kept', async () => {
    const { r, read, htmlFiles, codes } = await exported('air', { deployment: 'air-gapped' });
    expect(codes).toEqual(['bundle/analytics-off', 'bundle/external-resource']);
    const off = r.build.diagnostics.find((d) => d.code === 'bundle/analytics-off');
    expect(off?.message).toBe('The integrations `ga4`, `gtm`, `hotjar`, `plausible`, `posthog` are left out: an air-gapped bundle makes no network request.');
    expect(r.build.diagnostics.find((d) => d.code === 'bundle/external-resource')?.message).toBe(
      'The page `/` loads `https://cdn.example.com/pic.png`, `//video.example.com/embed/1` from the network; the air-gapped bundle leaves them out.',
    );
    for (const f of htmlFiles) {
      const html = await read(f);
      expect(html, f).not.toContain('data-sheaf-analytics');
      expect(html, f).not.toMatch(/<(img|iframe|script|video|audio|source)\b[^>]*\ssrc="(https?:)?\/\//);
      expect(html, f).not.toMatch(/<link\b[^>]*\shref="(https?:)?\/\//);
    }
    const home = await read('index.html');
    expect(home).toContain('<img src="images/logo.svg" alt="logo">');
    expect(home).toContain('data-sheaf-search-open');
    expect(await read('api-reference/list-items.html')).toContain('data-aside="playground"');
    expect(r.manifest?.features).toEqual({ search: true, assistant: false, analytics: false, playground: true });
  });

  it('air-gapped without the playground: API pages keep their samples but have no Try-it', async () => {
    const { read } = await exported('air-noplay', { deployment: 'air-gapped', features: { disable: ['playground'] } });
    const page = await read('api-reference/list-items.html');
    expect(page).not.toContain('data-aside="playground"');
    expect(page).toContain('data-aside="request"');
  });

  it('client-hosted without search and analytics: no search box, index or search files, no tags', async () => {
    const { r, read, outDir, codes } = await exported('hosted', { deployment: 'client-hosted', features: { disable: ['search', 'analytics'] } });
    const home = await read('index.html');
    expect(home).not.toContain('data-sheaf-search-open');
    expect(home).not.toContain('search-index.js');
    expect(home).not.toContain('data-sheaf-analytics');
    const sheafFiles = await readdir(path.join(outDir, '_sheaf'));
    expect(sheafFiles.filter((f) => /search|^index\.js$/.test(f))).toEqual([]);
    expect(r.build.stats?.searchRecords).toBe(0);
    expect(codes).toEqual(['bundle/analytics-off']);
    expect(r.build.diagnostics.find((d) => d.code === 'bundle/analytics-off')?.message).toContain('analytics are disabled');
  });
});
