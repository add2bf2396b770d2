import { mkdtemp, readdir, readFile, rm, writeFile, lstat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectArchiveKind } from '../../../src/server/host/archive-entries.js';
import { unpackBundle } from '../../../src/server/host/unpack-bundle.js';
import { bundleEntries, manifestOf, packTarGz, packZip, type TestEntry } from './make-bundle.js';

const SITE = { 'index.html': '<h1>Home</h1>', 'guide/index.html': '<h1>Guide</h1>', 'guide.md': '# Guide\n' };

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-unpack-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

async function unpack(kind: 'tar.gz' | 'zip', entries: readonly TestEntry[]) {
  const archive = path.join(work, `bundle.${kind}`);
  await writeFile(archive, kind === 'zip' ? packZip(entries) : await packTarGz(entries));
  const dest = path.join(work, 'out');
  await rm(dest, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(dest));
  return { result: await unpackBundle(archive, kind, dest), dest };
}

const good = () => bundleEntries(SITE, 'v1');

describe.each(['tar.gz', 'zip'] as const)('unpackBundle (%s)', (kind) => {
  it('unpacks a good bundle and writes manifest.json last', async () => {
    const { result, dest } = await unpack(kind, good());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.version).toBe('v1');
    expect(result.value.files.map((f) => f.path)).toEqual(['guide.md', 'guide/index.html', 'index.html']);
    expect(await readFile(path.join(dest, 'guide/index.html'), 'utf8')).toBe('<h1>Guide</h1>');
    expect(JSON.parse(await readFile(path.join(dest, 'manifest.json'), 'utf8')).version).toBe('v1');
    expect(((await lstat(path.join(dest, 'index.html'))).mode & 0o777).toString(8)).toBe('644');
  });

  it('accepts directory entries and a leading ./', async () => {
    const entries = [{ name: './guide/', type: 'directory' as const }, ...good().map((e) => ({ ...e, name: `./${e.name}` }))];
    const { result } = await unpack(kind, entries);
    expect(result.ok).toBe(true);
  });

  const refused: [string, (e: TestEntry[]) => TestEntry[], string, string][] = [
    ['a `..` entry', (e) => [...e, { name: '../escape.txt', content: 'x' }], 'host/unsafe-entry', '`..` segment'],
    ['a nested `..` entry', (e) => [...e, { name: 'guide/../../escape.txt', content: 'x' }], 'host/unsafe-entry', '`..` segment'],
    ['an absolute path', (e) => [...e, { name: '/etc/escape.txt', content: 'x' }], 'host/unsafe-entry', 'an absolute path'],
    ['a drive-letter path', (e) => [...e, { name: 'C:escape.txt', content: 'x' }], 'host/unsafe-entry', 'an absolute path'],
    ['a backslash', (e) => [...e, { name: '..\\escape.txt', content: 'x' }], 'host/unsafe-entry', 'a backslash'],
    ['a control character', (e) => [...e, { name: 'a\u0001b.txt', content: 'x' }], 'host/unsafe-entry', 'a control character'],
    ['an empty segment', (e) => [...e, { name: 'guide//x.txt', content: 'x' }], 'host/unsafe-entry', 'empty or `.` segment'],
    ['a symbolic link', (e) => [...e, { name: 'link.html', type: 'symlink', linkname: '/etc/passwd' }], 'host/unsafe-entry', 'symbolic link'],
    ['a duplicate entry', (e) => [...e, { name: 'index.html', content: '<h1>Other</h1>' }], 'host/unsafe-entry', 'appears twice'],
    ['a file that is also a folder', (e) => [...e, { name: 'index.html/x', content: 'x' }], 'host/unsafe-entry', 'is a file in the same archive'],
    ['an entry the manifest does not list', (e) => [...e, { name: 'extra.js', content: 'alert(1)' }], 'host/file-mismatch', 'does not list'],
    ['a listed file missing', (e) => e.filter((x) => x.name !== 'guide.md'), 'host/file-mismatch', 'missing from the bundle'],
    ['a tampered file (same size)', (e) => e.map((x) => (x.name === 'index.html' ? { ...x, content: '<h1>Hack</h1>' } : x)), 'host/file-mismatch', 'SHA-256'],
    ['a file of another size', (e) => e.map((x) => (x.name === 'index.html' ? { ...x, content: '<h1>Home!</h1>' } : x)), 'host/file-mismatch', 'the manifest says 13'],
    ['no manifest', (e) => e.filter((x) => x.name !== 'manifest.json'), 'host/bad-manifest', 'no manifest.json'],
    ['a manifest that is not JSON', (e) => e.map((x) => (x.name === 'manifest.json' ? { ...x, content: '{nope' } : x)), 'host/bad-manifest', 'not valid JSON'],
    [
      'another format version',
      (e) => e.map((x) => (x.name === 'manifest.json' ? { ...x, content: JSON.stringify({ ...manifestOf(SITE, 'v1'), formatVersion: 2 }) } : x)),
      'host/format-version',
      'format version is 2',
    ],
    [
      'a manifest listing a `..` path',
      (e) => e.map((x) => (x.name === 'manifest.json' ? { ...x, content: JSON.stringify({ ...manifestOf(SITE, 'v1'), files: [{ path: '../x', sha256: '0'.repeat(64), size: 1 }] }) } : x)),
      'host/bad-manifest',
      '`..` segment',
    ],
    [
      'a version that is not a folder name',
      (e) => e.map((x) => (x.name === 'manifest.json' ? { ...x, content: JSON.stringify(manifestOf(SITE, '../v1')) } : x)),
      'host/bad-manifest',
      'at `version`',
    ],
  ];
  it.each(refused)('refuses %s', async (_label, change, code, words) => {
    const { result } = await unpack(kind, change(good()));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.code).toBe(code);
    expect(result.problem.message).toContain(words);
    expect(await readdir(work)).not.toContain('escape.txt');
  });
});

describe('unpackBundle (tar only)', () => {
  it.each([
    ['a hard link', { name: 'hard.html', type: 'link', linkname: 'index.html' }, 'hard link'],
    ['a device', { name: 'dev', type: 'character-device' }, 'device'],
  ] as const)('refuses %s', async (_label, entry, words) => {
    const { result } = await unpack('tar.gz', [...good(), entry]);
    expect(result.ok ? undefined : result.problem.code).toBe('host/unsafe-entry');
    expect(result.ok ? '' : result.problem.message).toContain(words);
  });

  it('refuses content past the size limit (a gzip bomb)', async () => {
    const big = 'x'.repeat(100_000);
    const archive = path.join(work, 'b.tar.gz');
    await writeFile(archive, await packTarGz(bundleEntries({ ...SITE, 'big.txt': big }, 'v1')));
    await import('node:fs/promises').then((fs) => fs.mkdir(path.join(work, 'out')));
    const result = await unpackBundle(archive, 'tar.gz', path.join(work, 'out'), { maxUnpackedBytes: 50_000, maxEntries: 100, maxManifestBytes: 10_000 });
    expect(result.ok ? undefined : result.problem.code).toBe('host/bundle-too-large');
  });

  it('refuses a corrupt archive', async () => {
    const archive = path.join(work, 'b.tar.gz');
    const whole = await packTarGz(good());
    await writeFile(archive, whole.subarray(0, whole.length - 20));
    await import('node:fs/promises').then((fs) => fs.mkdir(path.join(work, 'out')));
    const result = await unpackBundle(archive, 'tar.gz', path.join(work, 'out'));
    expect(result.ok ? undefined : result.problem.code).toBe('host/bad-archive');
  });
});

describe('detectArchiveKind', () => {
  it('reads magic bytes, not names', async () => {
    await writeFile(path.join(work, 'a.zip'), await packTarGz(good()));
    await writeFile(path.join(work, 'b.bin'), packZip(good()));
    await writeFile(path.join(work, 'c.tar.gz'), '<html>Sign in</html>');
    expect(await detectArchiveKind(path.join(work, 'a.zip'))).toBe('tar.gz');
    expect(await detectArchiveKind(path.join(work, 'b.bin'))).toBe('zip');
    expect(await detectArchiveKind(path.join(work, 'c.tar.gz'))).toBeUndefined();
  });
});
