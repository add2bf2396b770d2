import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import { createAssistantRoutes, type AnswerProvider, type AssistantKeyOwner } from '../assistant/index.js';
import { createDiscoveryRoutes } from '../assistant/discovery-routes.js';
import type { LimiterFactory } from '../assistant/rate-limiter.js';
import { jobBlobKeys, type BlobStore } from './blob-store.js';
import type { ServiceStore } from '../store/open-store.js';
import type { ServiceEnv } from './create-service-app.js';
import type { ServiceLog } from './service-log.js';

export interface AssistantSettings {
  readonly provider: AnswerProvider;
  /** Requests per organization per hour; default 10,000 (the interface's limit). Search and page count apart, each to the same limits. */
  readonly orgPerHour?: number;
  /** Requests per client IP address per day; default 10,000. */
  readonly ipPerDay?: number;
  /** Days a thread is kept after its last message; default 30. */
  readonly retentionDays?: number;
}

export interface MountAssistantInput {
  readonly store: ServiceStore;
  /** Where completed jobs' search records and page texts are; an object store's are fetched once into `dataDir/cache/`. */
  readonly blobs: BlobStore;
  readonly dataDir: string;
  /** The rate-limit counters (Redis when instances share one); default in memory. */
  readonly limiters?: LimiterFactory;
  readonly clock: () => number;
  readonly log: ServiceLog;
  readonly settings: AssistantSettings;
}

/**
 * Adds `POST /discovery/v1/assistant/{domain}/message` and its v2 successor to the service app: assistant keys (a site's public key scoped to that site and its origins) and
 * sites from the store, retrieval from the search records of the domain's latest completed
 * export, threads in the store's database; and the search and page endpoints of the discovery API
 * (`/discovery/v1/search/{domain}`, `/discovery/v1/page/{domain}`) over the same export's records
 * and page texts. The client address is the socket's peer (a proxy in front of the service makes
 * every reader one address: put the limit there instead).
 */
export function mountAssistant(app: Hono<ServiceEnv>, input: MountAssistantInput): void {
  const { store, blobs, dataDir, settings } = input;
  const recordsFile = blobFiles(blobs, path.join(dataDir, 'cache', 'search-records'));
  const textsFile = blobFiles(blobs, path.join(dataDir, 'cache', 'page-texts'));
  // A site's public key (its exports' Ask AI panel) opens that site only, for pages on its origins.
  const verifyAssistantKey = async (token: string): Promise<AssistantKeyOwner | undefined> => {
    const record = await store.findApiKey(token);
    if (record?.kind !== 'assistant') return undefined;
    const site = await store.siteOfAssistantKey(record.id);
    return { orgId: record.orgId, ...(site?.assistant ? { site: { domain: site.domain, origins: site.assistant.origins } } : {}) };
  };
  const siteOf = async (domain: string) => {
    const site = await store.getSite(domain);
    if (!site) return undefined;
    const job = await store.latestCompletedJob(domain);
    const key = job?.searchRecordsFile;
    if (!job || key === undefined) return { orgId: site.orgId };
    const texts = jobBlobKeys(job.jobId).pageTexts;
    return { orgId: site.orgId, searchRecordsFile: () => recordsFile.get(key), pageTextsFile: () => textsFile.ifStored(texts) };
  };
  const limits = { orgPerHour: settings.orgPerHour ?? 10_000, ipPerDay: settings.ipPerDay ?? 10_000 };
  const clientIp = (c: Context) => {
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown'; // no socket: a request made in-process (app.request)
    }
  };
  const log = (line: string) => input.log('warn', line);
  const shared = { verifyAssistantKey, siteOf, ...(input.limiters ? { limiters: input.limiters } : {}), clock: input.clock, limits, clientIp, log };
  app.route('/', createAssistantRoutes({ ...shared, db: store.db, provider: settings.provider }));
  app.route('/', createDiscoveryRoutes(shared));
}

/**
 * The local files of a job's blobs (search records, page texts): the blob itself in the data
 * folder, or a copy fetched once from an object store (a job's blobs never change, so the copy
 * stays valid). `get` rejects when the blob is missing; `ifStored` resolves undefined then.
 */
function blobFiles(blobs: BlobStore, cacheDir: string): { get(key: string): Promise<string>; ifStored(key: string): Promise<string | undefined> } {
  const fetching = new Map<string, Promise<string>>();
  const absent = new Set<string>();
  const cachedFile = (key: string) => path.join(cacheDir, key.replace(/[^A-Za-z0-9._-]+/g, '_'));
  const exists = (file: string) => stat(file).then(() => true, () => false);
  const get = async (key: string): Promise<string> => {
    if (blobs.localPath) return blobs.localPath(key);
    const file = cachedFile(key);
    if (await exists(file)) return file;
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
  return {
    get,
    async ifStored(key) {
      if (blobs.localPath) {
        const file = blobs.localPath(key);
        return (await exists(file)) ? file : undefined;
      }
      if (await exists(cachedFile(key))) return cachedFile(key);
      // A completed job's blobs never change: one missing now stays missing, so it is asked once.
      if (absent.has(key)) return undefined;
      if ((await blobs.size(key)) !== undefined) return get(key);
      absent.add(key);
      return undefined;
    },
  };
}
