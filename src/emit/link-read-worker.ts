// Worker thread entry of link-reader.ts: reads the links of written HTML pages.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { htmlUrls } from './link-check.js';
import type { LinkReadMessage, LinkReadReply } from './link-reader.js';

const { outDir } = workerData as { outDir: string };

parentPort?.on('message', (message: LinkReadMessage) => {
  void readFile(path.join(outDir, ...message.file.split('/')), 'utf8').then(
    (html): LinkReadReply => ({ file: message.file, urls: htmlUrls(html) }),
    (error: unknown): LinkReadReply => ({ file: message.file, error: error instanceof Error ? error.message : String(error) }),
  ).then((reply) => parentPort?.postMessage(reply));
});
