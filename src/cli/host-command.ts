import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { isSafeVersion } from '../server/host/host-manifest.js';
import { formatHostProblem, hostFail, type HostResult } from '../server/host/host-problem.js';
import { startHost, type HostOptions, type RunningHost } from '../server/host/start-host.js';
import type { CliIO } from './io.js';
import { collect, proxyOptions } from './proxy-flags.js';
import { trimTrailing } from '../text/linear-text.js';

export interface HostFlags {
  readonly bundleUrl?: string;
  readonly version?: string;
  readonly port: string;
  readonly host: string;
  readonly dataDir: string;
  readonly allowHost?: readonly string[];
  readonly allowAddress?: readonly string[];
  readonly workers: string;
  /** False with `--no-mcp`. */
  readonly mcp?: boolean;
  readonly publicUrl?: string;
  readonly mcpRequestsPerHour?: string;
}

/** Environment variable the Helm chart fills from its Secret (the link never appears in `ps`). */
export const BUNDLE_URL_ENV = 'SHEAF_BUNDLE_URL';

/**
 * `sheaf host`: checks the flags, starts the host; on a problem prints it and returns 1. The
 * running host is returned so the caller can stop it (signals in the CLI, `close()` in tests).
 */
export async function runHost(flags: HostFlags, io: CliIO, extra: { readonly fetch?: typeof fetch } = {}): Promise<{ code: number; host?: RunningHost }> {
  const checked = checkFlags(flags);
  if (!checked.ok) {
    io.stderr(formatHostProblem(checked.problem) + '\n');
    return { code: 1 };
  }
  const started = await startHost({ ...checked.value, log: (line) => io.stderr(line + '\n'), ...(extra.fetch ? { fetch: extra.fetch } : {}) });
  if (!started.ok) {
    io.stderr(formatHostProblem(started.problem) + '\n');
    return { code: 1 };
  }
  return { code: 0, host: started.value };
}

function checkFlags(flags: HostFlags): HostResult<Omit<HostOptions, 'log'>> {
  if (!flags.bundleUrl) return hostFail('host/bad-option', `No bundle link: pass --bundle-url or set ${BUNDLE_URL_ENV}.`, 'Use the bundleUrl returned by POST /v1/static-export/jobs/{jobId}/bundle.');
  if (flags.version !== undefined && !isSafeVersion(flags.version)) {
    return hostFail('host/bad-option', `--version ${JSON.stringify(flags.version)} is not an export version (1-128 letters, digits, \`.\`, \`_\` or \`-\`).`);
  }
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return hostFail('host/bad-option', `--port ${JSON.stringify(flags.port)} is not a port number (0-65535).`);
  const workers = flags.workers === 'auto' ? availableParallelism() : Number(flags.workers);
  if (!Number.isInteger(workers) || workers < 0 || workers > 256) return hostFail('host/bad-option', `--workers ${JSON.stringify(flags.workers)} is not a number of processes (0-256, or auto).`);
  const proxyFlags = proxyOptions(flags);
  if (!proxyFlags.ok) return hostFail('host/bad-option', proxyFlags.message);
  if (flags.publicUrl !== undefined && !/^https?:\/\/[^/?#]+$/i.test(trimTrailing(flags.publicUrl, '/'))) {
    return hostFail('host/bad-option', `--public-url ${JSON.stringify(flags.publicUrl)} is not an http(s) URL of a site's root (https://docs.example.com).`);
  }
  const perHour = flags.mcpRequestsPerHour === undefined ? undefined : Number(flags.mcpRequestsPerHour);
  if (perHour !== undefined && (!Number.isInteger(perHour) || perHour < 0)) return hostFail('host/bad-option', `--mcp-requests-per-hour ${JSON.stringify(flags.mcpRequestsPerHour)} is not a number of requests (0: no limit).`);
  const mcpSettings = { ...(perHour !== undefined ? { limits: { requestsPerHour: perHour } } : {}), ...(flags.publicUrl !== undefined ? { publicUrl: trimTrailing(flags.publicUrl, '/') } : {}) };
  const proxy = proxyFlags.value;
  return {
    ok: true,
    value: {
      bundleUrl: flags.bundleUrl,
      ...(flags.version !== undefined ? { version: flags.version } : {}),
      port,
      hostname: flags.host,
      dataDir: path.resolve(flags.dataDir),
      workers,
      mcp: flags.mcp === false ? false : mcpSettings,
      ...(Object.keys(proxy).length ? { proxy } : {}),
    },
  };
}


/**
 * Registers `sheaf host`. Its `--version` pins an export version, so the program's own
 * `--version` flag is made positional (recognised only before the command name: `sheaf --version`).
 */
export function registerHostCommand(
  program: Command,
  io: CliIO,
  done: (code: number) => void,
  onStarted: (host: RunningHost) => void = stopOnSignals(io),
): void {
  program.enablePositionalOptions();
  program
    .command('host')
    .description('Serve an export bundle: download it from a link, check it, unpack it safely and serve it as the active version, with the playground proxy and a search MCP server at /mcp.')
    .addOption(new Option('--bundle-url <url>', 'presigned bundle link (a secret: prefer the environment variable)').env(BUNDLE_URL_ENV))
    .option('--version <version>', 'pin the export version; a cached copy of it is served when the link has expired')
    .addOption(new Option('--port <port>', 'port to listen on').env('SHEAF_PORT').default('8080'))
    .option('--host <address>', 'address to listen on', '0.0.0.0')
    .option('--data-dir <dir>', 'version cache folder', './.sheaf-host')
    .addOption(new Option('--workers <n>', 'serving processes sharing the port (auto: one per core; 0: serve from the main process)').env('SHEAF_HOST_WORKERS').default('auto'))
    .option('--allow-host <hosts>', 'playground proxy: only these API hosts (comma-separated, *.example.com for subdomains; repeatable)', collect)
    .option('--allow-address <cidrs>', 'playground proxy: private address ranges it may reach, for internal APIs (comma-separated CIDRs; repeatable)', collect)
    .option('--no-mcp', 'do not serve the search MCP server at /mcp (and its /.well-known/mcp documents)')
    .option('--public-url <url>', "the site's public URL (https://docs.example.com), for the MCP server's links and discovery documents behind a proxy (default: each request's own host)")
    .option('--mcp-requests-per-hour <n>', 'MCP requests one client address may make per hour, per serving process (default 5000; 0: no limit, e.g. behind a proxy that limits)')
    .action(async (flags: HostFlags) => {
      const result = await runHost(flags, io);
      if (result.host) onStarted(result.host);
      done(result.code);
    });
}

/** Closes the server on SIGTERM/SIGINT (a container's PID 1 gets no default handlers). */
function stopOnSignals(io: CliIO): (host: RunningHost) => void {
  return (host) => {
    const stop = (signal: string) => {
      io.stderr(`sheaf host: ${signal}, stopping\n`);
      void host.close().finally(() => process.exit(0));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  };
}
