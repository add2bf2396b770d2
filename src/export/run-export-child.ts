import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Deployment } from '../model/bundle.js';
import type { PagesOption } from '../api/page-selection.js';
import type { AssistantOptions } from '../deployment/assistant-config.js';
import { permissionFlag, permissionModelProblem } from './permission-model.js';
import { BUNDLE_FILE, PAGE_TEXTS_FILE, RECORDS_FILE, TIME_LIMIT_EXIT_CODE, type ChildJob, type ChildMessage } from './export-child-protocol.js';
import { SIGNAL_REFUSED_MARKER } from './deny-signals.js';
import { SANDBOX_SOURCE_DIR, SANDBOX_WORK_DIR, sandboxLaunch, type SandboxMode } from './export-sandbox.js';
import { scrubPaths } from './scrub-paths.js';
import { snapshotSource } from './snapshot-source.js';
import { trimTrailing } from '../text/linear-text.js';

export interface ExportChildOptions {
  /** The docs project folder. */
  readonly source: string;
  /** Folder the bundle and search records are written to (created if missing); the only one the process may write. */
  readonly workDir: string;
  /** Export version recorded in the manifest. */
  readonly version: string;
  readonly deployment?: Deployment;
  /** Only these pages (`BuildOptions.pages`); absent: every page. */
  readonly pages?: PagesOption;
  /** The Ask AI panel's endpoint and public key; absent: no panel. */
  readonly assistant?: AssistantOptions;
  /** Wall-clock limit in milliseconds; the process is killed when it passes. */
  readonly timeoutMs: number;
  /** Heap limit of the process in megabytes (`--max-old-space-size`). */
  readonly maxMemoryMb: number;
  readonly onProgress?: (p: { progress: number /* 0-100 */; pageCount: number }) => void;
  /** Aborting kills the process; the result is then `ok: false`. */
  readonly signal?: AbortSignal;
  /** How the process is confined (see `SandboxMode`); default `bwrap`. */
  readonly sandbox?: SandboxMode;
  /**
   * Absolute folders never copied into the snapshot even when they lie inside the source, and
   * never reachable through a link in it: the service passes its data folder (signing key,
   * database, other jobs' bundles). The work folder is always left out.
   */
  readonly exclude?: readonly string[];
  /** Caps of the snapshot: files (default 100,000) and bytes (default 2 GB). */
  readonly maxSourceFiles?: number;
  readonly maxSourceBytes?: number;
}

export type ExportChildResult =
  | {
      readonly ok: true;
      /** Absolute, in workDir. */
      readonly bundleFile: string;
      /** Bytes. */
      readonly bytes: number;
      readonly pageCount: number;
      /** Absolute, in workDir. */
      readonly searchRecordsFile: string;
      /**
       * Absolute, in workDir: the searchable pages' Markdown copies by route (`PageTexts`). Absent
       * from runners that write none (the service's page endpoint then says the export has no page text).
       */
      readonly pageTextsFile?: string;
      readonly errors: number;
      readonly warnings: number;
    }
  | { readonly ok: false; readonly reason: string /* plain words for the API caller, no stack, no paths outside workDir */ };

/** Sheaf's package folder (holding `package.json`, `dist/`, usually `node_modules/`). */
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** The compiled child entry; tests running from sources use the one in `dist/`. */
const CHILD_ENTRY = fileURLToPath(import.meta.url.endsWith('.js') ? new URL('./export-child.js', import.meta.url) : new URL('../../dist/export/export-child.js', import.meta.url));
/** Loaded before the entry (`--import`): denies the process the network and signals to other processes, empties its environment. */
const CHILD_PRELOAD = path.join(path.dirname(CHILD_ENTRY), 'export-child-preload.js');

/** The snapshot's folder inside the work folder (removed when the process has ended). */
const SNAPSHOT_DIR = 'source';
/** The signal the CPU-time limit ends a process with (SIGXCPU at the soft limit; SIGKILL a second later only if it is caught). */
const CPU_LIMIT_SIGNALS = new Set(['SIGXCPU']);
/** bubblewrap exits 128 + the signal number when the process it runs is killed by one. */
const SIGXCPU_EXIT = 128 + 24;

/** Bytes of the child's stderr kept, from its end, to recognise an out-of-memory death. */
const STDERR_TAIL = 64 * 1024;
/** Share of `progress` the pages take; packing the archive is the rest. */
const PAGES_SHARE = 95;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

/**
 * What of Sheaf the export process may read: its `package.json`, compiled code (`dist/`) and
 * dependencies (`node_modules/`) — not the rest of its folder, where a service's data could
 * live in a development checkout —, and the `node_modules` folder Sheaf is installed in when it
 * is a dependency (hoisted packages live there). Under bubblewrap these are its read-only binds.
 */
function packageReadablePaths(packageDir: string): string[] {
  const root = trimTrailing(packageDir, '\\/');
  const paths = [path.join(root, 'package.json'), path.join(root, 'dist'), path.join(root, 'node_modules')].filter((p) => existsSync(p));
  const parts = root.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at > 0) paths.push(parts.slice(0, at + 1).join(path.sep));
  return [...new Set(paths)];
}

const inside = (child: string, folder: string) => child.startsWith(folder + path.sep);

/**
 * The read grants Node 20 can hold: its permission model keeps granted paths in a radix tree that
 * refuses a granted folder itself when another grant extends its name (`/x/docs` beside
 * `/x/docs-work` or `/x/docs/.sheaf/work`: a stat of `/x/docs` is denied). Paths inside another
 * granted folder are dropped (the folder covers them). Two paths of which one's name starts the
 * other's without being its folder cannot both be granted: `clash` names them.
 */
export function grantablePaths(paths: readonly string[]): { readonly paths: readonly string[]; readonly clash?: readonly [string, string] } {
  const kept = paths.filter((p) => !paths.some((other) => other !== p && inside(p, other)));
  for (const a of kept) {
    const b = kept.find((other) => other !== a && other.startsWith(a));
    if (b !== undefined) return { paths: kept, clash: [a, b] };
  }
  return { paths: kept };
}

/** A child's reason: its first line, the folders it may name replaced (`scrubPaths`), capitalised, at most 300 characters. */
function childReason(reason: unknown, names: Readonly<Record<string, string>>): string {
  if (typeof reason !== 'string' || !reason.trim()) return 'The export failed.';
  const text = scrubPaths(reason.split('\n')[0] as string, names, 300);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const CANCELLED = 'The export was cancelled.';
/** Why the deadline signal of `runExportChild` aborted. */
const TIMEOUT = 'timeout';
const ABORTED = 'aborted';

/** The result of an export stopped by its time limit or by the caller. */
function stopped(why: unknown, timeoutMs: number): ExportChildResult {
  return { ok: false, reason: why === TIMEOUT ? timeLimitReason(timeoutMs) : CANCELLED };
}

/** The time limit as the caller set it: whole seconds, or milliseconds under one second. */
const timeLimitReason = (timeoutMs: number) =>
  `The export took longer than its time limit of ${timeoutMs < 1000 ? `${Math.round(timeoutMs)} ms` : `${Math.round(timeoutMs / 1000)} s`} and was stopped.`;

const isMessage = (m: unknown): m is ChildMessage => !!m && typeof m === 'object' && typeof (m as { type?: unknown }).type === 'string';
const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0);

/**
 * Exports `source` in a separate Node process, because MDX is code. First the source's files are
 * copied into `workDir/source` without following any link out of it (`snapshotSource`): a link
 * leading outside, a FIFO or device, a hard link shared with a file outside, too many files or
 * bytes fail the job here, before any process starts, with the reason naming the entry as the
 * project wrote it. The process reads only that snapshot (and runs the load stage's containment
 * check on it again). It runs under bubblewrap by default (`sandbox: 'bwrap'`: own PID, network,
 * IPC and UTS namespaces, read-only binds of the system, Node, Sheaf's code and the snapshot, the
 * work folder its one writable folder, killed with its parent), and inside that under Node's
 * permission model (read Sheaf's code and dependencies and the work folder, write only the work
 * folder; no workers, child processes or native addons) with a preload that denies the network and
 * signals to other processes. In `permission` mode the last two lines hold alone and the process
 * is started through `setpriv --pdeathsig KILL` where util-linux has it. It has a heap of
 * `maxMemoryMb`, an empty environment (no secret of the caller's is inherited), a CPU-time limit
 * (`prlimit`) and its own timer, and `timeoutMs` to finish, counted from before the snapshot:
 * at the time limit or on abort the copy stops (`signal` reaches the walk and each file's copy)
 * or the parent kills the process (SIGKILL); the child's own timer and CPU-time limit get the
 * time left after the copy. The result names the files written, checked here rather than taken
 * from the child; a failure is a reason in plain words. The snapshot is removed afterwards.
 */
export async function runExportChild(options: ExportChildOptions): Promise<ExportChildResult> {
  if (!(options.timeoutMs > 0) || !(options.maxMemoryMb >= 16)) throw new RangeError('runExportChild: timeoutMs must be > 0 and maxMemoryMb >= 16');
  const missing = [CHILD_ENTRY, CHILD_PRELOAD].find((file) => !existsSync(file));
  if (missing) throw new Error(`runExportChild: ${missing} is missing; run \`npm run build\``);
  if (options.signal?.aborted) return { ok: false, reason: CANCELLED };
  const permission = permissionFlag();
  if (!permission) return { ok: false, reason: permissionModelProblem() ?? 'The export sandbox cannot be set up.' };
  // The time limit runs from here, and the caller's abort is heard from here: the copy of the
  // source counts against the limit (a source built to make it slow ends at the limit too).
  const started = performance.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(TIMEOUT), options.timeoutMs);
  const onAbort = () => deadline.abort(ABORTED);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let snapshotDir: string | undefined;
  try {
    await mkdir(options.workDir, { recursive: true });
    const workDir = await realpath(options.workDir);
    const source = await realpath(options.source).catch(() => undefined);
    if (!source) return { ok: false, reason: 'The docs source folder does not exist.' };
    snapshotDir = path.join(workDir, SNAPSHOT_DIR);
    await rm(snapshotDir, { recursive: true, force: true });
    const snapshot = await snapshotSource({
      source,
      into: snapshotDir,
      exclude: [workDir, ...(options.exclude ?? [])],
      signal: deadline.signal,
      ...(options.maxSourceFiles !== undefined ? { maxFiles: options.maxSourceFiles } : {}),
      ...(options.maxSourceBytes !== undefined ? { maxBytes: options.maxSourceBytes } : {}),
    });
    if (deadline.signal.aborted) return stopped(deadline.signal.reason, options.timeoutMs);
    if (!snapshot.ok) return { ok: false, reason: snapshot.reason };
    const remainingMs = Math.max(1, Math.ceil(options.timeoutMs - (performance.now() - started)));
    return await runSandboxed(options, { permission, workDir, snapshotDir, deadline: deadline.signal, remainingMs });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (snapshotDir !== undefined) await rm(snapshotDir, { recursive: true, force: true });
  }
}

/** Starts the export process on the snapshot and waits for its result. */
async function runSandboxed(
  options: ExportChildOptions,
  ready: { permission: string; workDir: string; snapshotDir: string; deadline: AbortSignal; remainingMs: number },
): Promise<ExportChildResult> {
  const { permission, workDir, snapshotDir, deadline, remainingMs } = ready;
  const mode = options.sandbox ?? 'bwrap';
  const packageDir = await realpath(PACKAGE_DIR);
  const packagePaths = packageReadablePaths(packageDir);
  // Paths as the process sees them: under bubblewrap the work folder is mounted at /job.
  const view = mode === 'bwrap' ? { workDir: SANDBOX_WORK_DIR, source: SANDBOX_SOURCE_DIR } : { workDir, source: snapshotDir };
  const readable = grantablePaths([...packagePaths, view.workDir]);
  if (readable.clash) {
    // The two folder names that start alike (`sheaf` and `sheaf-data`), not the full paths.
    const [first, second] = readable.clash;
    const a = `\`${path.basename(first)}\``;
    const b = `\`${second.split(path.sep)[first.split(path.sep).length - 1] ?? path.basename(second)}\``;
    return {
      ok: false,
      reason: `The folders ${a} and ${b} have names that start alike, which the export sandbox (Node's permission model) cannot tell apart; move the service's data folder or rename Sheaf's folder.`,
    };
  }
  const job: ChildJob = {
    source: view.source,
    workDir: view.workDir,
    version: options.version,
    timeoutMs: remainingMs,
    ...(options.deployment ? { deployment: options.deployment } : {}),
    ...(options.pages ? { pages: options.pages } : {}),
    ...(options.assistant ? { assistant: options.assistant } : {}),
  };
  const nodeArgs = [
    `--max-old-space-size=${Math.floor(options.maxMemoryMb)}`,
    permission,
    ...readable.paths.map((d) => `--allow-fs-read=${d}`),
    `--allow-fs-write=${view.workDir}`,
    '--no-warnings',
    `--import=${pathToFileURL(CHILD_PRELOAD).href}`,
    CHILD_ENTRY,
    JSON.stringify(job),
  ];
  const launch = sandboxLaunch({ mode, nodeArgs, packagePaths, workDir, snapshotDir, cpuSeconds: remainingMs / 1000 });
  if (!launch) return { ok: false, reason: 'The export sandbox (bubblewrap) is not installed on this server; the operator must install it or choose `sheaf service --sandbox permission`.' };
  const child = spawn(launch.command, launch.args, { cwd: workDir, env: {}, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  let killedFor: 'timeout' | 'aborted' | undefined;
  const kill = (why: 'timeout' | 'aborted') => {
    if (killedFor || child.exitCode !== null || child.signalCode !== null) return;
    killedFor = why;
    child.kill('SIGKILL');
  };
  const onDeadline = () => kill(deadline.reason === TIMEOUT ? 'timeout' : 'aborted');
  deadline.addEventListener('abort', onDeadline, { once: true });
  if (deadline.aborted) onDeadline();
  let last: ChildMessage | undefined;
  child.on('message', (m: unknown) => {
    if (!isMessage(m)) return;
    if (m.type === 'progress') {
      const done = count(m.done);
      const total = count(m.total);
      options.onProgress?.({ progress: total ? Math.min(PAGES_SHARE, Math.floor((done / total) * PAGES_SHARE)) : 0, pageCount: done });
    } else {
      last = m;
    }
  });
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'spawn-failed'>((resolve) => {
    child.once('error', () => resolve('spawn-failed'));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  deadline.removeEventListener('abort', onDeadline);
  const limit = timeLimitReason(options.timeoutMs);
  if (ended === 'spawn-failed') return { ok: false, reason: 'The export process could not be started.' };
  if (killedFor === 'timeout') return { ok: false, reason: limit };
  if (killedFor === 'aborted') return { ok: false, reason: CANCELLED };
  if (stderr.includes(SIGNAL_REFUSED_MARKER)) return { ok: false, reason: 'A page tried to send a signal to another process, which the export sandbox does not allow; the export was stopped.' };
  if (OUT_OF_MEMORY.test(stderr)) return { ok: false, reason: `The export ran out of memory (limit ${Math.floor(options.maxMemoryMb)} MB).` };
  if ((ended.signal && CPU_LIMIT_SIGNALS.has(ended.signal)) || ended.code === SIGXCPU_EXIT || ended.code === TIME_LIMIT_EXIT_CODE) return { ok: false, reason: limit };
  const names = { [snapshotDir]: 'the docs source', [workDir]: '.', [SANDBOX_SOURCE_DIR]: 'the docs source', [SANDBOX_WORK_DIR]: '.', [trimTrailing(packageDir, '\\/')]: 'sheaf' };
  if (last?.type === 'failed') return { ok: false, reason: childReason(last.reason, names) };
  if (last?.type === 'result' && ended.code === 0) {
    // Named under the caller's spelling of workDir (which may differ from its real path).
    const bundleFile = path.join(path.resolve(options.workDir), BUNDLE_FILE);
    const searchRecordsFile = path.join(path.resolve(options.workDir), RECORDS_FILE);
    const bundle = await stat(bundleFile).catch(() => undefined);
    const pageTextsFile = path.join(path.resolve(options.workDir), PAGE_TEXTS_FILE);
    const records = await stat(searchRecordsFile).catch(() => undefined);
    const texts = await stat(pageTextsFile).catch(() => undefined);
    if (bundle?.isFile() && records?.isFile() && texts?.isFile()) {
      options.onProgress?.({ progress: 100, pageCount: count(last.pageCount) });
      return { ok: true, bundleFile, bytes: bundle.size, pageCount: count(last.pageCount), searchRecordsFile, pageTextsFile, errors: count(last.errors), warnings: count(last.warnings) };
    }
    return { ok: false, reason: 'The export ended without writing its bundle.' };
  }
  const how = ended.signal ? `signal ${ended.signal}` : `exit code ${ended.code}`;
  return { ok: false, reason: `The export process stopped unexpectedly (${how}).` };
}
