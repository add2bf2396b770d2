import path from 'node:path';
import { Option, type Command } from 'commander';
import { DEFAULT_LIMITS, type ServiceLimits } from '../server/service/create-service-app.js';
import { machineConcurrency } from '../server/service/machine-concurrency.js';
import { DEFAULT_LINK_TTL_SECONDS, MAX_LINK_TTL_SECONDS } from '../server/service/link-signer.js';
import { jsonLineLog } from '../server/service/service-log.js';
import { SANDBOX_MODES, type SandboxMode } from '../export/export-sandbox.js';
import { startService, type SandboxStatus } from '../server/service/start-service.js';
import { createProvider, providerConfigSchema, type CreateProviderResult } from '../server/assistant/index.js';
import { DEFAULT_DATA_DIR, storeOption } from './admin-commands.js';
import type { CliIO } from './io.js';

export interface ServiceFlags {
  readonly dataDir: string;
  readonly port: string;
  readonly host: string;
  readonly publicUrl?: string;
  readonly concurrency: string;
  readonly jobTimeout: string;
  readonly jobMemory: string;
  readonly linkTtl: string;
  readonly jobsPerHour: string;
  readonly assistantProvider: 'extractive' | 'openai-compatible';
  readonly assistantBaseUrl?: string;
  readonly assistantModel?: string;
  readonly assistantKeyEnv: string;
  readonly assistantOrgPerHour: string;
  readonly assistantIpPerDay: string;
  readonly assistantRetentionDays: string;
  readonly sandbox: SandboxMode;
  readonly store?: string;
  readonly queue?: string;
  readonly bundleStore?: string;
  readonly s3Endpoint?: string;
  readonly s3Region?: string;
  readonly maxAttempts: string;
}

/** The flags that say where the service keeps its state, shared by `sheaf service` and `sheaf worker`. */
export function addBackendOptions(command: Command): Command {
  return command
    .addOption(new Option('--data-dir <dir>', 'folder of the service data (sheaf.db, signing.key, bundles, scratch)').default(DEFAULT_DATA_DIR))
    .addOption(storeOption())
    .addOption(new Option('--queue <url>', 'Redis of the job queue (redis://HOST:PORT): jobs run on sheaf worker; limits are shared').env('SHEAF_QUEUE_URL'))
    .addOption(new Option('--bundle-store <url>', 'S3 bucket for bundles, search records and source snapshots (s3://BUCKET/PREFIX); credentials from AWS_* variables').env('SHEAF_BUNDLE_STORE'))
    .addOption(new Option('--s3-endpoint <url>', 'endpoint of an S3-compatible server (Cloudflare R2, MinIO)').env('SHEAF_S3_ENDPOINT'))
    .addOption(new Option('--s3-region <region>', 'region of the bucket (default AWS_REGION, else us-east-1)').env('SHEAF_S3_REGION'))
    .option('--max-attempts <n>', 'starts of one job at most: a job interrupted more often fails with the reason', '2');
}

/** The backend flags as `startService` and `startWorker` take them. */
export function backendFlags(flags: Pick<ServiceFlags, 'store' | 'queue' | 'bundleStore' | 's3Endpoint' | 's3Region'>) {
  return {
    ...(flags.store ? { store: flags.store } : {}),
    ...(flags.queue ? { queue: flags.queue } : {}),
    ...(flags.bundleStore ? { bundleStore: flags.bundleStore } : {}),
    ...(flags.s3Endpoint ? { s3Endpoint: flags.s3Endpoint } : {}),
    ...(flags.s3Region ? { s3Region: flags.s3Region } : {}),
  };
}

/** What the service says at start about its export sandbox: one line on stdout, or the refusal on stderr. */
export function describeSandbox(sandbox: SandboxStatus | undefined): { readonly stdout: string; readonly stderr: string } {
  if (!sandbox) return { stdout: '', stderr: '' };
  if (sandbox.problem) {
    return {
      stdout: '',
      stderr:
        `sheaf: export jobs are refused: ${sandbox.problem}.\n` +
        '  Export builds run page code from the organizations\' sources, so they run in a bubblewrap sandbox (own PID, network and IPC namespaces, a read-only snapshot of the source).\n' +
        '  Install bubblewrap and let it create namespaces, or start the service with `--sandbox permission` to build under Node\'s permission model alone (weaker: no namespaces).\n',
    };
  }
  if (sandbox.mode === 'bwrap') {
    return { stdout: '  Export sandbox: bubblewrap (own PID, network, IPC and UTS namespaces; a read-only snapshot of the source) and Node\'s permission model\n', stderr: '' };
  }
  const death = sandbox.pdeathsig ? 'builds end with the service (setpriv --pdeathsig)' : 'setpriv is missing: a build outlives a killed service until its time limit';
  return { stdout: `  Export sandbox: Node's permission model only (--sandbox permission; no namespaces); ${death}\n`, stderr: '' };
}

/** A whole number within bounds, or a sentence saying what is wrong with the flag. */
export function integerFlag(name: string, value: string, min: number, max: number): number | string {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) return `--${name} must be a whole number from ${min} to ${max}, got \`${value}\`.`;
  return n;
}

/**
 * `sheaf service`: the static-export job API on `host:port` until SIGTERM or SIGINT, then a
 * graceful stop (no new requests; running jobs go back to the queue for the next start).
 */
export async function runService(flags: ServiceFlags, io: CliIO, signals: NodeJS.EventEmitter = process): Promise<number> {
  const parsed = {
    port: integerFlag('port', flags.port, 0, 65535),
    concurrency: flags.concurrency === 'auto' ? machineConcurrency(Number(flags.jobMemory) || DEFAULT_LIMITS.jobMemoryMb) : integerFlag('concurrency', flags.concurrency, 1, 64),
    jobTimeout: integerFlag('job-timeout', flags.jobTimeout, 1, 86_400),
    jobMemory: integerFlag('job-memory', flags.jobMemory, 64, 65_536),
    linkTtl: integerFlag('link-ttl', flags.linkTtl, 1, MAX_LINK_TTL_SECONDS),
    jobsPerHour: integerFlag('jobs-per-hour', flags.jobsPerHour, 1, 1_000_000),
    assistantOrgPerHour: integerFlag('assistant-org-per-hour', flags.assistantOrgPerHour, 1, 100_000_000),
    assistantIpPerDay: integerFlag('assistant-ip-per-day', flags.assistantIpPerDay, 1, 100_000_000),
    assistantRetentionDays: integerFlag('assistant-retention-days', flags.assistantRetentionDays, 1, 36_500),
    maxAttempts: integerFlag('max-attempts', flags.maxAttempts, 1, 100),
  };
  const problems = Object.values(parsed).filter((v): v is string => typeof v === 'string');
  if (problems.length > 0) {
    io.stderr(problems.map((p) => `sheaf: ${p}\n`).join(''));
    return 2;
  }
  const n = parsed as Record<keyof typeof parsed, number>;
  if (flags.publicUrl !== undefined && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(flags.publicUrl)) {
    io.stderr(`sheaf: --public-url must be an http(s) URL without query, got \`${flags.publicUrl}\`.\n`);
    return 2;
  }
  const limits: Partial<ServiceLimits> = {
    concurrency: n.concurrency,
    jobTimeoutMs: n.jobTimeout * 1000,
    jobMemoryMb: n.jobMemory,
    linkTtlSeconds: n.linkTtl,
    jobsPerWindow: n.jobsPerHour,
    rateWindowSeconds: 3600,
  };
  const provider = assistantProvider(flags);
  if ('error' in provider) {
    io.stderr(`sheaf: ${provider.error.message}\n`);
    return 2;
  }
  const dataDir = path.resolve(flags.dataDir);
  let service;
  try {
    service = await startService({
      dataDir,
      port: n.port,
      host: flags.host,
      limits,
      env: process.env,
      log: jsonLineLog(io.stderr, Date.now),
      assistant: { provider: provider.provider, orgPerHour: n.assistantOrgPerHour, ipPerDay: n.assistantIpPerDay, retentionDays: n.assistantRetentionDays },
      sandbox: flags.sandbox,
      maxAttempts: n.maxAttempts,
      ...backendFlags(flags),
      ...(flags.publicUrl !== undefined ? { publicUrl: flags.publicUrl } : {}),
    });
  } catch (error) {
    io.stderr(`sheaf: the service could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  io.stdout(`Sheaf export service listening on ${service.url} (data in ${dataDir})\n`);
  io.stdout(`  Store: ${service.store.description}; jobs run ${flags.queue ? 'on sheaf worker (queue in Redis)' : `in this process, ${n.concurrency} at once`}\n`);
  io.stdout(`  Health: ${service.url}/_svc/health, readiness: ${service.url}/_svc/ready\n`);
  io.stdout(`  OpenAPI document: ${service.url}/openapi.json\n`);
  io.stdout(`  Assistant (v2, ${flags.assistantProvider}): POST ${service.url}/discovery/v2/assistant/{domain}/message\n`);
  io.stdout(`  Assistant (v1, ${flags.assistantProvider}): POST ${service.url}/discovery/v1/assistant/{domain}/message\n`);
  return runUntilSignal(io, signals, service);
}

/**
 * The rest of a long-running command's life (`sheaf service`, `sheaf worker`): says how builds
 * are confined, waits for SIGTERM or SIGINT, then closes (running jobs go back to the queue).
 * The process then ends by itself once nothing is left to do; a client library still
 * reconnecting to a Redis that went away would hold it forever, so a real process ends a second
 * later all the same (a timer that does not itself keep the process alive).
 */
export async function runUntilSignal(io: CliIO, signals: NodeJS.EventEmitter, running: { readonly sandbox?: SandboxStatus; close(): Promise<void> }): Promise<number> {
  const sandbox = describeSandbox(running.sandbox);
  if (sandbox.stdout) io.stdout(sandbox.stdout);
  if (sandbox.stderr) io.stderr(sandbox.stderr);
  const signal = await new Promise<string>((resolve) => {
    signals.once('SIGTERM', () => resolve('SIGTERM'));
    signals.once('SIGINT', () => resolve('SIGINT'));
  });
  io.stderr(`Received ${signal}: stopping (running jobs go back to the queue).\n`);
  await running.close();
  io.stderr('Stopped.\n');
  if (signals === process) setTimeout(() => process.exit(), 1_000).unref();
  return 0;
}

/** The assistant's answer provider the flags choose; an operator error (flag or key missing) as data. */
function assistantProvider(flags: ServiceFlags): CreateProviderResult | { readonly error: { readonly message: string } } {
  if (flags.assistantProvider === 'extractive') return createProvider({ kind: 'extractive' });
  const parsed = providerConfigSchema.safeParse({
    kind: 'openai-compatible',
    baseUrl: flags.assistantBaseUrl,
    model: flags.assistantModel,
    apiKeyEnv: flags.assistantKeyEnv,
  });
  if (!parsed.success) {
    return { error: { message: '--assistant-provider openai-compatible needs --assistant-base-url (an http(s) URL such as https://api.openai.com/v1), --assistant-model and --assistant-key-env (the name of the variable holding the key).' } };
  }
  return createProvider(parsed.data, process.env);
}

export function registerServiceCommand(program: Command, io: CliIO, done: (code: number) => void): void {
  addBackendOptions(program.command('service').description('Run the static-export job API (POST /v1/static-export/jobs …) over the data folder.'))
    .option('--port <port>', 'port to listen on (0 = any free port)', '8787')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--public-url <url>', 'base URL of bundle links (default: the URL each request came to)')
    .option('--concurrency <n>', 'builds running at once; auto: one per core, as many as fit in 3/4 of the memory at --job-memory each', 'auto')
    .option('--job-timeout <seconds>', 'time limit of one build', String(DEFAULT_LIMITS.jobTimeoutMs / 1000))
    .option('--job-memory <mb>', 'memory limit of one build, in MB', String(DEFAULT_LIMITS.jobMemoryMb))
    .option('--link-ttl <seconds>', `lifetime of bundle links (max ${MAX_LINK_TTL_SECONDS})`, String(DEFAULT_LINK_TTL_SECONDS))
    .option('--jobs-per-hour <n>', 'export jobs one organization may start per hour', String(DEFAULT_LIMITS.jobsPerWindow))
    .addOption(new Option('--assistant-provider <kind>', 'how the assistant composes answers').choices(['extractive', 'openai-compatible']).default('extractive'))
    .option('--assistant-base-url <url>', 'OpenAI-compatible API root, e.g. https://api.openai.com/v1')
    .option('--assistant-model <model>', 'model name for the OpenAI-compatible provider')
    .option('--assistant-key-env <name>', 'environment variable holding the provider API key', 'SHEAF_ASSISTANT_API_KEY')
    .option('--assistant-org-per-hour <n>', 'requests one organization may make per hour to each assistant endpoint (message, search, page)', '10000')
    .option('--assistant-ip-per-day <n>', 'requests one IP address may make per day to each assistant endpoint (message, search, page)', '10000')
    .option('--assistant-retention-days <n>', 'days an assistant thread is kept after its last message', '30')
    .addOption(
      new Option('--sandbox <mode>', 'how export builds are confined: bwrap (bubblewrap namespaces and Node\'s permission model) or permission (Node\'s permission model alone)')
        .choices([...SANDBOX_MODES])
        .default('bwrap'),
    )
    .action(async (flags: ServiceFlags) => {
      done(await runService(flags, io));
    });
}
