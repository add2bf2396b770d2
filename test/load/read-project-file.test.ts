import { execFileSync } from 'node:child_process';
import { link, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFiles } from '../../src/load/find-files.js';
import { describeBytes, parseByteSize } from '../../src/project-fs/read-policy.js';
import { checkProjectFile, readProjectHead, readProjectText } from '../../src/project-fs/read-project-file.js';
import { walkProject } from '../../src/project-fs/walk-project.js';

let tmp: string;
let root: string;
let outside: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-read-project-file-'));
  root = path.join(tmp, 'docs');
  outside = path.join(tmp, 'outside');
  await mkdir(path.join(root, 'guides'), { recursive: true });
  await mkdir(path.join(root, 'snippets'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE-SECRET\n');
  await writeFile(path.join(root, 'guides', 'intro.mdx'), '# Intro\n');
  await writeFile(path.join(root, 'ten.mdx'), '0123456789');
  // Links that stay inside, links that lead out (file, folder, absolute, dangling), a cycle.
  await symlink('../guides/intro.mdx', path.join(root, 'snippets', 'intro.mdx'));
  await symlink('guides', path.join(root, 'guides-link'));
  await symlink('../outside/secret.txt', path.join(root, 'secret.mdx'));
  await symlink(outside, path.join(root, 'other'));
  await symlink('/nonexistent-sheaf-target', path.join(root, 'dangling-out.mdx'));
  await symlink('missing.mdx', path.join(root, 'dangling-in.mdx'));
  await symlink('..', path.join(root, 'guides', 'up'));
  execFileSync('mkfifo', [path.join(root, 'pipe.json')]);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('checkProjectFile and readProjectText', () => {
  const scope = () => ({ root });

  it('reads a file and a link that stays inside the project', async () => {
    expect(await readProjectText(scope(), path.join(root, 'guides', 'intro.mdx'), 100)).toEqual({ ok: true, text: '# Intro\n' });
    expect(await readProjectText(scope(), path.join(root, 'snippets', 'intro.mdx'), 100)).toEqual({ ok: true, text: '# Intro\n' });
    expect(await readProjectText(scope(), path.join(root, 'guides-link', 'intro.mdx'), 100)).toEqual({ ok: true, text: '# Intro\n' });
  });

  it('refuses a link leading out, naming the link and its target as written, for the link itself and for a file behind it', async () => {
    expect(await readProjectText(scope(), path.join(root, 'secret.mdx'), 100)).toEqual({ ok: false, refusal: { kind: 'outside', link: { path: 'secret.mdx', target: '../outside/secret.txt' } } });
    expect(await readProjectText(scope(), path.join(root, 'other', 'secret.txt'), 100)).toEqual({ ok: false, refusal: { kind: 'outside', link: { path: 'other', target: outside } } });
    expect(await readProjectText(scope(), path.join(root, 'dangling-out.mdx'), 100)).toEqual({ ok: false, refusal: { kind: 'outside', link: { path: 'dangling-out.mdx', target: '/nonexistent-sheaf-target' } } });
    expect(await readProjectText(scope(), path.join(tmp, 'outside', 'secret.txt'), 100)).toEqual({ ok: false, refusal: { kind: 'outside' } });
  });

  it('reads through a link into a folder given with allowOutside', async () => {
    expect(await readProjectText({ root, allowOutside: [outside] }, path.join(root, 'secret.mdx'), 100)).toEqual({ ok: true, text: 'OUTSIDE-SECRET\n' });
  });

  it('never opens a FIFO (no hang) and calls a dangling link inside missing', async () => {
    expect(await readProjectText(scope(), path.join(root, 'pipe.json'), 100)).toEqual({ ok: false, refusal: { kind: 'special', type: 'FIFO (named pipe)' } });
    expect(await readProjectHead(scope(), path.join(root, 'pipe.json'), 10)).toEqual({ ok: false, refusal: { kind: 'special', type: 'FIFO (named pipe)' } });
    expect(await readProjectText(scope(), path.join(root, 'dangling-in.mdx'), 100)).toEqual({ ok: false, refusal: { kind: 'missing' } });
    expect(await readProjectText(scope(), path.join(root, 'guides'), 100)).toEqual({ ok: false, refusal: { kind: 'missing' } });
  });

  it('checks the byte cap before reading: a file of exactly the cap is read, one byte more is refused', async () => {
    expect(await readProjectText(scope(), path.join(root, 'ten.mdx'), 10)).toEqual({ ok: true, text: '0123456789' });
    expect(await readProjectText(scope(), path.join(root, 'ten.mdx'), 9)).toEqual({ ok: false, refusal: { kind: 'too-large', bytes: 10, limit: 9 } });
    expect(await checkProjectFile(scope(), path.join(root, 'ten.mdx'), 9)).toEqual({ ok: false, refusal: { kind: 'too-large', bytes: 10, limit: 9 } });
    expect(await readProjectHead(scope(), path.join(root, 'ten.mdx'), 4)).toEqual({ ok: true, bytes: Buffer.from('0123') });
  });
});

describe('walkProject and findFiles', () => {
  it('lists files through links that stay inside, leaves out a cycle, and refuses each link out and each FIFO', async () => {
    const walk = await walkProject(root);
    expect(walk.files.map((f) => f.path)).toEqual(['guides-link/intro.mdx', 'guides/intro.mdx', 'snippets/intro.mdx', 'ten.mdx']);
    expect(walk.refusals).toEqual([
      { kind: 'outside', path: 'dangling-out.mdx', target: '/nonexistent-sheaf-target' },
      { kind: 'outside', path: 'other', target: outside },
      { kind: 'special', path: 'pipe.json', type: 'FIFO (named pipe)' },
      { kind: 'outside', path: 'secret.mdx', target: '../outside/secret.txt' },
    ]);
    expect(walk.truncated).toBe(false);
  });

  it('follows links into allowOutside folders', async () => {
    const walk = await walkProject(root, { allowOutside: [outside] });
    expect(walk.files.map((f) => f.path)).toEqual(['guides-link/intro.mdx', 'guides/intro.mdx', 'other/secret.txt', 'secret.mdx', 'snippets/intro.mdx', 'ten.mdx']);
    expect(walk.refusals.map((r) => r.path)).toEqual(['dangling-out.mdx', 'pipe.json']);
  });

  it('gives one diagnostic per refused entry, with the new codes, and sizes', async () => {
    const found = await findFiles(root);
    expect(found.files).toEqual(['guides-link/intro.mdx', 'guides/intro.mdx', 'snippets/intro.mdx', 'ten.mdx']);
    expect(found.sizes.get('ten.mdx')).toBe(10);
    expect(found.diagnostics.map((d) => [d.code, d.severity, d.file, d.message])).toEqual([
      ['load/link-outside-project', 'error', 'dangling-out.mdx', '`dangling-out.mdx` is a symbolic link to `/nonexistent-sheaf-target`, outside the project folder; it is neither read nor copied.'],
      ['load/link-outside-project', 'error', 'other', `\`other\` is a symbolic link to \`${outside}\`, outside the project folder; it is neither read nor copied.`],
      ['load/not-a-regular-file', 'error', 'pipe.json', '`pipe.json` is a FIFO (named pipe), not a regular file; it is never opened.'],
      ['load/link-outside-project', 'error', 'secret.mdx', '`secret.mdx` is a symbolic link to `../outside/secret.txt`, outside the project folder; it is neither read nor copied.'],
    ]);
    // No refusal carries a line: nothing may open the file to print a code frame.
    expect(found.diagnostics.every((d) => d.line === undefined)).toBe(true);
  });

  it('reports nothing for a project without links or special files', async () => {
    const clean = path.join(tmp, 'clean');
    await mkdir(path.join(clean, 'a'), { recursive: true });
    await writeFile(path.join(clean, 'a', 'page.mdx'), 'x');
    await link(path.join(clean, 'a', 'page.mdx'), path.join(clean, 'hard.mdx'));
    const found = await findFiles(clean);
    expect(found).toEqual({ files: ['a/page.mdx', 'hard.mdx'], sizes: new Map([['a/page.mdx', 1], ['hard.mdx', 1]]), diagnostics: [] });
  });

  it('leaves out ignored folders before looking at them (a link out in node_modules is not reported)', async () => {
    const ignored = path.join(tmp, 'ignored');
    await mkdir(path.join(ignored, 'node_modules', '.bin'), { recursive: true });
    await symlink('/usr/bin/env', path.join(ignored, 'node_modules', '.bin', 'env'));
    await writeFile(path.join(ignored, 'index.mdx'), 'x');
    expect((await findFiles(ignored)).diagnostics).toEqual([]);
  });
});

describe('a socket in the project', () => {
  it('is refused like a FIFO, by the listing and by the reader', async () => {
    const dir = path.join(tmp, 'socket');
    await mkdir(dir, { recursive: true });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, 'api.yaml'), resolve));
    try {
      expect((await findFiles(dir)).diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
        ['load/not-a-regular-file', 'api.yaml', '`api.yaml` is a socket, not a regular file; it is never opened.'],
      ]);
      expect(await readProjectText({ root: dir }, path.join(dir, 'api.yaml'), 100)).toEqual({ ok: false, refusal: { kind: 'special', type: 'socket' } });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('byte sizes of flags and messages', () => {
  it('parses plain bytes and K/M/G sizes, and refuses the rest', () => {
    expect([parseByteSize('5242880'), parseByteSize('5MB'), parseByteSize('512k'), parseByteSize('1G'), parseByteSize('1.5m')]).toEqual([5_242_880, 5_242_880, 524_288, 1_073_741_824, 1_572_864]);
    expect([parseByteSize('0'), parseByteSize('-1'), parseByteSize('5 parsecs'), parseByteSize('')]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('names limits in MB or KB when whole, else in bytes', () => {
    expect([describeBytes(5 * 1024 * 1024), describeBytes(2048), describeBytes(1500)]).toEqual(['5 MB', '2 KB', '1,500 bytes']);
  });
});
