import { execFileSync } from 'node:child_process';
import { link, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { snapshotSource } from '../../src/bundle/snapshot-source.js';

let tmp: string | undefined;
let source: string;
let into: string;
let outside: string;

beforeEach(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-snapshot-'));
  source = path.join(tmp, 'source');
  into = path.join(tmp, 'work', 'source');
  outside = path.join(tmp, 'outside');
  await mkdir(path.join(source, 'guides'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(source, 'docs.json'), '{"name":"x"}');
  await writeFile(path.join(source, 'guides', 'intro.mdx'), '# Intro\n');
  await writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE\n');
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Every entry of the snapshot: path and kind, sorted. */
async function entries(dir: string): Promise<string[]> {
  const found = await readdir(dir, { recursive: true, withFileTypes: true });
  return found.map((e) => `${path.relative(dir, path.join(e.parentPath, e.name))}${e.isSymbolicLink() ? ' (link)' : e.isDirectory() ? '/' : ''}`).sort();
}

describe('snapshotSource', () => {
  it('copies regular files; links inside become copies of their targets; the snapshot holds no link', async () => {
    await symlink('guides/intro.mdx', path.join(source, 'linked.mdx'));
    await symlink('guides', path.join(source, 'guides-link'));
    await symlink('..', path.join(source, 'guides', 'up')); // a cycle: left out
    await mkdir(path.join(source, 'node_modules', '.bin'), { recursive: true });
    await symlink('/usr/bin/env', path.join(source, 'node_modules', '.bin', 'env')); // never read, never looked at
    await mkdir(path.join(source, '.git'));
    await writeFile(path.join(source, '.git', 'config'), '[core]');
    expect(await snapshotSource({ source, into })).toEqual({ ok: true, files: 4, bytes: 12 + 8 * 3 });
    expect(await entries(into)).toEqual(['docs.json', 'guides-link/', 'guides-link/intro.mdx', 'guides/', 'guides/intro.mdx', 'linked.mdx']);
    expect((await lstat(path.join(into, 'linked.mdx'))).isFile()).toBe(true);
    expect(await readFile(path.join(into, 'guides-link', 'intro.mdx'), 'utf8')).toBe('# Intro\n');
  });

  it('fails on a link leading outside, naming it as the project wrote it, and copies nothing behind it', async () => {
    await symlink('../outside/secret.txt', path.join(source, 'secret.mdx'));
    await symlink(outside, path.join(source, 'other'));
    expect(await snapshotSource({ source, into })).toEqual({
      ok: false,
      reason: `The docs source holds a symbolic link \`other\` → \`${outside}\` that leads outside it (and 1 other entry like it); an export reads only files inside its source, so replace the link with a copy of the file.`,
    });
    await expect(readdir(into)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails on a FIFO without opening it', async () => {
    execFileSync('mkfifo', [path.join(source, 'guides', 'pipe.mdx')]);
    expect(await snapshotSource({ source, into })).toEqual({
      ok: false,
      reason: 'The docs source holds `guides/pipe.mdx`, a FIFO (named pipe); an export source may hold only files, folders and links inside it.',
    });
  });

  it('fails on a hard link to a file that also lives outside; hard links within the source are fine', async () => {
    await link(path.join(source, 'guides', 'intro.mdx'), path.join(source, 'again.mdx'));
    expect(await snapshotSource({ source, into })).toMatchObject({ ok: true, files: 3 });
    await rm(into, { recursive: true });
    await link(path.join(outside, 'secret.txt'), path.join(source, 'hard.mdx'));
    expect(await snapshotSource({ source, into })).toEqual({
      ok: false,
      reason: 'The docs source holds `hard.mdx`, a hard link to a file that also lives outside the source; an export source may hold only its own files, so replace it with a copy.',
    });
  });

  it('leaves out excluded folders inside the source (the data folder) and refuses a link into one', async () => {
    const data = path.join(source, '.sheaf-service');
    await mkdir(data, { recursive: true });
    await writeFile(path.join(data, 'signing.key'), 'KEY');
    expect(await snapshotSource({ source, into, exclude: [data] })).toEqual({ ok: true, files: 2, bytes: 20 });
    expect(await entries(into)).toEqual(['docs.json', 'guides/', 'guides/intro.mdx']);
    await rm(into, { recursive: true });
    await symlink('.sheaf-service/signing.key', path.join(source, 'key.mdx'));
    expect(await snapshotSource({ source, into, exclude: [data] })).toMatchObject({ ok: false, reason: expect.stringContaining('`key.mdx` → `.sheaf-service/signing.key` that leads outside it') });
  });

  it('keeps to its caps on files and bytes, just under and just over', async () => {
    expect(await snapshotSource({ source, into, maxFiles: 2, maxBytes: 20 })).toEqual({ ok: true, files: 2, bytes: 20 });
    await rm(into, { recursive: true });
    expect(await snapshotSource({ source, into, maxFiles: 1 })).toEqual({ ok: false, reason: 'The docs source holds more than 1 file, the most an export reads.' });
    expect(await snapshotSource({ source, into, maxBytes: 19 })).toEqual({ ok: false, reason: 'The docs source holds 20 bytes of files, over the 19 bytes an export reads.' });
  });
});
