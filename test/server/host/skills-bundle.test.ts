import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBundle } from '../../../src/api/export-bundle.js';
import type { BundleManifest } from '../../../src/model/bundle.js';
import { startHost, type RunningHost } from '../../../src/server/host/start-host.js';
import { SIGNED, startBundleServer } from './make-bundle.js';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/skills-published');

/** GET over HTTP without following redirects: status, Content-Type, Location and body. */
async function get(base: string, target: string): Promise<{ status: number; type: string | null; location: string | null; body: string }> {
  const response = await fetch(`${base}${target}`, { redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type'), location: response.headers.get('location'), body: await response.text() };
}

describe('sheaf host serving the skill files of a bundle (`.well-known/` and `skill.md`)', () => {
  let work: string;
  let manifest: BundleManifest | undefined;
  let host: RunningHost | undefined;
  let store: Awaited<ReturnType<typeof startBundleServer>> | undefined;
  let url: string;
  const source = (file: string) => readFile(path.join(FIXTURE, file), 'utf8');

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-skills-'));
    const output = path.join(work, 'site.tar.gz');
    const exported = await exportBundle({ root: FIXTURE, output, cacheDir: false, workers: 0 });
    manifest = exported.manifest;
    store = await startBundleServer({ '/exports/site.tar.gz': { body: await readFile(output) } });
    const started = await startHost({ bundleUrl: `${store.url}/exports/site.tar.gz${SIGNED}`, port: 0, hostname: '127.0.0.1', dataDir: path.join(work, 'data'), log: () => undefined });
    if (!started.ok) throw new Error(started.problem.message);
    host = started.value;
    url = host.url;
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await store?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('packs the skill files into the bundle', () => {
    expect(manifest?.files.map((f) => f.path).filter((p) => p.startsWith('.well-known/') || p === 'skill.md')).toEqual([
      '.well-known/skills/acme-docs/SKILL.md',
      '.well-known/skills/analytics/SKILL.md',
      '.well-known/skills/index.json',
      // The host's precompressed copies, as for every JSON file.
      '.well-known/skills/index.json.br',
      '.well-known/skills/index.json.gz',
      '.well-known/skills/payments/SKILL.md',
      '.well-known/skills/payments/references/limits.md',
      'skill.md',
    ]);
  });

  it('serves the discovery index and each skill file under /.well-known/skills/', async () => {
    const index = await get(url, '/.well-known/skills/index.json');
    expect([index.status, index.type, index.location]).toEqual([200, 'application/json; charset=utf-8', null]);
    expect(JSON.parse(index.body)).toEqual({
      skills: [
        { name: 'acme-docs', description: 'Build with the Acme API.', files: ['SKILL.md'] },
        { name: 'analytics', description: 'Read traffic: views and visitors.', files: ['SKILL.md'] },
        { name: 'payments', description: 'Take card payments with Acme.', files: ['SKILL.md', 'references/limits.md'] },
      ],
    });
    expect(await get(url, '/.well-known/skills/payments/SKILL.md')).toEqual({ status: 200, type: 'text/markdown; charset=utf-8', location: null, body: await source('.mintlify/skills/payments/SKILL.md') });
    expect(await get(url, '/.well-known/skills/payments/references/limits.md')).toEqual({
      status: 200,
      type: 'text/markdown; charset=utf-8',
      location: null,
      body: await source('.mintlify/skills/payments/references/limits.md'),
    });
    expect((await get(url, '/.well-known/skills/broken/SKILL.md')).status).toBe(404);
  });

  it('serves the root skill file at /skill.md with its frontmatter, and no page at /skill (a missing page goes home)', async () => {
    expect(await get(url, '/skill.md')).toEqual({ status: 200, type: 'text/markdown; charset=utf-8', location: null, body: await source('skill.md') });
    expect(await get(url, '/skill')).toEqual({ status: 302, type: null, location: '/', body: '' });
  });
});
