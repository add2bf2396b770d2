import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { watch, type FSWatcher } from 'chokidar';
import { startDevSession, DEV_FOLDER, type DevSession, type DevSessionOptions, type DevUpdate } from '../../api/dev-session.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { createPlaygroundProxy, type PlaygroundProxyOptions } from '../proxy/index.js';
import { createDevApp } from './dev-app.js';

export interface DevOptions extends DevSessionOptions {
  readonly port: number;
  readonly hostname: string;
  /** Tries this many ports after `port` when it is taken; default 20. */
  readonly portTries?: number;
  readonly proxy?: PlaygroundProxyOptions;
  /** A line for the terminal (the address, each change, problems). */
  readonly log: (line: string) => void;
  /** Prints problems as `sheaf check` does. */
  readonly report: (diagnostics: readonly Diagnostic[]) => void;
  /** Waits this long after a file event for more before rendering (editors write in steps); default 30 ms. */
  readonly settleMs?: number;
}

export interface RunningDev {
  /** `http://host:port/`. */
  readonly url: string;
  readonly port: number;
  readonly session: DevSession;
  close(): Promise<void>;
}

/** Folders never watched: the dev output and cache, dependencies, version control, build output. */
const IGNORED = /(^|[/\\])(\.sheaf|node_modules|\.git|_site)([/\\]|$)/;

/**
 * `sheaf dev`: loads the project, serves it on the first free port from `port` (pages rendered
 * on demand, the rest warmed in the background) and watches its files: each change renders what
 * depends on it and the open browsers reload (server-sent events). Nothing is written into the
 * project but its `.sheaf/` folder.
 */
export async function startDev(options: DevOptions): Promise<RunningDev> {
  const root = path.resolve(options.root);
  const started = performance.now();
  const session = await startDevSession(options);
  options.report(session.projectDiagnostics());
  // The site files are written beside the first page: a failure to write them is said when it comes.
  void session.siteReady().then((problems) => problems.length > 0 && options.report(problems));
  const dev = createDevApp({ root, session, proxy: createPlaygroundProxy(options.proxy ?? {}) });
  const { server, port } = await listen(dev.app.fetch, options.hostname, options.port, options.portTries ?? 20);
  if (port !== options.port && options.port !== 0) options.log(`Port ${options.port} is in use; using ${port}.`);
  const shownHost = options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname;
  const url = `http://${shownHost}:${port}/`;
  options.log(`Serving ${root} at ${url} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  options.log(`Search MCP server at ${url}mcp`);

  // File events gathered until they settle, then handled one batch at a time.
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    const files = [...pending];
    pending = new Set();
    running = running.then(async () => {
      const begun = performance.now();
      let update: DevUpdate;
      try {
        update = await session.changed(files);
      } catch (error) {
        options.log(`Could not update after ${files.join(', ')}: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      if (update.reload !== 'all' && update.reload.length === 0) return;
      dev.broadcast(update);
      const what = update.reload === 'all' ? 'the site' : update.reload.length ? update.reload.join(', ') : 'nothing to render';
      options.log(`${files.join(', ')} changed: ${what} updated in ${Math.round(performance.now() - begun)} ms`);
      const problems = update.reload === 'all' ? [...session.projectDiagnostics(), ...(await session.siteReady())] : (await Promise.all(update.reload.map((r) => session.pageDiagnostics(r)))).flat();
      options.report(problems);
    });
  };
  const watcher: FSWatcher = watch(root, {
    ignored: (file) => IGNORED.test(path.relative(root, file)),
    ignoreInitial: true,
    // Editors that save through a temporary file and a rename: one change, not a delete and an add.
    atomic: true,
    // A link out of the project (to `/`, to a home folder) is not walked: only the project is watched.
    followSymlinks: false,
  });
  watcher.on('all', (_event, file) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (rel === '' || rel.startsWith('..') || IGNORED.test(rel)) return;
    pending.add(rel);
    clearTimeout(timer);
    timer = setTimeout(flush, options.settleMs ?? 30);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    url,
    port,
    session,
    async close() {
      clearTimeout(timer);
      await watcher.close();
      dev.close();
      // Open pages hold their event streams and keep-alive connections: ended, not waited for.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      (server as import('node:http').Server).closeAllConnections?.();
      await closed;
      await running;
      await session.close();
    },
  };
}

/** Listens on `port`, or the next free one (up to `tries` more); port 0 takes any. */
async function listen(fetch: (request: Request) => Response | Promise<Response>, hostname: string, port: number, tries: number): Promise<{ server: ServerType; port: number }> {
  for (let attempt = 0; ; attempt++) {
    const candidate = port === 0 ? 0 : port + attempt;
    try {
      const server = await new Promise<ServerType>((resolve, reject) => {
        const s = serve({ fetch, port: candidate, hostname, overrideGlobalObjects: false }, () => resolve(s));
        s.once('error', reject);
      });
      return { server, port: (server.address() as AddressInfo).port };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' || port === 0 || attempt >= tries) throw error;
    }
  }
}

export { DEV_FOLDER };
