import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createPlaygroundProxy, type PlaygroundProxyOptions } from '../proxy/index.js';
import type { DownloadLimits } from './download-bundle.js';
import { createHostApp } from './host-app.js';
import { hostFail, type HostResult } from './host-problem.js';
import { prepareVersion, type PreparedVersion } from './prepare-version.js';
import { loadServedVersion, type ServedVersion } from './served-version.js';
import type { UnpackLimits } from './unpack-bundle.js';
import { activateVersion, pruneVersions } from './version-store.js';

export interface HostOptions {
  /** Presigned bundle link (a secret: only its scheme, host and path are logged). */
  readonly bundleUrl: string;
  /** Pins the export version (`staticExport.version`). */
  readonly version?: string;
  /** TCP port; 0 picks a free one. */
  readonly port: number;
  /** Address to listen on (`0.0.0.0` in a container, `127.0.0.1` in tests). */
  readonly hostname: string;
  /** Version cache and downloads (`versions/`, `current`, `tmp/`). */
  readonly dataDir: string;
  /** One line for the operator (stderr). */
  readonly log: (line: string) => void;
  /** Playground proxy settings (`allowHosts` from `--allow-host`). */
  readonly proxy?: PlaygroundProxyOptions;
  readonly downloadLimits?: DownloadLimits;
  readonly unpackLimits?: UnpackLimits;
  /** Installed versions kept in the cache, the active one included; default 3. */
  readonly keepVersions?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

export interface RunningHost {
  /** `http://<hostname>:<port>` as listened on. */
  readonly url: string;
  readonly port: number;
  /** The version being served now. */
  version(): string;
  /** Downloads another bundle and switches to it once checked; on failure the current version stays. */
  update(bundleUrl: string, version?: string): Promise<HostResult<PreparedVersion>>;
  close(): Promise<void>;
}

/**
 * `sheaf host`: prepares the bundle (download, check, unpack, or a cached copy when the link
 * fails), makes it the active version, and serves it with the playground proxy. Nothing listens
 * until a checked version is ready; a problem is returned instead.
 */
export async function startHost(options: HostOptions): Promise<HostResult<RunningHost>> {
  const prepare = (bundleUrl: string, version: string | undefined, fallBackToCache: boolean) =>
    prepareVersion({
      bundleUrl,
      ...(version !== undefined ? { version } : {}),
      dataDir: options.dataDir,
      log: options.log,
      fallBackToCache,
      ...(options.downloadLimits ? { downloadLimits: options.downloadLimits } : {}),
      ...(options.unpackLimits ? { unpackLimits: options.unpackLimits } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.now ? { now: options.now } : {}),
    });

  const first = await prepare(options.bundleUrl, options.version, true);
  if (!first.ok) return first;
  // The in-memory pointer: each request reads it once, so a switch is one assignment.
  let active: ServedVersion = await activate(first.value);

  /** Loads a prepared version and points `current` at it; the caller then swaps `active`. */
  async function activate(prepared: PreparedVersion): Promise<ServedVersion> {
    const served = await loadServedVersion(prepared);
    await activateVersion(options.dataDir, prepared.version);
    return served;
  }
  async function prune(): Promise<void> {
    const removed = await pruneVersions(options.dataDir, active.version, options.keepVersions ?? 3);
    if (removed.length) options.log(`sheaf host: removed old cached versions: ${removed.join(', ')}`);
  }
  await prune();

  const app = createHostApp({ active: () => active, proxy: createPlaygroundProxy(options.proxy) });
  let server: ReturnType<typeof serve>;
  try {
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      // overrideGlobalObjects: false keeps Node's own Request/Response (see start-service.ts).
      const s = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname, overrideGlobalObjects: false }, () => resolve(s));
      s.once('error', reject);
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return hostFail('host/listen-failed', `Cannot listen on ${options.hostname}:${options.port} (${typeof code === 'string' ? code : 'error'}).`, 'Pick another --port or --host.');
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname}:${port}`;
  const pages = first.value.manifest.pageCount;
  options.log(`sheaf host: serving version ${active.version}${pages !== undefined ? ` (${pages} pages)` : ''} at ${url}`);

  return {
    ok: true,
    value: {
      url,
      port,
      version: () => active.version,
      async update(bundleUrl, version) {
        const next = await prepare(bundleUrl, version, false);
        if (next.ok) {
          active = await activate(next.value);
          await prune();
          options.log(`sheaf host: now serving version ${next.value.version}`);
        }
        return next;
      },
      close: () =>
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          if ('closeAllConnections' in server) server.closeAllConnections();
        }),
    },
  };
}
