import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packArchive } from '../../../src/bundle/pack-archive.js';
import { packSource, unpackSource } from '../../../src/server/service/source-archive.js';
import { packTarGz } from '../host/make-bundle.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-source-archive-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

describe('the source snapshot a worker on another machine builds from', () => {
  it('packs the source’s files as an export snapshot copies them, and unpacks them unchanged', async () => {
    const source = path.join(dir, 'source');
    await mkdir(path.join(source, 'guides'), { recursive: true });
    await mkdir(path.join(source, 'node_modules', 'x'), { recursive: true });
    await mkdir(path.join(source, 'data'), { recursive: true });
    await writeFile(path.join(source, 'docs.json'), '{"name":"x"}');
    await writeFile(path.join(source, 'guides', 'intro.mdx'), '# Intro');
    await writeFile(path.join(source, 'node_modules', 'x', 'index.js'), 'never read');
    await writeFile(path.join(source, 'data', 'signing.key'), 'secret');
    await symlink('intro.mdx', path.join(source, 'guides', 'again.mdx'));
    const output = path.join(dir, 'source.tar.gz');
    const result = await packSource({ source, workDir: path.join(dir, 'work'), exclude: [path.join(source, 'data')], output });
    expect(result).toEqual({ ok: true, files: 3, bytes: 26 });
    await unpackSource(output, path.join(dir, 'out'), 1_000_000);
    expect(await listFiles(path.join(dir, 'out'))).toEqual(['docs.json', 'guides/again.mdx', 'guides/intro.mdx']);
    expect(await readFile(path.join(dir, 'out', 'guides', 'again.mdx'), 'utf8')).toBe('# Intro');
    expect(await readdir(path.join(dir, 'work'))).toEqual([]);
  });

  it('refuses a source whose link leads outside it, with the export’s reason', async () => {
    const source = path.join(dir, 'source');
    await mkdir(source, { recursive: true });
    await writeFile(path.join(dir, 'secret.txt'), 'secret');
    await writeFile(path.join(source, 'docs.json'), '{}');
    await symlink('../secret.txt', path.join(source, 'leak.mdx'));
    const result = await packSource({ source, workDir: path.join(dir, 'work'), exclude: [], output: path.join(dir, 'source.tar.gz') });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain('[load/link-outside-project]');
  });

  it('unpacks no name that climbs out, and stops at the byte limit', async () => {
    const evil = path.join(dir, 'evil.tar.gz');
    await writeFile(evil, await packTarGz([{ name: '../escape.txt', content: 'x' }]));
    await expect(unpackSource(evil, path.join(dir, 'out'), 1_000)).rejects.toThrow('the source archive entry "../escape.txt" is refused');
    const linked = path.join(dir, 'linked.tar.gz');
    await writeFile(linked, await packTarGz([{ name: 'passwd.mdx', type: 'symlink', linkname: '/etc/passwd' }]));
    await expect(unpackSource(linked, path.join(dir, 'out1'), 1_000)).rejects.toThrow('the source archive entry "passwd.mdx" is not a regular file');
    const big = path.join(dir, 'big.tar.gz');
    await packArchive([{ name: 'a.mdx', from: Buffer.alloc(600) }, { name: 'b.mdx', from: Buffer.alloc(600) }], big, 'tar.gz');
    await expect(unpackSource(big, path.join(dir, 'out2'), 1_000)).rejects.toThrow('unpacks to more than 1000 bytes');
    await expect(unpackSource(big, path.join(dir, 'out3'), 10_000, 1)).rejects.toThrow('holds more than 1 entries');
  });
});
