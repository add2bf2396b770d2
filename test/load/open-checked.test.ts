import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProjectFile } from '../../src/project-fs/copy-project-file.js';
import { mapLimited } from '../../src/project-fs/map-limited.js';
import { openChecked } from '../../src/project-fs/open-checked.js';
import { isWithin } from '../../src/project-fs/project-scope.js';

let tmp: string;
let root: string;
let outside: string;
const inside = (real: string) => isWithin(real, root);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-open-checked-'));
  root = path.join(tmp, 'docs');
  outside = path.join(tmp, 'outside');
  await mkdir(path.join(root, 'images'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'images', 'logo.png'), 'PNG-BYTES');
  await writeFile(path.join(outside, 'secret.png'), 'OUTSIDE-SECRET');
  await symlink('../../outside/secret.png', path.join(root, 'images', 'out.png'));
  await symlink('logo.png', path.join(root, 'images', 'in.png'));
  execFileSync('mkfifo', [path.join(root, 'images', 'pipe.png')]);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('openChecked', () => {
  it('opens a regular file inside and hands over the handle and its stat', async () => {
    const opened = await openChecked(path.join(root, 'images', 'logo.png'), { allowed: inside });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.info.size).toBe(9);
    await opened.handle.close();
  });

  it('refuses what a swapped tree can put at a checked path: a link (never followed), a FIFO (never blocks), a folder', async () => {
    expect(await openChecked(path.join(root, 'images', 'out.png'), { allowed: inside })).toEqual({ ok: false, refusal: { kind: 'missing' } });
    expect(await openChecked(path.join(root, 'images', 'in.png'), { allowed: inside })).toEqual({ ok: false, refusal: { kind: 'missing' } });
    expect(await openChecked(path.join(root, 'images', 'pipe.png'), { allowed: inside })).toEqual({ ok: false, refusal: { kind: 'special', type: 'FIFO (named pipe)' } });
    expect(await openChecked(path.join(root, 'images'), { allowed: inside })).toEqual({ ok: false, refusal: { kind: 'missing' } });
  });

  it('refuses another file than the one listed, one over the cap, and one the descriptor shows outside', async () => {
    const logo = await stat(path.join(root, 'images', 'logo.png'));
    const file = path.join(root, 'images', 'logo.png');
    expect(await openChecked(file, { allowed: inside, expect: { dev: logo.dev, ino: logo.ino + 1 } })).toEqual({ ok: false, refusal: { kind: 'missing' } });
    expect(await openChecked(file, { allowed: inside, maxBytes: 8 })).toEqual({ ok: false, refusal: { kind: 'too-large', bytes: 9, limit: 8 } });
    if (existsSync('/proc/self/fd')) expect(await openChecked(file, { allowed: () => false })).toEqual({ ok: false, refusal: { kind: 'outside' } });
  });
});

describe('copyProjectFile', () => {
  const scope = () => ({ root });

  it('copies a file, and a file through a link that stays inside', async () => {
    const to = path.join(tmp, 'copied-logo.png');
    expect(await copyProjectFile(scope(), path.join(root, 'images', 'in.png'), to)).toEqual({ ok: true, bytes: 9 });
    expect(await readFile(to, 'utf8')).toBe('PNG-BYTES');
  });

  it('refuses a link leading out (naming it) and a FIFO, and writes nothing', async () => {
    const to = path.join(tmp, 'never.png');
    expect(await copyProjectFile(scope(), path.join(root, 'images', 'out.png'), to)).toEqual({
      ok: false,
      refusal: { kind: 'outside', link: { path: 'images/out.png', target: '../../outside/secret.png' } },
    });
    expect(await copyProjectFile(scope(), path.join(root, 'images', 'pipe.png'), to)).toEqual({ ok: false, refusal: { kind: 'special', type: 'FIFO (named pipe)' } });
    expect(existsSync(to)).toBe(false);
  });
});

describe('mapLimited', () => {
  it('keeps at most `limit` calls in flight and the results in order', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapLimited([5, 1, 4, 2, 3], 2, async (n, i) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return `${i}:${n * 10}`;
    });
    expect([out, most]).toEqual([['0:50', '1:10', '2:40', '3:20', '4:30'], 2]);
  });

  it('starts nothing once `stop` says so, and rejects with the first error', async () => {
    const started: number[] = [];
    await mapLimited([1, 2, 3, 4], 1, async (n) => void started.push(n), () => started.length >= 2);
    expect(started).toEqual([1, 2]);
    const seen: number[] = [];
    await expect(
      mapLimited([1, 2, 3], 1, async (n) => {
        seen.push(n);
        if (n === 2) throw new Error('two');
      }),
    ).rejects.toThrow('two');
    expect(seen).toEqual([1, 2]);
  });
});
