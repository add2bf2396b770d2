import { spawn } from 'node:child_process';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { formatDiagnostics } from '../diagnostics/format-terminal.js';
import { assistantOption } from './build-command.js';
import { workerCount } from './check-command.js';
import { collectList, featureOverrides, type FeatureFlags } from './feature-flags.js';
import { cachedReader, type CliIO } from './io.js';
import { collect, proxyOptions, type ProxyFlags } from './proxy-flags.js';

export interface DevFlags extends FeatureFlags, ProxyFlags {
  readonly port: string;
  readonly host: string;
  readonly open: boolean;
  readonly workers?: number;
  readonly assistantUrl?: string;
  readonly assistantKey?: string;
}

/** Registers `sheaf dev`: a live preview of the project that follows its files. */
export function registerDevCommand(program: Command, io: CliIO, done: (code: number) => void): void {
  program
    .command('dev')
    .description('Serve the project with a live preview: pages render when opened and reload by themselves as their files change; problems show in the terminal and on the page.')
    .argument('[dir]', 'project folder (holding docs.json or mint.json)', '.')
    .addOption(new Option('--port <port>', 'port to listen on (the next free one when taken)').default('3000'))
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--open', 'open the site in the default browser', false)
    .option('--workers <n>', 'worker threads rendering pages (0 = none)', workerCount)
    .option('--enable <features>', 'features to turn on, comma-separated (search, assistant, analytics, playground)', collectList)
    .option('--disable <features>', 'features to turn off, comma-separated', collectList)
    .option('--assistant-url <url>', 'Ask AI panel: full URL of the assistant message endpoint v2 (a v1 URL is taken as its v2 successor)')
    .option('--assistant-key <key>', 'Ask AI panel: the public assistant key (svc_dsc_…)')
    .option('--allow-host <hosts>', 'playground proxy: only these API hosts (comma-separated; repeatable)', collect)
    .option('--allow-address <cidrs>', 'playground proxy: private address ranges it may reach (comma-separated CIDRs; repeatable)', collect)
    .action(async (dir: string, flags: DevFlags) => {
      done(await runDev(dir, flags, io));
    });
}

/**
 * Starts `sheaf dev` and keeps it running until SIGINT or SIGTERM, then stops it and resolves
 * with 0; a bad flag or a server that cannot start resolves with 1 or 2 at once.
 */
export async function runDev(dir: string, flags: DevFlags, io: CliIO, signals: NodeJS.EventEmitter = process): Promise<number> {
  const port = Number(flags.port);
  if (!/^\d{1,5}$/.test(flags.port) || port > 65535) {
    io.stderr(`sheaf dev: --port ${JSON.stringify(flags.port)} is not a port number (0-65535).\n`);
    return 2;
  }
  const root = path.resolve(dir);
  // Loaded here, not at start-up: the other commands never pay for the server, the watcher or the proxy.
  const { startDev } = await import('../server/dev/start-dev.js');
  const report = async (diagnostics: readonly import('../model/diagnostic.js').Diagnostic[]) => {
    const shown = diagnostics.filter((d) => d.severity !== 'info');
    if (shown.length) io.stderr(formatDiagnostics(shown, { color: io.color, readText: await cachedReader(root, shown) }) + '\n');
  };
  const proxy = proxyOptions(flags);
  if (!proxy.ok) {
    io.stderr(`sheaf dev: ${proxy.message}\n`);
    return 2;
  }
  let running: Awaited<ReturnType<typeof startDev>>;
  try {
    running = await startDev({
      root,
      port,
      hostname: flags.host,
      features: featureOverrides(flags),
      ...assistantOption(flags),
      ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
      ...(io.debug ? { debug: true } : {}),
      proxy: proxy.value,
      log: (line) => io.stderr(line + '\n'),
      report: (d) => void report(d),
    });
  } catch (error) {
    io.stderr(`sheaf dev: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  if (flags.open) openBrowser(running.url, io);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      io.stderr(`sheaf dev: ${signal}, stopping\n`);
      void running.close().finally(resolve);
    };
    signals.once('SIGINT', () => stop('SIGINT'));
    signals.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}

/** Opens `url` with the system's opener; without one, says so (the address is printed above) and goes on. */
function openBrowser(url: string, io: CliIO): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => io.stderr(`sheaf dev: no browser opener (${opener}) here; open ${url} yourself.\n`));
    child.unref();
  } catch {
    io.stderr(`sheaf dev: no browser opener (${opener}) here; open ${url} yourself.\n`);
  }
}
