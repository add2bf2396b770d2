/**
 * Bundles are cache-safe on any static host: unpacked with `tar` and served by nginx (which
 * derives ETag and Last-Modified from a file's time and size), a page changed to another of the
 * same size is sent anew to a browser that revalidates, never answered 304.
 */
import { spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, stat, symlink, rename, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from './cli-process.js';
import { nginxBin, startNginx, type RunningServer } from './servers.js';

const missing = nginxBin() ? undefined : 'missing: nginx (Debian package nginx-light)';
if (missing && process.env['CI'] === 'true') throw new Error(`The static-host suite needs nginx under CI=true: ${missing}`);
if (missing) console.warn(`static-host suite skipped: ${missing}`);

// The export writes Mintlify's `.html` layout: the page `/quickstart` is this file.
const PAGE = 'quickstart.html';

let work: string;
let nginx: RunningServer;

/** Exports the project as a user does, and unpacks the bundle with tar into `into`. */
async function exportAndUnpack(project: string, into: string): Promise<void> {
  const bundle = `${into}.tar.gz`;
  const exported = await runCli(['export', project, '-o', bundle], {});
  expect(exported.code, exported.stderr).toBe(0);
  await mkdir(into);
  const tar = spawnSync('tar', ['-xzf', bundle, '-C', into], { encoding: 'utf8' });
  expect(tar.status, tar.stderr).toBe(0);
}

/** Points the served folder at `version` (a symlink replaced by rename, as a deploy does). */
async function deploy(version: string): Promise<void> {
  const next = path.join(work, 'current.next');
  await symlink(path.join(work, version), next);
  await rename(next, path.join(work, 'current'));
}

beforeAll(async () => {
  if (missing) return;
  work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-static-host-'));
  // nginx's workers run as an unprivileged user when started as root: the folder must be readable.
  await chmod(work, 0o755);
  const project = path.join(work, 'project');
  await cp(path.join(REPO, 'fixtures/example'), project, { recursive: true });
  await exportAndUnpack(project, path.join(work, 'v1'));
  // One letter of the page's prose changes (`private` → `privatE`): the page's HTML keeps its size.
  const source = path.join(project, 'quickstart.mdx');
  const text = await readFile(source, 'utf8');
  expect(text).toContain('Notes are private to your workspace');
  await writeFile(source, text.replace('Notes are private', 'Notes are privatE'));
  await exportAndUnpack(project, path.join(work, 'v2'));
  await deploy('v1');
  nginx = await startNginx(work, path.join(work, 'current'));
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.skipIf(missing !== undefined)('a bundle on nginx', () => {
  it('the changed page has the same size in both versions, and other bytes', async () => {
    const [a, b] = await Promise.all(['v1', 'v2'].map((v) => readFile(path.join(work, v, PAGE))));
    expect(a?.length).toBe(b?.length);
    expect(a?.equals(b as Buffer)).toBe(false);
  });

  it('sends the changed page anew when the browser revalidates after a deploy', async () => {
    await deploy('v1');
    const first = await fetch(`${nginx.url}/quickstart`);
    const v1 = await first.text();
    const etag = first.headers.get('etag') as string;
    const modified = first.headers.get('last-modified') as string;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    // Before the deploy, the browser's copy is current: 304.
    expect((await fetch(`${nginx.url}/quickstart`, { headers: { 'if-none-match': etag, 'if-modified-since': modified } })).status).toBe(304);
    await deploy('v2');
    const after = await fetch(`${nginx.url}/quickstart`, { headers: { 'if-none-match': etag, 'if-modified-since': modified } });
    expect(after.status).toBe(200);
    const v2 = await after.text();
    expect(v2).not.toBe(v1);
    expect(v2).toBe(await readFile(path.join(work, 'v2', PAGE), 'utf8'));
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('(control) with one time for every file, as bundles had before, nginx answers the stale copy 304', async () => {
    // The same two pages stamped with the former fixed time: the check above would fail.
    const old = new Date(Date.UTC(1980, 0, 1));
    for (const v of ['v1', 'v2']) await utimes(path.join(work, v, PAGE), old, old);
    await deploy('v1');
    const first = await fetch(`${nginx.url}/quickstart`);
    await first.text();
    await deploy('v2');
    const after = await fetch(`${nginx.url}/quickstart`, { headers: { 'if-none-match': first.headers.get('etag') as string } });
    expect(after.status).toBe(304);
    expect((await stat(path.join(work, 'v2', PAGE))).mtime.getTime()).toBe(old.getTime());
  });
});
