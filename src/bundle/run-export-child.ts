import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Deployment } from '../model/bundle.js';
import { permissionFlag, permissionModelProblem } from './permission-model.js';
import { BUNDLE_FILE, RECORDS_FILE, type ChildJob, type ChildMessage } from './export-child-protocol.js';

export interface ExportChildOptions {
  /** The docs project folder. */
  readonly source: string;
  /** Folder the bundle and search records are written to (created if missing); the only one the process may write. */
  readonly workDir: string;
  /** Export version recorded in the manifest. */
  readonly version: string;
  readonly deployment?: Deployment;
  /** Wall-clock limit in milliseconds; the process is killed when it passes. */
  readonly timeoutMs: number;
  /** Heap limit of the process in megabytes (`--max-old-space-size`). */
  readonly maxMemoryMb: number;
  readonly onProgress?: (p: { progress: number /* 0-100 */; pageCount: number }) => void;
  /** Aborting kills the process; the result is then `ok: false`. */
  readonly signal?: AbortSignal;
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
      readonly errors: number;
      readonly warnings: number;
    }
  | { readonly ok: false; readonly reason: string /* plain words for the API caller, no stack, no paths outside workDir */ };

/** Sheaf's package folder (holding `package.json`, `dist/`, usually `node_modules/`). */
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** The compiled child entry; tests running from sources use the one in `dist/`. */
const CHILD_ENTRY = fileURLToPath(import.meta.url.endsWith('.js') ? new URL('./export-child.js', import.meta.url) : new URL('../../dist/bundle/export-child.js', import.meta.url));
/** Loaded before the entry (`--import`): denies the process the network (`denyNetwork`). */
const CHILD_PRELOAD = path.join(path.dirname(CHILD_ENTRY), 'export-child-preload.js');

/** Bytes of the child's stderr kept, from its end, to recognise an out-of-memory death. */
const STDERR_TAIL = 64 * 1024;
/** Share of `progress` the pages take; packing the archive is the rest. */
const PAGES_SHARE = 95;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

/**
 * What the export process may read: Sheaf's `package.json`, compiled code (`dist/`) and
 * dependencies (`node_modules/`) — not the rest of its folder, where a service's data could
 * live in a development checkout —, the `node_modules` folder Sheaf is installed in when it is
 * a dependency (hoisted packages live there), the source and the work folder.
 */
function readablePaths(packageDir: string, source: string, workDir: string): string[] {
  const root = packageDir.replace(/[\\/]+$/, '');
  const paths = [path.join(root, 'package.json'), path.join(root, 'dist'), path.join(root, 'node_modules'), source, workDir];
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

/** A child's reason in plain words, with the real folders it may name replaced. */
function cleanReason(reason: unknown, source: string, workDir: string, packageDir: string): string {
  if (typeof reason !== 'string' || !reason.trim()) return 'The export failed.';
  let text = reason.split('\n')[0] as string;
  for (const [dir, name] of [[workDir, '.'], [source, 'the docs source'], [packageDir.replace(/[\\/]+$/, ''), 'sheaf']] as const) {
    text = text.split(`\`${dir}\``).join(name).split(dir).join(name);
  }
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

const isMessage = (m: unknown): m is ChildMessage => !!m && typeof m === 'object' && typeof (m as { type?: unknown }).type === 'string';
const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0);

/**
 * Exports `source` in a separate Node process, because MDX is code. Under Node's permission
 * model the process may read only Sheaf's code and dependencies, the source and `workDir`, and
 * write only `workDir`; it may not start workers or processes or load native addons. It has a
 * heap of `maxMemoryMb`, an empty environment (no secret of the caller's is inherited) and
 * `timeoutMs` to finish: the parent kills it (SIGKILL) at the time limit or on abort. Node 20's
 * permission model does not cover the network, so a preload denies it before any page is
 * loaded (`denyNetwork`: every attempt throws, and becomes the page's diagnostic); the build
 * itself fetches nothing (no `allowNetwork`: remote OpenAPI documents are reported). The result
 * names the files written, checked here rather than taken from the child; a failure is a
 * reason in plain words.
 */
export async function runExportChild(options: ExportChildOptions): Promise<ExportChildResult> {
  if (!(options.timeoutMs > 0) || !(options.maxMemoryMb >= 16)) throw new RangeError('runExportChild: timeoutMs must be > 0 and maxMemoryMb >= 16');
  const missing = [CHILD_ENTRY, CHILD_PRELOAD].find((file) => !existsSync(file));
  if (missing) throw new Error(`runExportChild: ${missing} is missing; run \`npm run build\``);
  if (options.signal?.aborted) return { ok: false, reason: 'The export was cancelled.' };
  const permission = permissionFlag();
  if (!permission) return { ok: false, reason: permissionModelProblem() ?? 'The export sandbox cannot be set up.' };
  await mkdir(options.workDir, { recursive: true });
  const workDir = await realpath(options.workDir);
  const source = await realpath(options.source).catch(() => undefined);
  if (!source) return { ok: false, reason: 'The docs source folder does not exist.' };
  const packageDir = await realpath(PACKAGE_DIR);
  const readable = grantablePaths(readablePaths(packageDir, source, workDir));
  if (readable.clash) {
    // The two folder names that start alike (`docs` and `docs-service`), not the full paths.
    const [first, second] = readable.clash;
    const a = `\`${path.basename(first)}\``;
    const b = `\`${second.split(path.sep)[first.split(path.sep).length - 1] ?? path.basename(second)}\``;
    return {
      ok: false,
      reason: `The folders ${a} and ${b} have names that start alike, which the export sandbox (Node's permission model) cannot tell apart; move the service's data folder or rename the docs source folder.`,
    };
  }
  const job: ChildJob = { source, workDir, version: options.version, ...(options.deployment ? { deployment: options.deployment } : {}) };
  const args = [
    `--max-old-space-size=${Math.floor(options.maxMemoryMb)}`,
    permission,
    ...readable.paths.map((d) => `--allow-fs-read=${d}`),
    `--allow-fs-write=${workDir}`,
    '--no-warnings',
    `--import=${pathToFileURL(CHILD_PRELOAD).href}`,
    CHILD_ENTRY,
    JSON.stringify(job),
  ];
  const child = spawn(process.execPath, args, { cwd: workDir, env: {}, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
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
  const timer = setTimeout(() => kill('timeout'), options.timeoutMs);
  const onAbort = () => kill('aborted');
  options.signal?.addEventListener('abort', onAbort, { once: true });
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
  clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  if (ended === 'spawn-failed') return { ok: false, reason: 'The export process could not be started.' };
  if (killedFor === 'timeout') return { ok: false, reason: `The export took longer than its time limit of ${Math.round(options.timeoutMs / 1000)} s and was stopped.` };
  if (killedFor === 'aborted') return { ok: false, reason: 'The export was cancelled.' };
  if (OUT_OF_MEMORY.test(stderr)) return { ok: false, reason: `The export ran out of memory (limit ${Math.floor(options.maxMemoryMb)} MB).` };
  if (last?.type === 'failed') return { ok: false, reason: cleanReason(last.reason, source, workDir, packageDir) };
  if (last?.type === 'result' && ended.code === 0) {
    // Named under the caller's spelling of workDir (which may differ from its real path).
    const bundleFile = path.join(path.resolve(options.workDir), BUNDLE_FILE);
    const searchRecordsFile = path.join(path.resolve(options.workDir), RECORDS_FILE);
    const bundle = await stat(bundleFile).catch(() => undefined);
    const records = await stat(searchRecordsFile).catch(() => undefined);
    if (bundle?.isFile() && records?.isFile()) {
      options.onProgress?.({ progress: 100, pageCount: count(last.pageCount) });
      return { ok: true, bundleFile, bytes: bundle.size, pageCount: count(last.pageCount), searchRecordsFile, errors: count(last.errors), warnings: count(last.warnings) };
    }
    return { ok: false, reason: 'The export ended without writing its bundle.' };
  }
  const how = ended.signal ? `signal ${ended.signal}` : `exit code ${ended.code}`;
  return { ok: false, reason: `The export process stopped unexpectedly (${how}).` };
}
