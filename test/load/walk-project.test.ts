import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFiles } from '../../src/load/find-files.js';
import { DEFAULT_MAX_ENTRIES, walkProject } from '../../src/project-fs/walk-project.js';
import { diamondWalk, level, makeDiamond } from './diamond.js';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-walk-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('walkProject through links to folders', () => {
  it('walks a diamond of 25 empty folders and 48 links once per folder (it took 2^24 paths)', { timeout: 10_000 }, async () => {
    const root = path.join(tmp, 'diamond-empty');
    expect(await makeDiamond(root, 25)).toBe(48);
    const walk = await walkProject(root);
    expect(walk.files).toEqual([]);
    expect(walk.refusals).toEqual([]);
    expect(walk.truncated).toBe(false);
    expect(walk.repeated).toHaveLength(24 + 2 * 23);
    expect(walk.repeated).toEqual(diamondWalk(25).repeated);
    expect(walk.repeated.slice(0, 3)).toEqual(['d00/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/b', 'd00/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/b', 'd00/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/b']);
  });

  it('lists the file at the bottom of a diamond of 19 folders twice: at its own path and through the first chain of links', { timeout: 10_000 }, async () => {
    const root = path.join(tmp, 'diamond-file');
    expect(await makeDiamond(root, 19, { name: 'deep.mdx', text: '# Deep\n' })).toBe(36);
    const walk = await walkProject(root);
    expect(walk.files.map((f) => [f.path, path.relative(root, f.real), f.bytes])).toEqual([
      [`${diamondWalk(19).lastFolders[0]}/deep.mdx`, `${level(18)}/deep.mdx`, 7],
      [`${level(18)}/deep.mdx`, `${level(18)}/deep.mdx`, 7],
    ]);
    expect(walk.files[0]?.path).toBe('d00/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/deep.mdx');
    expect(walk.repeated).toHaveLength(52);
    expect(walk.truncated).toBe(false);
  });

  it('walks a folder both at its own path and through the first link to it; a second link to it is left out and named', async () => {
    const root = path.join(tmp, 'twice');
    await mkdir(path.join(root, 'v1', 'shared'), { recursive: true });
    await writeFile(path.join(root, 'v1', 'shared', 'page.mdx'), 'x');
    await mkdir(path.join(root, 'v2'));
    await mkdir(path.join(root, 'v3'));
    await symlink('../v1/shared', path.join(root, 'v2', 'shared'));
    await symlink('../v1/shared', path.join(root, 'v3', 'shared'));
    const walk = await walkProject(root);
    expect(walk.files.map((f) => f.path)).toEqual(['v1/shared/page.mdx', 'v2/shared/page.mdx']);
    expect(walk.repeated).toEqual(['v3/shared']);
  });

  it('leaves out a link back up its own way without naming it (a cycle)', async () => {
    const root = path.join(tmp, 'cycle');
    await mkdir(path.join(root, 'guides'), { recursive: true });
    await writeFile(path.join(root, 'guides', 'intro.mdx'), 'x');
    await symlink('..', path.join(root, 'guides', 'up'));
    const walk = await walkProject(root);
    expect([walk.files.map((f) => f.path), walk.repeated]).toEqual([['guides/intro.mdx'], []]);
  });
});

describe('the cap on entries', () => {
  it('counts folders and links as well as files: just under the cap the walk is whole, one entry over it stops', async () => {
    const root = path.join(tmp, 'entries');
    // Entries: d00, d01, d02 (3 folders), d00/a, d00/b, d01/a, d01/b (4 links), d02/f.mdx (1 file) = 8; a link's folder adds its own entries when walked.
    await makeDiamond(root, 3, { name: 'f.mdx', text: 'x' });
    const whole = await walkProject(root);
    expect(whole.truncated).toBe(false);
    // d00/a walks d01 (2 entries) and d01/a walks d02 (1 entry): 8 + 3 = 11 looked at.
    expect(await walkProject(root, { maxEntries: 11 })).toEqual({ ...whole, truncated: false });
    const over = await walkProject(root, { maxEntries: 10 });
    expect(over.truncated).toBe(true);
  });

  it('is one load/project-too-large error from findFiles', async () => {
    const root = path.join(tmp, 'entries');
    expect((await findFiles(root, { maxEntries: 11 })).diagnostics).toEqual([]);
    const found = await findFiles(root, { maxEntries: 10 });
    expect(found.diagnostics.map((d) => [d.code, d.severity, d.file, d.message])).toEqual([
      ['load/project-too-large', 'error', '.', 'The project folder holds more than 10 files, folders and links; Sheaf lists no more, so pages and files past them are left out.'],
    ]);
    // The default, used by findFiles and walkProject when no cap is given.
    expect(DEFAULT_MAX_ENTRIES).toBe(200_000);
  });
});

describe('aborting a walk', () => {
  it('rejects with the signal\'s reason and walks no folder after the abort', async () => {
    const root = path.join(tmp, 'abort');
    for (const name of ['a', 'b', 'c']) {
      await mkdir(path.join(root, name), { recursive: true });
      await writeFile(path.join(root, name, 'x.mdx'), 'x');
    }
    const controller = new AbortController();
    const looked: string[] = [];
    const walk = walkProject(root, {
      signal: controller.signal,
      skip: (relative) => {
        looked.push(relative);
        if (relative === 'a/x.mdx') controller.abort(new Error('stop here'));
        return false;
      },
    });
    await expect(walk).rejects.toThrow('stop here');
    // The root's entries were looked at; `a` was walked before the abort; nothing in `b` or `c` was.
    expect(looked).toEqual(['a/', 'b/', 'c/', 'a/x.mdx']);
  });
});
