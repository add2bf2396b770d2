import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBuiltSite } from '../../src/emit/link-check.js';
import { removeStale, saveOutputState, takeOutputState } from '../../src/emit/output-state.js';
import { createSiteWriter } from '../../src/emit/write-site.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sheaf-output-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the site writer of an incremental build', () => {
  it('does not write a file again whose content is unchanged and which is as it was written; writes one changed, edited or gone', async () => {
    const out = path.join(dir, 'out');
    const first = createSiteWriter(out, undefined, {});
    await first.write({ path: 'a/index.html', content: 'A' });
    await first.write({ path: 'b.md', content: 'B' });
    await first.write({ path: 'c.txt', content: 'C' });
    const previous = Object.fromEntries(first.stamps());
    const mtime = async (f: string) => (await stat(path.join(out, f))).mtimeMs;
    const before = { a: await mtime('a/index.html'), b: await mtime('b.md') };
    // Edited by hand since: same size, another time (set, not waited for: some file systems count whole seconds).
    await writeFile(path.join(out, 'c.txt'), 'X');
    await utimes(path.join(out, 'c.txt'), new Date(), new Date(Date.now() + 5000));
    const second = createSiteWriter(out, undefined, previous);
    await second.write({ path: 'a/index.html', content: 'A' });
    await second.write({ path: 'b.md', content: 'B2' });
    await second.write({ path: 'c.txt', content: 'C' });
    expect(await mtime('a/index.html')).toBe(before.a);
    expect(await mtime('b.md')).not.toBe(before.b);
    expect(await readFile(path.join(out, 'b.md'), 'utf8')).toBe('B2');
    expect(await readFile(path.join(out, 'c.txt'), 'utf8')).toBe('C');
    expect(second.stats()).toEqual({ files: 3, bytes: 4 });
  });

  it('keeps a file only when the last build wrote it from the same key and it is as written', async () => {
    const out = path.join(dir, 'out');
    const first = createSiteWriter(out, undefined, {});
    await first.write({ path: 'og/a.png', content: 'PNG-A' }, 'key-a');
    await first.write({ path: 'og/b.png', content: 'PNG-B' }, 'key-b');
    const previous = Object.fromEntries(first.stamps());
    await rm(path.join(out, 'og/b.png'));
    const second = createSiteWriter(out, undefined, previous);
    expect(await second.keep('og/a.png', 'key-a')).toBe(true);
    expect(await second.keep('og/a.png', 'key-other')).toBe(false);
    expect(await second.keep('og/b.png', 'key-b')).toBe(false);
    expect(await second.keep('og/never.png')).toBe(false);
    expect([...second.stamps().keys()]).toEqual(['og/a.png']);
    // A first build (no previous state) keeps nothing.
    expect(await createSiteWriter(out).keep('og/a.png', 'key-a')).toBe(false);
  });

  it('a file written twice in one build counts once, with its last size', async () => {
    const writer = createSiteWriter(path.join(dir, 'out'), undefined, {});
    await writer.write({ path: 'x/index.html', content: 'page' });
    await writer.write({ path: 'x/index.html', content: 'redirect page' });
    expect(writer.stats()).toEqual({ files: 1, bytes: 13 });
  });
});

describe('removeStale', () => {
  it('removes what the build did not write or keep, and the folders it leaves empty; keeps the marker', async () => {
    const out = path.join(dir, 'out');
    for (const f of ['_sheaf/.sheaf-output', 'kept/index.html', 'gone/deep/index.html', 'gone.md', 'mixed/kept.html', 'mixed/gone.html']) {
      await mkdir(path.dirname(path.join(out, f)), { recursive: true });
      await writeFile(path.join(out, f), f);
    }
    const left = await removeStale(out, new Set(['kept/index.html', 'mixed/kept.html']));
    expect(left).toEqual(['_sheaf/.sheaf-output', 'kept/index.html', 'mixed/kept.html']);
    expect((await readdir(out)).sort()).toEqual(['_sheaf', 'kept', 'mixed']);
  });
});

describe('the saved state', () => {
  it('is read once: a build stopped half-way leaves none, and the next starts from an empty folder', async () => {
    const cache = path.join(dir, 'cache');
    const out = path.join(dir, 'out');
    await saveOutputState(cache, out, { files: { 'a.html': { hash: 'h', size: 1, mtimeMs: 1 } }, pages: {} });
    expect(await takeOutputState(cache, path.join(dir, 'elsewhere'))).toBeUndefined();
    expect((await takeOutputState(cache, out))?.files['a.html']?.hash).toBe('h');
    expect(await takeOutputState(cache, out)).toBeUndefined();
  });

  it('a damaged state file is no state', async () => {
    const cache = path.join(dir, 'cache');
    const out = path.join(dir, 'out');
    await saveOutputState(cache, out, { files: {}, pages: {} });
    const [file] = await readdir(path.join(cache, 'builds'));
    await writeFile(path.join(cache, 'builds', file as string), '{"format":1,"outDir"');
    expect(await takeOutputState(cache, out)).toBeUndefined();
  });
});

describe("the link check with the last build's results", () => {
  async function site(files: Record<string, string>): Promise<string> {
    const out = path.join(dir, 'site');
    await rm(out, { recursive: true, force: true });
    for (const [f, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(out, f)), { recursive: true });
      await writeFile(path.join(out, f), content);
    }
    return out;
  }

  it("takes a file's results over while its digest and the site's files are the same; reads it again otherwise", async () => {
    const out = await site({ 'index.html': '<a href="/a/">a</a><a href="/missing/">m</a>', 'a/index.html': '<a href="/">home</a>' });
    const digests: Record<string, string> = { 'index.html': '1', 'a/index.html': '2' };
    const first = await checkBuiltSite(out, { memo: { digestOf: (f) => digests[f] } });
    expect(first.unresolved.map((u) => u.path)).toEqual(['missing/']);
    expect(first.memo?.files['index.html']).toMatchObject({ digest: '1', checked: 2 });
    // The file changes on disk but its digest is said to be the same: the results are taken over, not read.
    await writeFile(path.join(out, 'index.html'), '<a href="/other/">o</a>');
    const kept = await checkBuiltSite(out, { memo: { previous: first.memo, digestOf: (f) => digests[f] } });
    expect(kept.unresolved.map((u) => u.path)).toEqual(['missing/']);
    expect(kept.checked).toBe(3);
    // A new digest: read again.
    digests['index.html'] = '3';
    const read = await checkBuiltSite(out, { memo: { previous: first.memo, digestOf: (f) => digests[f] } });
    expect(read.unresolved.map((u) => u.path)).toEqual(['other/']);
    // Another file in the site: every result is checked again (a link may lead to it now).
    await mkdir(path.join(out, 'missing'));
    await writeFile(path.join(out, 'missing/index.html'), '');
    await writeFile(path.join(out, 'index.html'), '<a href="/a/">a</a><a href="/missing/">m</a>');
    digests['index.html'] = '1';
    const grown = await checkBuiltSite(out, { memo: { previous: first.memo, digestOf: (f) => digests[f] } });
    expect(grown.unresolved).toEqual([]);
  });
});
