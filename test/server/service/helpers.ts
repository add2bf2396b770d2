import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ExportRunner, ExportRunRequest } from '../../../src/server/service/export-runner.js';
import { createServiceApp, type ServiceApp, type ServiceLimits } from '../../../src/server/service/create-service-app.js';
import type { BlobStore } from '../../../src/server/service/blob-store.js';
import { createLinkSigner } from '../../../src/server/service/link-signer.js';
import { localBlobStore } from '../../../src/server/service/local-blob-store.js';
import { openStore, type ServiceStore } from '../../../src/server/store/open-store.js';
import type { Hono } from 'hono';

/** Bytes of the fake bundle: 1,000 bytes, each its index mod 251, so any slice is checkable. */
export const FAKE_BUNDLE = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

export interface FakeRunner extends ExportRunner {
  readonly calls: ExportRunRequest[];
  /** Lets every waiting run finish. */
  release(): void;
}

/**
 * A runner without a build: reports progress, optionally waits for `release()`, then writes a
 * 1,000-byte bundle and a search-records file into the work folder, or fails with `fail`.
 */
export function fakeRunner(options: { hold?: boolean; fail?: (r: ExportRunRequest) => string; throws?: boolean } = {}): FakeRunner {
  const calls: ExportRunRequest[] = [];
  let releases: (() => void)[] = [];
  let released = !options.hold;
  const runner = (async (request: ExportRunRequest) => {
    calls.push(request);
    request.onProgress?.({ progress: 40, pageCount: 3 });
    if (!released) {
      await new Promise<void>((resolve) => {
        releases.push(resolve);
        request.signal?.addEventListener('abort', () => resolve());
      });
    }
    if (request.signal?.aborted) return { ok: false as const, reason: 'aborted' };
    if (options.throws) throw new Error('runner exploded at /secret/internal/path');
    if (options.fail) return { ok: false as const, reason: options.fail(request) };
    const bundleFile = path.join(request.workDir, 'site.tar.gz');
    const searchRecordsFile = path.join(request.workDir, 'search-records.json');
    await writeFile(bundleFile, FAKE_BUNDLE);
    await writeFile(searchRecordsFile, '[]');
    return { ok: true as const, bundleFile, bytes: FAKE_BUNDLE.length, pageCount: 7, searchRecordsFile, errors: 0, warnings: 0 };
  }) as FakeRunner;
  Object.assign(runner, {
    calls,
    release: () => {
      released = true;
      const r = releases;
      releases = [];
      for (const f of r) f();
    },
  });
  return runner;
}

export interface World {
  readonly dir: string;
  readonly store: ServiceStore;
  /** The data folder's bundle store (what the service uses by default). */
  readonly blobs: BlobStore;
  /** Unix milliseconds, moved by tests. */
  now: number;
  readonly keys: { acme: string; acmeAssistant: string; beta: string; small: string };
  readonly source: string;
  readonly logs: string[];
  service: ServiceApp;
  start(runner: ExportRunner, limits?: Partial<ServiceLimits>, mount?: (app: Hono<never>) => void): ServiceApp;
  cleanup(): Promise<void>;
}

const must = <T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

/**
 * A data folder with three organizations: `acme` and `beta` on Enterprise, `small` on Pro, each
 * with one site (`docs.acme.com`, `docs.beta.com`, `docs.small.com`) and an admin key; `acme`
 * also has an assistant key.
 */
export async function makeWorld(): Promise<World> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-service-'));
  const source = path.join(dir, 'project');
  await mkdir(source);
  const store = await openStore({ kind: 'sqlite', file: path.join(dir, 'sheaf.db') });
  must(await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' }));
  must(await store.createOrganization({ id: 'beta', name: 'Beta', plan: 'enterprise' }));
  must(await store.createOrganization({ id: 'small', name: 'Small', plan: 'pro' }));
  for (const org of ['acme', 'beta', 'small']) must(await store.addSite({ domain: `docs.${org}.com`, orgId: org, source }));
  const keys = {
    acme: must(await store.createApiKey('acme', 'admin')).key,
    acmeAssistant: must(await store.createApiKey('acme', 'assistant')).key,
    beta: must(await store.createApiKey('beta', 'admin')).key,
    small: must(await store.createApiKey('small', 'admin')).key,
  };
  const signer = createLinkSigner(Buffer.alloc(32, 7));
  const logs: string[] = [];
  let counter = 0;
  const world: World = {
    dir,
    store,
    blobs: localBlobStore(dir),
    now: Date.parse('2026-03-01T10:00:00.000Z'),
    keys,
    source,
    logs,
    service: undefined as unknown as ServiceApp,
    start(runner, limits, mount) {
      world.service = createServiceApp({
        store,
        clock: () => world.now,
        signer,
        runner,
        dataDir: dir,
        publicUrl: 'https://export.example.com',
        log: (level, message, fields) => logs.push(JSON.stringify({ level, message, ...fields })),
        newJobId: () => `se_${(++counter).toString(16).padStart(16, '0')}`,
        ...(limits ? { limits } : {}),
        ...(mount ? { mount: mount as never } : {}),
      });
      return world.service;
    },
    async cleanup() {
      await world.service?.queue.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return world;
}

/** JSON request options with a bearer key. */
export function authed(key: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): RequestInit {
  return {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${key}`, ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  };
}
