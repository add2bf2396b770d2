import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenLinkDiagnostics } from '../../src/emit/broken-links.js';
import { createSiteWriter } from '../../src/emit/write-site.js';
import { locate } from '../../src/api/analyze.js';
import { cachedReader } from '../../src/cli/io.js';
import { DEFAULT_READ_POLICY } from '../../src/project-fs/read-policy.js';
import type { SitePage } from '../../src/model/site.js';

let tmp: string;
let root: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-write-site-'));
  root = path.join(tmp, 'docs');
  await mkdir(path.join(root, 'images'), { recursive: true });
  await writeFile(path.join(tmp, 'secret.png'), 'OUTSIDE-SECRET');
  await writeFile(path.join(root, 'images', 'logo.png'), 'PNG');
  await writeFile(path.join(root, 'page.mdx'), '# Page\n\n[Gone](/nowhere)\n');
  // As a tree changed after the listing can hold them: a link out and a FIFO where files were.
  await symlink('../../secret.png', path.join(root, 'images', 'swapped.png'));
  execFileSync('mkfifo', [path.join(root, 'images', 'pipe.png')]);
  await symlink('../secret.png', path.join(root, 'swapped.mdx'));
  await mkdir(path.join(tmp, 'shared'));
  await writeFile(path.join(tmp, 'shared', 'nav.json'), '{\n  "pages": [\n    "index"\n  ]\n}\n');
  await symlink('../shared/nav.json', path.join(root, 'nav.json'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('the site writer copies project files through the load stage\'s checks', () => {
  it('copies a project file; refuses a link out and a FIFO in its place (no hang), writing nothing of them', async () => {
    const out = path.join(tmp, 'site');
    const writer = createSiteWriter(out, { root });
    await writer.write({ path: 'images/logo.png', copyProjectFile: 'images/logo.png' });
    expect(await readFile(path.join(out, 'images', 'logo.png'), 'utf8')).toBe('PNG');
    await expect(writer.write({ path: 'images/swapped.png', copyProjectFile: 'images/swapped.png' })).rejects.toThrow(
      '`images/swapped.png` is a symbolic link to `../../secret.png`, outside the project folder; it is neither read nor copied.',
    );
    await expect(writer.write({ path: 'images/pipe.png', copyProjectFile: 'images/pipe.png' })).rejects.toThrow(
      '`images/pipe.png` is a FIFO (named pipe), not a regular file; it is never opened.',
    );
    expect(existsSync(path.join(out, 'images', 'swapped.png'))).toBe(false);
    expect(existsSync(path.join(out, 'images', 'pipe.png'))).toBe(false);
    expect(writer.stats()).toEqual({ files: 1, bytes: 3 });
  });
});

describe('stages that read a project file again go through the reader', () => {
  it('code frames (cachedReader): a file behind a link out has no text; a file inside has', async () => {
    const read = await cachedReader(root, [
      { code: 'x/y', severity: 'error', message: 'm', file: 'page.mdx' },
      { code: 'x/y', severity: 'error', message: 'm', file: 'swapped.mdx' },
      { code: 'x/y', severity: 'error', message: 'm', file: 'images/pipe.png' },
    ]);
    expect([read('page.mdx'), read('swapped.mdx'), read('images/pipe.png'), read('unnamed.mdx')]).toEqual(['# Page\n\n[Gone](/nowhere)\n', undefined, undefined, undefined]);
    const capped = await cachedReader(root, [{ code: 'x/y', severity: 'error', message: 'm', file: 'page.mdx' }], { ...DEFAULT_READ_POLICY, maxPageBytes: 10 });
    expect(capped('page.mdx')).toBeUndefined();
  });

  it('broken links: positioned from the page read through the reader; a page behind a link out gets line 1', async () => {
    const page = (source: string) => ({ route: `/${source.replace(/\.mdx$/, '')}`, source }) as SitePage;
    const diagnostics = await brokenLinkDiagnostics({ root, policy: DEFAULT_READ_POLICY }, [
      { page: page('page.mdx'), links: [{ target: '/nowhere', attribute: 'href', path: 'nowhere' }] },
      { page: page('swapped.mdx'), links: [{ target: 'SECRET', attribute: 'href', path: 'SECRET' }] },
    ]);
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([
      ['build/broken-link', 'page.mdx', 3, 8],
      ['build/broken-link', 'swapped.mdx', 1, 1],
    ]);
  });

  it('positions of diagnostics (locate): a file reached through a link into an --allow-outside folder is read, without it not', async () => {
    const raw = [{ code: 'x/y', severity: 'warning' as const, message: 'm', file: 'nav.json', pointer: '/pages/0' }];
    expect((await locate(raw, root, { ...DEFAULT_READ_POLICY, allowOutside: [path.join(tmp, 'shared')] })).map((d) => [d.line, d.column])).toEqual([[3, 5]]);
    expect((await locate(raw, root)).map((d) => [d.line, d.column])).toEqual([[undefined, undefined]]);
  });
});
