import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantablePaths, runExportChild } from '../../src/export/run-export-child.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIMITS = { timeoutMs: 60_000, maxMemoryMb: 512 } as const;

describe('grantablePaths (what Node 20’s permission model can hold)', () => {
  it('drops a path inside another granted folder', () => {
    expect(grantablePaths(['/srv/sheaf/dist', '/x/docs', '/x/docs/.sheaf-service/work/se_1'])).toEqual({ paths: ['/srv/sheaf/dist', '/x/docs'] });
  });

  it('names two paths whose names start alike without one holding the other', () => {
    expect(grantablePaths(['/x/docs', '/x/docs-service/work/se_1'])).toEqual({ paths: ['/x/docs', '/x/docs-service/work/se_1'], clash: ['/x/docs', '/x/docs-service/work/se_1'] });
  });

  it('keeps unrelated paths as they are', () => {
    expect(grantablePaths(['/a/node_modules', '/b/docs', '/c/work'])).toEqual({ paths: ['/a/node_modules', '/b/docs', '/c/work'] });
  });
});

describe.each(['bwrap', 'permission'] as const)('runExportChild with awkward folders (sandbox %s)', (sandbox) => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-sandbox-paths-'));
    await cp(path.join(REPO, 'fixtures/example'), path.join(tmp, 'docs'), { recursive: true, filter: (f) => !/[\\/](_site|\.sheaf)$/.test(f) });
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
    await rm(path.join(REPO, `dist-${sandbox}-clash`), { recursive: true, force: true });
  });

  it('exports when the work folder is inside the source (the data folder kept in the docs folder), without copying the work folder into its snapshot', async () => {
    const workDir = path.join(tmp, 'docs', '.sheaf-service', 'work', 'se_1');
    const r = await runExportChild({ source: path.join(tmp, 'docs'), workDir, version: 'v1', sandbox, ...LIMITS });
    expect(r).toMatchObject({ ok: true, pageCount: 12, errors: 0 });
    // The snapshot is gone; the work folder holds what the process wrote.
    expect((await readdir(workDir)).sort()).toEqual(['bundle.tar.gz', 'diagnostics.json', 'page-texts.json', 'search-records.json']);
  }, 90_000);

  it('exports when the work folder’s name starts with the source’s: the process reads the snapshot in its work folder, never the source', async () => {
    const r = await runExportChild({ source: path.join(tmp, 'docs'), workDir: path.join(tmp, 'docs-service', 'work', 'se_2'), version: 'v2', sandbox, ...LIMITS });
    expect(r).toMatchObject({ ok: true, pageCount: 12, errors: 0 });
  }, 90_000);

  it(sandbox === 'permission' ? 'refuses in plain words when the work folder’s name starts like a folder of Sheaf’s code' : 'exports when the work folder’s name starts like a folder of Sheaf’s code (it is mounted at /job)', async () => {
    const r = await runExportChild({ source: path.join(tmp, 'docs'), workDir: path.join(REPO, `dist-${sandbox}-clash`, 'se_3'), version: 'v3', sandbox, ...LIMITS });
    if (sandbox === 'bwrap') {
      expect(r).toMatchObject({ ok: true, pageCount: 12, errors: 0 });
    } else {
      expect(r).toEqual({
        ok: false,
        reason: "The folders `dist` and `dist-permission-clash` have names that start alike, which the export sandbox (Node's permission model) cannot tell apart; move the service's data folder or rename Sheaf's folder.",
      });
    }
  }, 90_000);
});
