/**
 * `sheaf service` in a child process for the restart tests, with a chosen runner:
 * SERVICE_RUNNER=slow (reports progress, never finishes until aborted), fast (a 1,000-byte
 * bundle at once) or real (the build in a child process). Prints `{"url": …}` on stdout.
 */
import { startService } from '../../../src/server/service/start-service.js';
import { childProcessRunner, type ExportRunner } from '../../../src/server/service/export-runner.js';
import { jsonLineLog } from '../../../src/server/service/service-log.js';
import { fakeRunner } from './helpers.js';

const mode = process.env['SERVICE_RUNNER'] ?? 'fast';
const slow: ExportRunner = (request) =>
  new Promise((resolve) => {
    let pages = 0;
    const timer = setInterval(() => request.onProgress?.({ progress: Math.min(90, ++pages * 10), pageCount: pages }), 100);
    request.signal?.addEventListener('abort', () => {
      clearInterval(timer);
      resolve({ ok: false, reason: 'aborted' });
    });
  });
const runner = mode === 'slow' ? slow : mode === 'real' ? childProcessRunner : fakeRunner();

const service = await startService({
  dataDir: process.env['SERVICE_DATA_DIR']!,
  port: 0,
  host: '127.0.0.1',
  env: {},
  runner,
  log: jsonLineLog((line) => process.stderr.write(line), Date.now),
  limits: { jobTimeoutMs: 120_000, jobMemoryMb: 1024 },
});
process.stdout.write(JSON.stringify({ url: service.url }) + '\n');
process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
