import type { Server } from 'node:http';
import path from 'node:path';
import { FEEDBACK_FILE } from '../mcp/feedback-log.js';
import type { AddressInfo } from 'node:net';
import type { PlaygroundProxyOptions } from '../proxy/index.js';
import type { DownloadLimits } from './download-bundle.js';
import { startWorkers, WorkerFailure, type ServingWorkers } from './host-workers.js';
import { closeSite, listenSite } from './listen-site.js';
import { hostFail, type HostResult } from './host-problem.js';
import { prepareVersion, type PreparedVersion } from './prepare-version.js';
import { loadServedVersion, type ServedVersion } from './served-version.js';
import type { UnpackLimits } from './unpack-bundle.js';
import type { McpHttpLimits } from '../mcp/mcp-http.js';
import type { HostMcpOptions } from './listen-site.js';
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
  /** Bytes of small files' contents held in memory, per serving process; default `DEFAULT_CACHE_BYTES`. */
  readonly cacheBytes?: number;
  /**
   * Serving processes (node:cluster): 0, the default, serves from this process; N starts N workers
   * sharing the port, each with its own file cache, all switched together on `update`. The proxy
   * options they get are the plain ones (`allowHosts`, `allowAddresses`, limits).
   */
  readonly workers?: number;
  /** The search MCP server at `/mcp` (feedback in `dataDir`); false: none (`--no-mcp`). Default on. */
  readonly mcp?: boolean | { readonly limits?: McpHttpLimits; readonly publicUrl?: string };
  /** The workers' entry module; default the compiled one beside host-workers.js (tests of the sources pass dist's). */
  readonly workerEntry?: string;
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

  let server: Server | undefined;
  let workers: ServingWorkers | undefined;
  const mcp: HostMcpOptions | undefined = options.mcp === false ? undefined : { dataDir: options.dataDir, ...(typeof options.mcp === 'object' ? options.mcp : {}) };
  try {
    if ((options.workers ?? 0) > 0) {
      const { allowHosts, allowAddresses, timeoutMs, maxRequestBytes, maxResponseBytes, maxRedirects } = options.proxy ?? {};
      const proxy = { allowHosts, allowAddresses, timeoutMs, maxRequestBytes, maxResponseBytes, maxRedirects };
      const settings = { port: options.port, hostname: options.hostname, proxy: JSON.parse(JSON.stringify(proxy)) as typeof proxy, ...(options.cacheBytes !== undefined ? { cacheBytes: options.cacheBytes } : {}), ...(mcp ? { mcp } : {}) };
      workers = await startWorkers(options.workers ?? 0, settings, { version: active.version, dir: active.dir }, options.log, {
        ...(options.workerEntry ? { entry: options.workerEntry } : {}),
        // The link is a secret no worker needs (it may be in the environment: SHEAF_BUNDLE_URL).
        hiddenValues: [options.bundleUrl],
      });
    } else {
      server = await listenSite({ port: options.port, hostname: options.hostname, active: () => active, ...(options.proxy ? { proxy: options.proxy } : {}), ...(options.cacheBytes !== undefined ? { cacheBytes: options.cacheBytes } : {}), ...(mcp ? { mcp } : {}) });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (error instanceof WorkerFailure && code === undefined) return hostFail('host/listen-failed', `The serving workers could not start: ${error.message}`);
    return hostFail('host/listen-failed', `Cannot listen on ${options.hostname}:${options.port} (${typeof code === 'string' ? code : 'error'}).`, 'Pick another --port or --host.');
  }
  const port = server ? (server.address() as AddressInfo).port : (workers as ServingWorkers).port;
  const url = `http://${options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname}:${port}`;
  const pages = first.value.manifest.pageCount;
  const processes = workers ? ` by ${options.workers} worker${options.workers === 1 ? '' : 's'}` : '';
  options.log(`sheaf host: serving version ${active.version}${pages !== undefined ? ` (${pages} pages)` : ''} at ${url}${processes}`);
  if (mcp) options.log(`sheaf host: search MCP server at ${mcp.publicUrl ?? url}/mcp (feedback in ${path.join(options.dataDir, FEEDBACK_FILE)})`);

  return {
    ok: true,
    value: {
      url,
      port,
      version: () => active.version,
      async update(bundleUrl, version) {
        const next = await prepare(bundleUrl, version, false);
        if (next.ok) {
          const served = await loadServedVersion(next.value);
          // Every worker serves the new version before it counts as active (and older ones are pruned).
          if (workers) {
            const switched = await workers.serve({ version: served.version, dir: served.dir }).then(
              () => undefined,
              (error: unknown) => (error as Error).message,
            );
            if (switched !== undefined) {
              // The ones that switched go back, so every worker serves one version.
              await workers.serve({ version: active.version, dir: active.dir }).catch(() => undefined);
              return hostFail('host/switch-failed', `A serving worker could not switch to version ${served.version} (${switched}); version ${active.version} is still served.`);
            }
          }
          await activateVersion(options.dataDir, served.version);
          active = served;
          await prune();
          options.log(`sheaf host: now serving version ${next.value.version}`);
        }
        return next;
      },
      close: () => (server ? closeSite(server) : (workers as ServingWorkers).close()),
    },
  };
}
