import path from 'node:path';
import { Option, type Command } from 'commander';
import { SANDBOX_MODES, type SandboxMode } from '../export/export-sandbox.js';
import { DEFAULT_LIMITS } from '../server/service/create-service-app.js';
import { machineConcurrency } from '../server/service/machine-concurrency.js';
import { jsonLineLog } from '../server/service/service-log.js';
import { startWorker } from '../server/service/start-worker.js';
import type { CliIO } from './io.js';
import { addBackendOptions, backendFlags, integerFlag, runUntilSignal, type ServiceFlags } from './service-command.js';

type WorkerFlags = Pick<ServiceFlags, 'dataDir' | 'store' | 'queue' | 'bundleStore' | 's3Endpoint' | 's3Region' | 'maxAttempts' | 'concurrency' | 'jobTimeout' | 'jobMemory'> & {
  readonly stallInterval: string;
  readonly sandbox: SandboxMode;
};

/**
 * `sheaf worker`: runs the export jobs that `sheaf service --queue` instances put on the Redis
 * queue, until SIGTERM or SIGINT; then the running builds stop and their jobs go back to the
 * queue for another worker.
 */
export async function runWorker(flags: WorkerFlags, io: CliIO, signals: NodeJS.EventEmitter = process): Promise<number> {
  const parsed = {
    concurrency: flags.concurrency === 'auto' ? machineConcurrency(Number(flags.jobMemory) || DEFAULT_LIMITS.jobMemoryMb) : integerFlag('concurrency', flags.concurrency, 1, 64),
    jobTimeout: integerFlag('job-timeout', flags.jobTimeout, 1, 86_400),
    jobMemory: integerFlag('job-memory', flags.jobMemory, 64, 65_536),
    maxAttempts: integerFlag('max-attempts', flags.maxAttempts, 1, 100),
    stallInterval: integerFlag('stall-interval', flags.stallInterval, 1, 3600),
  };
  const problems = Object.values(parsed).filter((v): v is string => typeof v === 'string');
  if (problems.length > 0) {
    io.stderr(problems.map((p) => `sheaf: ${p}\n`).join(''));
    return 2;
  }
  const n = parsed as Record<keyof typeof parsed, number>;
  const dataDir = path.resolve(flags.dataDir);
  let running;
  try {
    running = await startWorker({
      dataDir,
      env: process.env,
      log: jsonLineLog(io.stderr, Date.now),
      concurrency: n.concurrency,
      jobTimeoutMs: n.jobTimeout * 1000,
      jobMemoryMb: n.jobMemory,
      maxAttempts: n.maxAttempts,
      stallMs: n.stallInterval * 1000,
      sandbox: flags.sandbox,
      ...backendFlags(flags),
    });
  } catch (error) {
    io.stderr(`sheaf: the worker could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  io.stdout(`Sheaf export worker taking jobs (${n.concurrency} at once) from the queue\n`);
  io.stdout(`  Store: ${running.description.store}; bundles: ${running.description.bundles}\n`);
  return runUntilSignal(io, signals, running);
}

export function registerWorkerCommand(program: Command, io: CliIO, done: (code: number) => void): void {
  addBackendOptions(program.command('worker').description('Run export jobs from the queue of sheaf service --queue (same --store, --queue and --bundle-store).'))
    .option('--concurrency <n>', 'builds running at once; auto: one per core, as many as fit in 3/4 of the memory at --job-memory each', 'auto')
    .option('--job-timeout <seconds>', 'time limit of one build', String(DEFAULT_LIMITS.jobTimeoutMs / 1000))
    .option('--job-memory <mb>', 'memory limit of one build, in MB', String(DEFAULT_LIMITS.jobMemoryMb))
    .option('--stall-interval <seconds>', 'a job whose worker stopped renewing its lock this long goes to another worker', '30')
    .addOption(new Option('--sandbox <mode>', 'how export builds are confined: bwrap or permission').choices([...SANDBOX_MODES]).default('bwrap'))
    .action(async (flags: WorkerFlags) => {
      done(await runWorker(flags, io));
    });
}
