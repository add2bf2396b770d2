import { spawn } from 'node:child_process';

/**
 * The date of the last commit touching each of `files` (project-relative POSIX paths), read from
 * git with one `git log` pass over the project folder's history: the walk stops as soon as every
 * file has been seen, so a site whose pages all changed lately costs a few commits, not the whole
 * history. Dates are UTC calendar dates (`YYYY-MM-DD`) of the committer time (`%ct`, seconds since
 * the epoch), never file modification times: the same commit gives the same dates on any machine,
 * in any time zone, so bundles stay byte-identical.
 *
 * git runs only when the project folder is inside a git work tree (`git -C <root> rev-parse`),
 * with `-C <root>`, names limited to the folder (`--relative -- .`) and the environment's `GIT_*`
 * variables removed (a `GIT_DIR` must not point the read elsewhere). Config that would run other
 * programs or change what is listed (signature checks, fsmonitor, external diff, `log.follow`) is
 * turned off on the command line.
 */
export type GitDates =
  | { readonly ok: true; readonly dates: Readonly<Record<string, string>>; readonly shallow: boolean }
  | { readonly ok: false; readonly reason: GitDatesProblem; readonly detail?: string };

/**
 * Why no dates were read: no work tree around the folder; git refuses a repository owned by
 * another user (its `safe.directory` check: `detail` is the repository's folder as git names it);
 * no git program; git failed otherwise (`detail`: its first line of error); too slow.
 */
export type GitDatesProblem = 'not-a-work-tree' | 'dubious-ownership' | 'no-git' | 'failed' | 'timeout';

export interface GitDatesOptions {
  /** The git program; default `git` from PATH. */
  readonly git?: string;
  /** Milliseconds the history walk may take before it is given up (then no file gets a date). Default 30,000. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Bytes of git's error output kept to quote in a diagnostic. */
const MAX_STDERR_BYTES = 4096;

/** Config of the repository that must not apply to this read (see the module comment). */
const SAFE_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'log.showSignature=false', '-c', 'log.follow=false', '-c', 'diff.relative=false', '-c', 'core.quotePath=false'];

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  return { ...env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly error?: NodeJS.ErrnoException;
  readonly timedOut: boolean;
}

/**
 * Runs git; `onChunk` sees stdout as it comes and returns true to stop early (git is then killed
 * and the run counts as a success).
 */
function runGit(git: string, args: readonly string[], timeoutMs: number, onChunk?: (chunk: string) => boolean): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(git, [...args], { env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stopped) return;
      if (onChunk) {
        if (onChunk(chunk)) {
          stopped = true;
          child.kill('SIGKILL');
        }
      } else stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.slice(0, MAX_STDERR_BYTES - stderr.length);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr, error, timedOut: false });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: stopped ? 0 : code, stdout, stderr, timedOut });
    });
  });
}

/** The UTC calendar date of `seconds` since the epoch. */
export function utcDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/**
 * A reader of `git log --format=%x01%ct --name-only -z` output, chunk by chunk: each commit is
 * `\x01<seconds>\0` followed by `\n<file>\0<file>\0…`. The first (newest) date seen for a wanted
 * file is kept. `push` returns true once every wanted file has a date.
 */
export function createLogReader(wanted: ReadonlySet<string>): { push(chunk: string): boolean; dates: Map<string, string> } {
  const dates = new Map<string, string>();
  let rest = '';
  let date: string | undefined;
  return {
    dates,
    push(chunk) {
      rest += chunk;
      let end = rest.indexOf('\0');
      while (end >= 0) {
        const token = rest.slice(0, end);
        rest = rest.slice(end + 1);
        if (token.startsWith('\x01')) {
          const seconds = Number(token.slice(1));
          date = Number.isFinite(seconds) ? utcDate(seconds) : undefined;
        } else {
          const file = token.startsWith('\n') ? token.slice(1) : token;
          if (date !== undefined && wanted.has(file) && !dates.has(file)) dates.set(file, date);
        }
        end = rest.indexOf('\0');
      }
      return dates.size >= wanted.size;
    },
  };
}

/** Reads the last-commit dates of `files` in the project at `root` (absolute). */
export async function readGitDates(root: string, files: readonly string[], options: GitDatesOptions = {}): Promise<GitDates> {
  const git = options.git ?? 'git';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const probe = await runGit(git, ['-C', root, ...SAFE_CONFIG, 'rev-parse', '--is-inside-work-tree', '--is-shallow-repository'], timeoutMs);
  if (probe.error) return probe.error.code === 'ENOENT' ? { ok: false, reason: 'no-git' } : { ok: false, reason: 'failed', detail: probe.error.message };
  if (probe.timedOut) return { ok: false, reason: 'timeout' };
  const [inside, shallow] = probe.stdout.split('\n');
  if (probe.code !== 0) return probeFailure(probe.stderr);
  if (inside !== 'true') return { ok: false, reason: 'not-a-work-tree' };
  const wanted = new Set(files);
  const reader = createLogReader(wanted);
  if (wanted.size === 0) return { ok: true, dates: {}, shallow: shallow === 'true' };
  const log = await runGit(
    git,
    ['-C', root, ...SAFE_CONFIG, 'log', '--no-color', '--no-ext-diff', '--no-renames', '--relative', '--name-only', '-z', '--format=%x01%ct', '--', '.'],
    timeoutMs,
    (chunk) => reader.push(chunk),
  );
  if (log.timedOut) return { ok: false, reason: 'timeout' };
  if (log.error) return { ok: false, reason: 'failed', detail: log.error.message };
  // A repository without any commit yet: `git log` fails with "does not have any commits yet".
  if (log.code !== 0 && /does not have any commits/.test(log.stderr)) return { ok: true, dates: {}, shallow: false };
  if (log.code !== 0) return { ok: false, reason: 'failed', detail: firstLine(log.stderr) };
  const dates: Record<string, string> = {};
  for (const file of [...reader.dates.keys()].sort()) dates[file] = reader.dates.get(file) as string;
  return { ok: true, dates, shallow: shallow === 'true' };
}

/**
 * Why `git rev-parse` failed, from its error output (run with `LC_ALL=C`: English): no repository
 * around the folder; a repository git refuses because another user owns it ("detected dubious
 * ownership in repository at '<dir>'", git 2.35.2 and later; "unsafe repository ('<dir>' is
 * owned by someone else)" in 2.35.2's first wording); anything else, its first line.
 */
export function probeFailure(stderr: string): Extract<GitDates, { ok: false }> {
  const owned = /detected dubious ownership in repository at '([^'\n]*)'/.exec(stderr) ?? /unsafe repository \('([^'\n]*)' is owned by someone else\)/.exec(stderr);
  if (owned) return { ok: false, reason: 'dubious-ownership', detail: owned[1] as string };
  if (/not a git repository/i.test(stderr) || stderr.trim() === '') return { ok: false, reason: 'not-a-work-tree' };
  return { ok: false, reason: 'failed', detail: firstLine(stderr) };
}

function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
}
