import { writeSync } from 'node:fs';
import { constants } from 'node:os';

/**
 * The line an export process writes to its stderr (fd 2) when page code tried to signal another
 * process, just before it ends itself; `runExportChild` turns it into the job's reason.
 */
export const SIGNAL_REFUSED_MARKER = 'sheaf-sandbox: page code tried to send a signal to another process';

type Kill = (pid: number, signal?: string | number) => unknown;

/**
 * Lets the process signal only itself. `process.kill` and the `process._kill` it calls are
 * replaced, read-only and non-configurable so page code cannot put them back; Node's permission
 * model denies child processes, workers, addons and `process.binding`, so these are the ways left
 * to send a signal. A call for any other pid (the parent, the service, a process group) is an
 * attack rather than a mistake, so it is not merely refused: the process writes
 * `SIGNAL_REFUSED_MARKER` to fd 2 and kills itself with the raw `_kill` captured here, the build
 * stops and the job fails with that reason — page code cannot catch it and go on. Under
 * bubblewrap the process has its own PID namespace as well (no pid outside it exists there);
 * this is the line that holds with the permission model alone. Idempotent.
 */
export function denySignals(): void {
  const target = process as unknown as Record<string, unknown>;
  if (Object.getOwnPropertyDescriptor(target, 'kill')?.configurable === false) return;
  const own = process.pid;
  const raw = target['_kill'] as Kill;
  const stop = (pid: unknown): never => {
    try {
      writeSync(2, `${SIGNAL_REFUSED_MARKER} (pid ${String(pid)}); the export was stopped.\n`);
    } finally {
      raw.call(process, own, constants.signals.SIGKILL);
    }
    throw new Error('unreachable: the export process ends itself');
  };
  const guard = (original: Kill): Kill =>
    function guarded(pid, signal) {
      return Number(pid) === own ? original.call(process, pid, signal) : stop(pid);
    };
  for (const name of ['_kill', 'kill']) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    const enumerable = Object.getOwnPropertyDescriptor(target, name)?.enumerable ?? false;
    Object.defineProperty(target, name, { value: guard(original as Kill), writable: false, configurable: false, enumerable });
  }
}
