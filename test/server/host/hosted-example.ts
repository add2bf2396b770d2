import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportBundle } from '../../../src/api/export-bundle.js';
import type { BundleManifest } from '../../../src/model/bundle.js';
import type { UrlStyle } from '../../../src/model/url-style.js';
import { startHost, type HostOptions, type RunningHost } from '../../../src/server/host/start-host.js';
import { SIGNED, startBundleServer } from './make-bundle.js';

const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/example');

export interface HostedExample {
  readonly host: RunningHost;
  readonly manifest: BundleManifest;
  /** Stops the host and the bucket. */
  close(): Promise<void>;
}

/**
 * The real thing: `exportBundle` of fixtures/example into `work` (the built site kept in
 * `outDir` when given; in the export's default URL style, `html`, unless `urlStyle` says), served from a local "bucket" behind a presigned-looking link, hosted by
 * `sheaf host` in this process with its data folder in `work/data` (and `hostOptions`).
 */
export async function hostExample(work: string, format: 'tar.gz' | 'zip', outDir?: string, urlStyle?: UrlStyle, hostOptions: Partial<Pick<HostOptions, 'mcp'>> = {}): Promise<HostedExample> {
  const output = path.join(work, `site.${format}`);
  const exported = await exportBundle({ root: EXAMPLE, output, cacheDir: false, workers: 0, ...(outDir ? { outDir } : {}), ...(urlStyle ? { urlStyle } : {}) });
  if (!exported.manifest) throw new Error('the example did not export');
  const store = await startBundleServer({ [`/exports/site.${format}`]: { body: await readFile(output) } });
  const started = await startHost({ bundleUrl: `${store.url}/exports/site.${format}${SIGNED}`, port: 0, hostname: '127.0.0.1', dataDir: path.join(work, 'data'), log: () => undefined, ...hostOptions });
  if (!started.ok) {
    await store.close();
    throw new Error(started.problem.message);
  }
  const host = started.value;
  return {
    host,
    manifest: exported.manifest,
    close: async () => {
      await host.close();
      await store.close();
    },
  };
}
