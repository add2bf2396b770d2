import { spawnSync } from 'node:child_process';
import { accessSync, constants, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * How the export process is confined. `bwrap`: bubblewrap gives it its own PID, network, IPC, UTS
 * (and, where the kernel allows, user) namespaces, a file system of read-only binds (the system's
 * `/usr` and `/lib*`, Node, Sheaf's code, the source snapshot) and one writable folder, and kills
 * it with its parent; Node's permission model and the preload run inside as further lines.
 * `permission`: Node's permission model and the preload alone, the process started through
 * `setpriv --pdeathsig KILL` where util-linux has it. Chosen by the operator (`sheaf service
 * --sandbox`); the default is `bwrap`.
 */
export type SandboxMode = 'bwrap' | 'permission';
export const SANDBOX_MODES: readonly SandboxMode[] = ['bwrap', 'permission'];

/** Where the export process sees its work folder and the snapshot under bubblewrap. */
export const SANDBOX_WORK_DIR = '/job';
export const SANDBOX_SOURCE_DIR = '/job/source';

/** Folders searched for bwrap, setpriv and prlimit besides `PATH`. */
const SYSTEM_BIN = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin'];
/** Top-level system folders bound read-only when present (symbolic links, as on merged-/usr systems, are recreated). */
const SYSTEM_DIRS = ['/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32'];
/** Time the start-up probe of bubblewrap may take, in milliseconds. */
const PROBE_TIMEOUT_MS = 15_000;

/** The absolute path of an executable `name` on `PATH` or in the system folders, if any. */
export function findExecutable(name: string, searchPath: string | undefined = process.env['PATH']): string | undefined {
  const dirs = [...(searchPath ?? '').split(path.delimiter).filter((d) => path.isAbsolute(d)), ...SYSTEM_BIN];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** bubblewrap's arguments for the system part of the sandbox: namespaces, `/usr`, `/lib*`, Node, `/proc`, `/dev`. */
function systemArgs(nodeBinary: string): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', '/usr', '/usr'];
  for (const dir of SYSTEM_DIRS) {
    try {
      const info = lstatSync(dir);
      if (info.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
      else if (info.isDirectory()) args.push('--ro-bind', dir, dir);
    } catch {
      // absent on this system
    }
  }
  if (!nodeBinary.startsWith('/usr/')) args.push('--ro-bind', nodeBinary, nodeBinary);
  args.push('--proc', '/proc', '--dev', '/dev');
  return args;
}

/** The real path of the running Node binary (bound into the sandbox and run there). */
export function nodeBinary(): string {
  try {
    return realpathSync(process.execPath);
  } catch {
    return process.execPath;
  }
}

export interface SandboxLaunch {
  /** Program to spawn and its arguments. */
  readonly command: string;
  readonly args: readonly string[];
}

export interface LaunchInput {
  readonly mode: SandboxMode;
  /** Node's own arguments (flags, entry, job), with paths as the process will see them. */
  readonly nodeArgs: readonly string[];
  /** Host folders and files of Sheaf's code, bound read-only at the same paths. */
  readonly packagePaths: readonly string[];
  /** Host work folder (bound writable at `SANDBOX_WORK_DIR`) and the snapshot inside it (read-only at `SANDBOX_SOURCE_DIR`). */
  readonly workDir: string;
  readonly snapshotDir: string;
  /** CPU-time limit of the process in seconds (`RLIMIT_CPU`: SIGXCPU, then SIGKILL a second later). */
  readonly cpuSeconds: number;
  /** The tools found (tests pass their own); default `findExecutable`. */
  readonly tools?: { readonly bwrap?: string; readonly setpriv?: string; readonly prlimit?: string };
}

/**
 * The command line that starts the export process in `mode`: under `prlimit --cpu` when
 * util-linux has it (a busy loop in page code ends at the CPU-time limit even if nobody is left
 * to kill it), then bubblewrap, or `setpriv --pdeathsig KILL` in permission mode. Each wrapper
 * `exec`s the next, so the spawned pid is the long-running process. `undefined` when `bwrap`
 * mode has no bubblewrap.
 */
export function sandboxLaunch(input: LaunchInput): SandboxLaunch | undefined {
  const tools = input.tools ?? { bwrap: findExecutable('bwrap'), setpriv: findExecutable('setpriv'), prlimit: findExecutable('prlimit') };
  const node = nodeBinary();
  const seconds = Math.max(1, Math.ceil(input.cpuSeconds));
  const limit = tools.prlimit ? [tools.prlimit, `--cpu=${seconds}:${seconds + 1}`, '--'] : [];
  let inner: string[];
  if (input.mode === 'bwrap') {
    if (!tools.bwrap) return undefined;
    inner = [
      tools.bwrap,
      ...systemArgs(node),
      ...input.packagePaths.flatMap((p) => ['--ro-bind', p, p]),
      '--bind', input.workDir, SANDBOX_WORK_DIR,
      '--ro-bind', input.snapshotDir, SANDBOX_SOURCE_DIR,
      '--chdir', SANDBOX_WORK_DIR,
      '--',
      node,
      ...input.nodeArgs,
    ];
  } else {
    inner = [...(tools.setpriv ? [tools.setpriv, '--pdeathsig', 'KILL', '--'] : []), node, ...input.nodeArgs];
  }
  const [command, ...args] = [...limit, ...inner] as [string, ...string[]];
  return { command, args };
}

/**
 * Checks once that bubblewrap can create the sandbox here (installed, and the kernel allows its
 * namespaces): runs Node in it. `undefined` when it can, else why not, in plain words.
 */
export function probeBubblewrap(bwrap: string | undefined = findExecutable('bwrap')): string | undefined {
  if (!bwrap) return 'bubblewrap (`bwrap`) is not installed (Debian and Ubuntu: `apt-get install bubblewrap`)';
  const node = nodeBinary();
  const run = spawnSync(bwrap, [...systemArgs(node), '--', node, '-e', '0'], { env: {}, encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status === 0) return undefined;
  const why = (run.stderr ?? '').trim().split('\n')[0] || (run.error ? run.error.message : `exit code ${run.status ?? run.signal}`);
  return `bubblewrap (\`bwrap\`) cannot create its sandbox here (${why}); the kernel may refuse unprivileged namespaces`;
}
