import { Worker } from 'node:worker_threads';
import type { FuzzCase, Outcome } from './fuzz-case.js';

const WORKER = new URL('./fuzz-worker.mjs', import.meta.url);

/** Heap of the worker, in MiB: an input that blows memory up kills the worker (a `crash` finding), not the machine. */
const WORKER_HEAP_MB = 1536;

/**
 * The worker's Node flags: vitest's own, less `--conditions development`. With it, packages load
 * their development builds, whose assertions fail where the published build reports a proper
 * error (`<b>x` then `---`: "expected heading on stack" instead of MDX's "Expected a closing
 * tag"); the fuzz suite tests the code `sheaf` runs.
 */
function workerFlags(flags: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < flags.length; i += 1) {
    const flag = flags[i] as string;
    if ((flag === '--conditions' || flag === '-C') && flags[i + 1] === 'development') i += 1;
    else if (flag !== '--conditions=development' && flag !== '-C=development') out.push(flag);
  }
  return out;
}

export interface CaseRunner {
  /** Runs one case in the worker; a case still running after the time limit is a `hang` (the worker is stopped and replaced). */
  run(c: FuzzCase): Promise<Outcome>;
  close(): Promise<void>;
}

/**
 * Runs cases one at a time in a worker thread, so that a case that never ends, even in a
 * synchronous loop the event loop cannot interrupt, is stopped at `limitMs` (milliseconds) by
 * terminating the thread. The worker is started on first use and again after a hang or crash.
 */
export function createCaseRunner(limitMs: number): CaseRunner {
  let current: { worker: Worker; ready: Promise<void> } | undefined;
  const start = () => {
    const worker = new Worker(WORKER, { execArgv: workerFlags(process.execArgv), resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB }, stdout: true, stderr: true });
    // The library's own output (warnings of third-party parsers) is not the test's.
    worker.stdout.resume();
    worker.stderr.resume();
    // The runner says `ready` once the library is imported: start-up is not counted against a case.
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    return { worker, ready };
  };
  return {
    async run(c) {
      const started = (current ??= start());
      await started.ready;
      const w = started.worker;
      return new Promise<Outcome>((resolve) => {
        const settle = (outcome: Outcome, stop: boolean) => {
          clearTimeout(timer);
          w.off('message', onMessage);
          w.off('error', onError);
          w.off('exit', onExit);
          if (stop) {
            current = undefined;
            void w.terminate();
          }
          resolve(outcome);
        };
        const onMessage = (outcome: Outcome) => settle(outcome, false);
        const onError = (error: Error) => settle({ ok: false, finding: 'crash', detail: `${error.name}: ${error.message}` }, true);
        const onExit = (code: number) => settle({ ok: false, finding: 'crash', detail: `the worker exited with code ${code}` }, true);
        const timer = setTimeout(() => settle({ ok: false, finding: 'hang', detail: `no answer within ${limitMs} ms` }, true), limitMs);
        w.on('message', onMessage);
        w.on('error', onError);
        w.on('exit', onExit);
        w.postMessage(c);
      });
    },
    async close() {
      await current?.worker.terminate();
      current = undefined;
    },
  };
}
