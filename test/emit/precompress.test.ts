import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCompressible, precompressSite } from '../../src/emit/precompress.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-precompress-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const page = '<!doctype html><html><body>' + '<p>Notes are private to your workspace.</p>'.repeat(40) + '</body></html>';

async function site(files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

describe('precompressSite', () => {
  it('writes a brotli and a gzip copy of each text file that shrinks, and nothing else', async () => {
    const noise = randomBytes(4096);
    await site({ 'index.html': page, 'guide/index.html': page.replace('Notes', 'Guide'), '_sheaf/small.css': 'a{b:c}', 'logo.png': Buffer.alloc(2048, 7), 'noise.txt': noise, 'data.json': page, 'data.json.gz': 'the project\'s own file' });
    const found = await precompressSite(dir);
    // data.json keeps the project's own data.json.gz: only its brotli copy is written.
    expect(Object.fromEntries(Object.entries(found).sort())).toEqual({ 'data.json': ['br'], 'guide/index.html': ['br', 'gzip'], 'index.html': ['br', 'gzip'] });
    const all = (await readdir(dir, { recursive: true })).map(String).sort();
    expect(all.filter((f) => /\.(br|gz)$/.test(f))).toEqual(['data.json.br', 'data.json.gz', 'guide/index.html.br', 'guide/index.html.gz', 'index.html.br', 'index.html.gz']);
    expect(await readFile(path.join(dir, 'data.json.gz'), 'utf8')).toBe("the project's own file");
    const original = await readFile(path.join(dir, 'index.html'));
    expect(brotliDecompressSync(await readFile(path.join(dir, 'index.html.br'))).equals(original)).toBe(true);
    expect(gunzipSync(await readFile(path.join(dir, 'index.html.gz'))).equals(original)).toBe(true);
  });

  it('writes the same bytes every time', async () => {
    await site({ 'index.html': page });
    await precompressSite(dir);
    const first = await Promise.all(['index.html.br', 'index.html.gz'].map((f) => readFile(path.join(dir, f))));
    await precompressSite(dir);
    const second = await Promise.all(['index.html.br', 'index.html.gz'].map((f) => readFile(path.join(dir, f))));
    expect(first.map((b, i) => b.equals(second[i] as Buffer))).toEqual([true, true]);
    // A fixed gzip header: no time, Unix.
    expect([...(first[1] as Buffer).subarray(4, 10)]).toEqual([0, 0, 0, 0, 2, 3]);
  });

  it('compresses text by extension, from 256 bytes', () => {
    expect(['a.html', 'b/c.css', 'd.JS', 'e.json', 'f.svg', 'g.xml', 'h.txt', 'i.md'].map((f) => isCompressible(f, 256))).toEqual(Array(8).fill(true));
    expect(['a.html', 'a.png', 'a.woff2', 'a.gz', 'a.br', 'Makefile', '.html'].map((f, i) => isCompressible(f, i === 0 ? 255 : 5000))).toEqual(Array(7).fill(false));
  });
});
