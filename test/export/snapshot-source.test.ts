import { execFileSync } from 'node:child_process';
import { link, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SNAPSHOT_ENTRIES, snapshotSource } from '../../src/export/snapshot-source.js';
import { diamondWalk, level, makeDiamond } from '../load/diamond.js';

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
      reason: `The docs source holds a symbolic link \`other\` → \`${outside}\` that leads outside it (and 1 other entry like it); an export reads only files inside its source, so replace the link with a copy of the file. [load/link-outside-project]`,
    });
    await expect(readdir(into)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails on a FIFO without opening it', async () => {
    execFileSync('mkfifo', [path.join(source, 'guides', 'pipe.mdx')]);
    expect(await snapshotSource({ source, into })).toEqual({
      ok: false,
      reason: 'The docs source holds `guides/pipe.mdx`, a FIFO (named pipe); an export source may hold only files, folders and links inside it. [load/not-a-regular-file]',
    });
  });

  it('fails on a hard link to a file that also lives outside; hard links within the source are fine', async () => {
    await link(path.join(source, 'guides', 'intro.mdx'), path.join(source, 'again.mdx'));
    expect(await snapshotSource({ source, into })).toMatchObject({ ok: true, files: 3 });
    await rm(into, { recursive: true });
    await link(path.join(outside, 'secret.txt'), path.join(source, 'hard.mdx'));
    expect(await snapshotSource({ source, into })).toEqual({
      ok: false,
      reason: 'The docs source holds `hard.mdx`, a hard link to a file that also lives outside the source; an export source may hold only its own files, so replace it with a copy. [load/link-outside-project]',
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
    expect(await snapshotSource({ source, into, maxFiles: 1 })).toEqual({ ok: false, reason: 'The docs source holds more than 1 file, the most an export reads. [load/project-too-large]' });
    expect(await snapshotSource({ source, into, maxBytes: 19 })).toEqual({ ok: false, reason: 'The docs source holds 20 bytes of files, over the 19 bytes an export reads. [load/project-too-large]' });
  });

  it('copies a diamond of 25 empty folders and 48 links (2^24 paths) as its folders, once through links', { timeout: 10_000 }, async () => {
    expect(await makeDiamond(source, 25)).toBe(48);
    expect(await snapshotSource({ source, into })).toEqual({ ok: true, files: 2, bytes: 20 });
    // Empty folders are not copied (a snapshot holds files): what the build reads is all there.
    expect(await entries(into)).toEqual(['docs.json', 'guides/', 'guides/intro.mdx']);
  });

  it('copies the file at the bottom of a diamond twice: at its own path and through the first chain of links', { timeout: 10_000 }, async () => {
    expect(await makeDiamond(source, 19, { name: 'deep.mdx', text: '# Deep\n' })).toBe(36);
    expect(await snapshotSource({ source, into })).toEqual({ ok: true, files: 4, bytes: 20 + 7 * 2 });
    const chain = diamondWalk(19).lastFolders[0];
    expect((await entries(into)).filter((e) => e.endsWith('deep.mdx'))).toEqual([`${chain}/deep.mdx`, `${level(18)}/deep.mdx`]);
    expect(await readFile(path.join(into, chain, 'deep.mdx'), 'utf8')).toBe('# Deep\n');
    expect((await lstat(path.join(into, chain))).isDirectory()).toBe(true);
  });

  it('counts folders and links against its cap on entries, just under and just over', async () => {
    // docs.json, guides/, guides/intro.mdx: 3 entries.
    expect(await snapshotSource({ source, into, maxEntries: 3 })).toEqual({ ok: true, files: 2, bytes: 20 });
    await rm(into, { recursive: true });
    expect(await snapshotSource({ source, into, maxEntries: 2 })).toEqual({
      ok: false,
      reason: 'The docs source holds more than 2 files, folders and links, the most an export looks at. [load/project-too-large]',
    });
    expect(DEFAULT_SNAPSHOT_ENTRIES).toBe(200_000);
  });

  it('stops when its signal is aborted: nothing copied', async () => {
    expect(await snapshotSource({ source, into, signal: AbortSignal.abort() })).toEqual({ ok: false, reason: 'The copy of the docs source was stopped.', aborted: true });
    await expect(readdir(into)).rejects.toMatchObject({ code: 'ENOENT' });
    // Aborted while the source is walked: a link folder is looked at, then the walk ends.
    const controller = new AbortController();
    await makeDiamond(source, 3);
    const walking = snapshotSource({ source, into, signal: controller.signal });
    controller.abort();
    expect(await walking).toEqual({ ok: false, reason: 'The copy of the docs source was stopped.', aborted: true });
  });
});
