import { rmSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { trimTrailing } from '../text/linear-text.js';
import { workerCount } from './check-command.js';
import type { CliIO } from './io.js';

export interface McpFlags {
  readonly dataDir?: string;
  readonly siteUrl?: string;
  readonly workers?: number;
}

/** Registers `sheaf mcp`: the site's search MCP server over stdio, for an agent on this machine. */
export function registerMcpCommand(program: Command, io: CliIO, done: (code: number) => void): void {
  program
    .command('mcp')
    .description('Serve a site\'s search MCP server over stdio (for an MCP client on this machine): a built site folder, a bundle from `sheaf export`, or a project folder (built first).')
    .argument('[target]', 'built site folder, bundle (.tar.gz or .zip) or project folder (holding docs.json or mint.json)', '.')
    .option('--data-dir <dir>', "folder of the feedback log, mcp-feedback.jsonl (default: a project's .sheaf/ folder, else ~/.local/state/sheaf)")
    .option('--site-url <url>', "the site's public URL, for links in results (default: none; results give paths)")
    .option('--workers <n>', 'worker threads rendering pages when a project is built first (0 = none)', workerCount)
    .action(async (target: string, flags: McpFlags) => {
      done(await runMcp(target, flags, io));
    });
}

/** A site folder to serve, what to remove once done (an unpacked bundle), and the project it was built from. */
interface Served {
  readonly dir: string;
  readonly cleanup?: string;
  readonly project?: string;
}

/**
 * Where feedback goes without `--data-dir`: the project's `.sheaf/` folder (as `sheaf dev`; the
 * build never publishes it), else the user's state folder (`$XDG_STATE_HOME/sheaf`, default
 * `~/.local/state/sheaf`): an MCP client may start the server in a folder it cannot write, such as `/`.
 */
function defaultDataDir(served: Served): string {
  if (served.project) return path.join(served.project, '.sheaf');
  const state = process.env['XDG_STATE_HOME'];
  return path.join(state && path.isAbsolute(state) ? state : path.join(os.homedir(), '.local', 'state'), 'sheaf');
}

/** Removes `dir` if the process is stopped by a signal (Ctrl+C, a client killing it); returns the undo. */
function removeOnSignal(dir: string): () => void {
  const stop = (signal: NodeJS.Signals) => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.once(signal, stop);
  return () => {
    for (const signal of signals) process.off(signal, stop);
  };
}

/**
 * `sheaf mcp`: finds the site `target` holds, then answers MCP over stdin/stdout until the client
 * closes stdin; resolves with the exit code (1 when there is no site to serve). Everything it
 * says goes to stderr: stdout carries the protocol alone.
 */
export async function runMcp(target: string, flags: McpFlags, io: CliIO, streams: { readonly input?: Readable; readonly output?: Writable } = {}): Promise<number> {
  if (flags.siteUrl !== undefined && !/^https?:\/\/[^/]/i.test(flags.siteUrl)) {
    io.stderr(`sheaf mcp: --site-url ${JSON.stringify(flags.siteUrl)} is not an http(s) URL.\n`);
    return 2;
  }
  const served = await siteToServe(path.resolve(target), flags, io);
  if (typeof served === 'string') {
    io.stderr(`sheaf mcp: ${served}\n`);
    return 1;
  }
  const { createSiteReader } = await import('../server/mcp/site-reader.js');
  const { createFeedbackLog } = await import('../server/mcp/feedback-log.js');
  const { serveStdio } = await import('../server/mcp/mcp-stdio.js');
  const siteUrl = trimTrailing(flags.siteUrl ?? pathToFileURL(served.dir).href, '/');
  const feedback = createFeedbackLog(path.resolve(flags.dataDir ?? defaultDataDir(served)));
  io.stderr(`sheaf mcp: serving ${served.dir} over stdio (feedback in ${feedback.file})\n`);
  const undo = served.cleanup ? removeOnSignal(served.cleanup) : () => undefined;
  try {
    await serveStdio({ site: createSiteReader({ dir: () => served.dir }), siteUrl, feedback, ...streams });
    return 0;
  } catch (error) {
    io.stderr(`sheaf mcp: the site cannot be served: ${(error as Error).message}\n`);
    return 1;
  } finally {
    undo();
    if (served.cleanup) await rm(served.cleanup, { recursive: true, force: true });
  }
}

const isFile = (file: string) => stat(file).then((s) => s.isFile(), () => false);

/** The site folder `target` holds (building or unpacking it first), or why there is none. */
async function siteToServe(target: string, flags: McpFlags, io: CliIO): Promise<Served | string> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return `${target} does not exist.`;
  if (info.isFile()) {
    const { detectArchiveKind } = await import('../server/host/archive-entries.js');
    const kind = await detectArchiveKind(target);
    if (!kind) return `${target} is not a bundle (a .tar.gz or .zip from \`sheaf export\`).`;
    const { unpackBundle } = await import('../server/host/unpack-bundle.js');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-mcp-'));
    const unpacked = await unpackBundle(target, kind, dir);
    if (!unpacked.ok) {
      await rm(dir, { recursive: true, force: true });
      return `${target} cannot be served: ${unpacked.problem.message}`;
    }
    return { dir, cleanup: dir };
  }
  if (await isFile(path.join(target, '_sheaf', 'search-records.json'))) return { dir: target };
  if ((await isFile(path.join(target, 'docs.json'))) || (await isFile(path.join(target, 'mint.json')))) {
    const { build } = await import('../api/build.js');
    const outDir = path.join(target, '.sheaf', 'mcp-site');
    io.stderr(`sheaf mcp: building ${target} into ${outDir}\n`);
    const result = await build({ root: target, outDir, ...(flags.workers !== undefined ? { workers: flags.workers } : {}) });
    if (!result.stats) return `${target} could not be built (${result.errorCount} errors): run \`sheaf check ${target}\` to see them.`;
    io.stderr(`sheaf mcp: built ${result.stats.pages} pages${result.errorCount ? ` (${result.errorCount} errors: see \`sheaf check\`)` : ''}\n`);
    return { dir: outDir, project: target };
  }
  return `${target} is not a built site (no _sheaf/search-records.json), a bundle or a project (no docs.json or mint.json).`;
}
