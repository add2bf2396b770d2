import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Hono } from 'hono';
import { createAssistantRoutes, type AnswerProvider } from '../assistant/index.js';
import type { LimiterFactory } from '../assistant/rate-limiter.js';
import type { BlobStore } from './blob-store.js';
import type { ServiceStore } from '../store/open-store.js';
import type { ServiceEnv } from './create-service-app.js';
import type { ServiceLog } from './service-log.js';

export interface AssistantSettings {
  readonly provider: AnswerProvider;
  /** Requests per organization per hour; default 10,000 (the interface's limit). */
  readonly orgPerHour?: number;
  /** Requests per client IP address per day; default 10,000. */
  readonly ipPerDay?: number;
  /** Days a thread is kept after its last message; default 30. */
  readonly retentionDays?: number;
}

export interface MountAssistantInput {
  readonly store: ServiceStore;
  /** Where completed jobs' search records are; an object store's are fetched once into `dataDir/cache/`. */
  readonly blobs: BlobStore;
  readonly dataDir: string;
  /** The rate-limit counters (Redis when instances share one); default in memory. */
  readonly limiters?: LimiterFactory;
  readonly clock: () => number;
  readonly log: ServiceLog;
  readonly settings: AssistantSettings;
}

/**
 * Adds `POST /discovery/v1/assistant/{domain}/message` to the service app: assistant keys and
 * sites from the store, retrieval from the search records of the domain's latest completed
 * export, threads in the store's database. The client address is the socket's peer (a proxy in
 * front of the service makes every reader one address: put the limit there instead).
 */
export function mountAssistant(app: Hono<ServiceEnv>, input: MountAssistantInput): void {
  const { store, blobs, dataDir, settings } = input;
  const recordsFile = searchRecordsFiles(blobs, path.join(dataDir, 'cache', 'search-records'));
  const routes = createAssistantRoutes({
    verifyAssistantKey: async (token) => {
      const record = await store.findApiKey(token);
      return record?.kind === 'assistant' ? { orgId: record.orgId } : undefined;
    },
    siteOf: async (domain) => {
      const site = await store.getSite(domain);
      if (!site) return undefined;
      const job = await store.latestCompletedJob(domain);
      const key = job?.searchRecordsFile;
      return { orgId: site.orgId, ...(key !== undefined ? { searchRecordsFile: () => recordsFile(key) } : {}) };
    },
    db: store.db,
    ...(input.limiters ? { limiters: input.limiters } : {}),
    clock: input.clock,
    limits: { orgPerHour: settings.orgPerHour ?? 10_000, ipPerDay: settings.ipPerDay ?? 10_000 },
    provider: settings.provider,
    clientIp: (c) => {
      try {
        return getConnInfo(c).remote.address ?? 'unknown';
      } catch {
        return 'unknown'; // no socket: a request made in-process (app.request)
      }
    },
    log: (line) => input.log('warn', line),
  });
  app.route('/', routes);
}

/**
 * The local file of a job's search records: the blob itself in the data folder, or a copy fetched
 * once from an object store (a job's records never change, so the copy stays valid).
 */
function searchRecordsFiles(blobs: BlobStore, cacheDir: string): (key: string) => Promise<string> {
  const fetching = new Map<string, Promise<string>>();
  return async (key) => {
    if (blobs.localPath) return blobs.localPath(key);
    const file = path.join(cacheDir, key.replace(/[^A-Za-z0-9._-]+/g, '_'));
    if (await stat(file).then(() => true, () => false)) return file;
    let fetch = fetching.get(file);
    if (!fetch) {
      fetch = (async () => {
        await mkdir(cacheDir, { recursive: true });
        const partial = `${file}.${process.pid}.partial`;
        await blobs.fetchTo(key, partial);
        await rename(partial, file);
        return file;
      })().finally(() => fetching.delete(file));
      fetching.set(file, fetch);
    }
    return fetch;
  };
}
