/**
 * A serving process of `sheaf host --workers N` (started by host-workers.ts through node:cluster).
 * It serves the version the primary names, and switches when told:
 *
 *     worker → primary   { type: 'ready' }                    it listens for messages (sent once)
 *     primary → worker   { type: 'serve', version, dir }     load this installed version, then serve it
 *     worker → primary   { type: 'serving', version }         it is the active version now
 *     worker → primary   { type: 'failed', version, message, code? }   it could not be loaded, or the port not listened on
 *
 * Its settings come in the environment variable `SHEAF_HOST_WORKER` (JSON of `WorkerSettings`).
 * It imports only what serving needs, so its heap stays small (a full collection is short).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Server } from 'node:http';
import { messageOf } from '../error-text.js';
import { parseHostManifest } from './host-manifest.js';
import { closeSite, listenSite } from './listen-site.js';
import { loadServedVersion, type ServedVersion } from './served-version.js';
import { WORKER_SETTINGS_ENV, type PrimaryMessage, type WorkerMessage, type WorkerSettings } from './worker-messages.js';

const settings = JSON.parse(process.env[WORKER_SETTINGS_ENV] ?? '{}') as WorkerSettings;
let active: ServedVersion | undefined;
let server: Server | undefined;

/** Sends to the primary; a closed channel (the primary gone) is not an error here: 'disconnect' ends the worker. */
const tell = (message: WorkerMessage) => {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
};

async function load(version: string, dir: string): Promise<ServedVersion> {
  const parsed = parseHostManifest(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return loadServedVersion({ version, dir, manifest: parsed.value });
}

/** Versions are loaded one at a time, in the order named. */
let queue = Promise.resolve();

process.on('message', (message: PrimaryMessage) => {
  if (message?.type !== 'serve') return;
  queue = queue.then(async () => {
    try {
      const next = await load(message.version, message.dir);
      active = next;
      if (!server) {
        server = await listenSite({ port: settings.port, hostname: settings.hostname, active: () => active as ServedVersion, ...(settings.proxy ? { proxy: settings.proxy } : {}), ...(settings.cacheBytes !== undefined ? { cacheBytes: settings.cacheBytes } : {}), ...(settings.mcp ? { mcp: settings.mcp } : {}) });
      }
      tell({ type: 'serving', version: next.version });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      tell({ type: 'failed', version: message.version, message: messageOf(error), ...(typeof code === 'string' ? { code } : {}) });
    }
  });
});

tell({ type: 'ready' });

// The primary went away (stopped, or killed): stop listening, close the connections and leave.
process.on('disconnect', () => {
  void (server ? closeSite(server) : Promise.resolve()).finally(() => process.exit(0));
});
