/**
 * Entry of the sandboxed export process that `runExportChild` starts (never imported). It runs
 * under bubblewrap (unless the operator chose the permission model alone) and Node's permission
 * model: it may read Sheaf's own files, the snapshot of the docs source and its work folder, and
 * write only the work folder. Argument: the job as JSON (`ChildJob`). It builds
 * and packs the site with `exportBundle` and reports to the parent over IPC (`ChildMessage`).
 * It has no network: `denyNetwork` runs before any page is loaded.
 */
import { copyFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { denyNetwork } from './deny-network.js';
import { denySignals } from './deny-signals.js';
import { exportBundle } from '../api/export-bundle.js';
import { writePageTexts } from './page-texts.js';
import { BUNDLE_FILE, DIAGNOSTICS_FILE, PAGE_TEXTS_FILE, PARENT_GONE_EXIT_CODE, RECORDS_FILE, SITE_DIR, TIME_LIMIT_EXIT_CODE, type ChildJob, type ChildMessage } from './export-child-protocol.js';

const send = (message: ChildMessage): Promise<void> =>
  new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });

// Already done by the preload `runExportChild` passes (`--import`); repeated here (both are
// idempotent) so that this entry never builds with the network open or able to signal another
// process, however it is started.
denyNetwork();
denySignals();

// The parent gone (killed, crashed), nobody waits for this build: stop rather than run on. (Page
// code that blocks the event loop keeps this from running: then the kernel ends the process —
// bubblewrap's --die-with-parent or setpriv's --pdeathsig, and the CPU-time limit.)
const parentGone = () => {
  process.stderr.write('The parent process is gone; the export stops.\n');
  process.exit(PARENT_GONE_EXIT_CODE);
};
process.on('disconnect', parentGone);
if (process.send && !process.connected) parentGone();

async function main(job: ChildJob): Promise<ChildMessage> {
  const siteDir = path.join(job.workDir, SITE_DIR);
  const result = await exportBundle({
    root: job.source,
    outDir: siteDir,
    output: path.join(job.workDir, BUNDLE_FILE),
    version: job.version,
    ...(job.deployment ? { deployment: job.deployment } : {}),
    ...(job.pages ? { pages: job.pages } : {}),
    ...(job.assistant ? { assistant: job.assistant } : {}),
    // No render cache (it would live outside the work folder), no worker threads (one heap
    // under one memory limit), no network fetches of OpenAPI documents.
    cacheDir: false,
    workers: 0,
    allowNetwork: false,
    // The snapshot has no git history, and the service records no dates with a source: pages
    // show no last-modified date but their own `lastUpdatedDate` (AMENDMENTS, issue 17).
    pageDates: 'none',
    onProgress: ({ done, total }) => void send({ type: 'progress', done, total }),
  });
  const { build, archive } = result;
  await writeFile(path.join(job.workDir, DIAGNOSTICS_FILE), JSON.stringify(build.diagnostics, null, 2) + '\n');
  try {
    if (!archive) {
      const first = build.diagnostics.find((d) => d.severity === 'error');
      return { type: 'failed', reason: first ? `${first.message} [${first.code}]` : 'The site could not be built.' };
    }
    const records = path.join(siteDir, '_sheaf', 'search-records.json');
    await copyFile(records, path.join(job.workDir, RECORDS_FILE)).catch(() => writeFile(path.join(job.workDir, RECORDS_FILE), '[]\n'));
    // The searchable pages' Markdown copies, for the service's page endpoint (the site folder goes below).
    await writePageTexts(siteDir, path.join(job.workDir, RECORDS_FILE), path.join(job.workDir, PAGE_TEXTS_FILE));
    return { type: 'result', pageCount: build.stats?.pages ?? 0, errors: build.errorCount, warnings: build.warningCount };
  } finally {
    await rm(siteDir, { recursive: true, force: true });
  }
}

const job = JSON.parse(process.argv[2] ?? '{}') as ChildJob;
// Its own time limit besides the parent's (which kills it at the same time): the build ends even
// when the parent cannot end it. A process busy in page code never runs this timer; the CPU-time
// limit (`RLIMIT_CPU`, set by `runExportChild`) covers that case.
if (typeof job.timeoutMs === 'number' && job.timeoutMs > 0) {
  setTimeout(() => {
    process.stderr.write(`The export passed its time limit of ${job.timeoutMs} ms.\n`);
    process.exit(TIME_LIMIT_EXIT_CODE);
  }, job.timeoutMs).unref();
}
let message: ChildMessage;
try {
  message = await main(job);
} catch (error) {
  // A bug, not the user's problem: the stack goes to stderr, where an operator running the
  // process by hand sees it; the parent keeps only the end of stderr, to tell an out-of-memory
  // death or a refused signal, and never passes it on. The API caller gets one plain line.
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  message = { type: 'failed', reason: 'The export stopped on an internal error.' };
}
await send(message);
process.exit(0);
