import type { PlaygroundProxyOptions } from '../proxy/index.js';
import type { HostMcpOptions } from './listen-site.js';

/** The environment variable carrying a serving worker's settings (JSON). */
export const WORKER_SETTINGS_ENV = 'SHEAF_HOST_WORKER';

/** What a serving worker of `sheaf host` is started with (plain data: it crosses a process boundary). */
export interface WorkerSettings {
  readonly port: number;
  readonly hostname: string;
  readonly proxy?: Pick<PlaygroundProxyOptions, 'allowHosts' | 'allowAddresses' | 'timeoutMs' | 'maxRequestBytes' | 'maxResponseBytes' | 'maxRedirects'>;
  readonly cacheBytes?: number;
  readonly mcp?: HostMcpOptions;
}

/** The primary's messages to a worker (see host-worker.ts). */
export type PrimaryMessage = { readonly type: 'serve'; readonly version: string; readonly dir: string };

/** A worker's messages to the primary (see host-worker.ts). */
export type WorkerMessage = { readonly type: 'ready' } | { readonly type: 'serving'; readonly version: string } | { readonly type: 'failed'; readonly version: string; readonly message: string; readonly code?: string };
