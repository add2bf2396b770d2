import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Reads the links of the site's HTML pages in a worker thread as they are written, so the link
 * check after the build (link-check.ts, `known`) need not read them again on the main thread:
 * on GitHub's site that reading (parse5's tokenizer over 1,223 pages) was a fifth of the main
 * thread's time, and the second core sat mostly idle.
 */
export interface LinkReader {
  /** `file` (relative to the output folder) is written: its links are read. */
  read(file: string): void;
  /** The links of every file handed to `read`, as the link check reads them; the worker stops. */
  done(): Promise<Map<string, readonly string[]>>;
}

/** A message to the worker: one written HTML file, by its path under the output folder. */
export interface LinkReadMessage {
  readonly file: string;
}
/** The worker's answer: the file's links (`htmlUrls`), or why it could not be read. */
export type LinkReadReply = { readonly file: string; readonly urls: readonly string[] } | { readonly file: string; readonly error: string };

/** Pages from which a build reads links in a worker; below it, the worker's start-up costs more than it saves. */
const FROM_PAGES = 200;
const WORKER_URL = new URL('./link-read-worker.js', import.meta.url);
/** Under a TypeScript loader (tests, bench from sources) the worker entry does not exist: read after the build. */
const COMPILED = import.meta.url.endsWith('.js');

/** Hands nothing over: the link check reads every file itself. */
const NO_READER: LinkReader = { read: () => {}, done: async () => new Map() };

/**
 * A link reader for a site of `pages` pages written to `outDir`: a worker thread on a machine
 * with more than one core and a site large enough to pay for it, else none (the check reads the
 * files after the build, as it always may). A file the worker cannot read is left out of the
 * answer, so the check reads it itself.
 */
export function createLinkReader(outDir: string, pages: number): LinkReader {
  if (!COMPILED || pages < FROM_PAGES || availableParallelism() < 2) return NO_READER;
  // A small heap: the worker holds one page at a time, and a lazy collector would hold on to 100 MB.
  const read = new Map<string, readonly string[]>();
  let sent = 0;
  let answered = 0;
  let finish: (() => void) | undefined;
  let failed: unknown;
  // Started with the first file: a build that writes no page (incremental, nothing changed) starts none.
  let worker: Worker | undefined;
  const start = (): Worker => {
    if (worker) return worker;
    const started = new Worker(WORKER_URL, { workerData: { outDir }, resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 } });
    // A build that fails before `done` must not be kept alive by the worker.
    started.unref();
    started.on('message', (reply: LinkReadReply) => {
      if ('urls' in reply) read.set(reply.file, reply.urls);
      answered += 1;
      if (answered === sent) finish?.();
    });
    started.on('error', (error) => {
      failed = error;
      finish?.();
    });
    worker = started;
    return started;
  };
  return {
    read(file) {
      sent += 1;
      start().postMessage({ file } satisfies LinkReadMessage);
    },
    async done() {
      if (!worker) return read;
      worker.ref();
      if (answered < sent && failed === undefined) await new Promise<void>((resolve) => (finish = resolve));
      await worker.terminate();
      // A worker that died reads nothing reliably: the check reads every file.
      return failed === undefined ? read : new Map();
    },
  };
}
