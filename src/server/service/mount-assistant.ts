import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Hono } from 'hono';
import { createAssistantRoutes, type AnswerProvider } from '../assistant/index.js';
import type { ServiceStore } from '../store/open-store.js';
import type { ServiceEnv } from './create-service-app.js';
import type { ServiceLog } from './service-log.js';

export interface AssistantSettings {
  readonly provider: AnswerProvider;
  /** Requests per organization per hour; default 10,000 (the interface's limit). */
  readonly orgPerHour?: number;
  /** Requests per client IP address per day; default 10,000. */
  readonly ipPerDay?: number;
}

export interface MountAssistantInput {
  readonly store: ServiceStore;
  readonly dataDir: string;
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
  const { store, dataDir, settings } = input;
  const routes = createAssistantRoutes({
    verifyAssistantKey: (token) => {
      const record = store.findApiKey(token);
      return record?.kind === 'assistant' ? { orgId: record.orgId } : undefined;
    },
    siteOf: (domain) => {
      const site = store.getSite(domain);
      if (!site) return undefined;
      const job = store.latestCompletedJob(domain);
      return { orgId: site.orgId, ...(job?.searchRecordsFile ? { searchRecordsFile: path.join(dataDir, job.searchRecordsFile) } : {}) };
    },
    db: store.db,
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
