import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { callChatApi, processDataStream, type UIMessage, type JSONValue } from '@ai-sdk/ui-utils';
import { Hono } from 'hono';
import { build } from '../../../src/api/build.js';
import type { AnswerInput, AnswerProvider } from '../../../src/server/assistant/answer-provider.js';
import { createAssistantRoutes, type AssistantDeps } from '../../../src/server/assistant/assistant-routes.js';
import { createExtractiveProvider } from '../../../src/server/assistant/extractive-provider.js';
import { openStore, type ServiceDb } from '../../../src/server/store/index.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Search records of the example project and of the versioned fixture, built into a temp folder. */
export interface BuiltSites {
  readonly example: string;
  readonly versioned: string;
  readonly remove: () => Promise<void>;
}

export async function buildSites(): Promise<BuiltSites> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-assistant-'));
  const out = async (name: string, root: string): Promise<string> => {
    const outDir = path.join(dir, name);
    const result = await build({ root, outDir, cacheDir: false });
    if (result.errorCount > 0) throw new Error(`building ${root} failed: ${result.diagnostics.map((d) => d.message).join('; ')}`);
    return path.join(outDir, '_sheaf', 'search-records.json');
  };
  return {
    example: await out('example', path.join(REPO, 'fixtures/example')),
    versioned: await out('versioned', path.join(REPO, 'test/server/assistant/fixtures/versioned')),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Keys: `svc_dsc_acme` of org_acme (sites acme, acme-versioned, acme-unbuilt), `svc_dsc_other` of org_other (site other). */
export const ACME_KEY = 'svc_dsc_acme_0123456789';
export const OTHER_KEY = 'svc_dsc_other_0123456789';
/** The header tests set to play a client IP address. */
export const IP_HEADER = 'X-Test-Client-Ip';

export interface Harness {
  readonly base: string;
  /** The store's database (SQLite in memory, migrated) holding the threads. */
  readonly db: ServiceDb;
  /** The fake clock (ms since epoch); tests move it. */
  readonly clock: { now: number };
  /** Tokens `verifyAssistantKey` was asked about. */
  readonly verified: string[];
  readonly logs: string[];
  /** Swap the provider answering the next requests. */
  provider: AnswerProvider;
  /** The v1 endpoint of `domain`. */
  url(domain: string): string;
  /** The v2 endpoint of `domain`. */
  urlV2(domain: string): string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  readonly sites: BuiltSites;
  readonly limits?: AssistantDeps['limits'];
  readonly provider?: AnswerProvider;
  /** Start of the fake clock; default 2026-01-01T10:30:00Z. */
  readonly now?: number;
}

/** The assistant routes mounted on a Hono app, served by @hono/node-server on 127.0.0.1 (OS port). */
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const store = await openStore({ kind: 'sqlite', file: ':memory:' });
  const db = store.db;
  const clock = { now: options.now ?? Date.UTC(2026, 0, 1, 10, 30, 0) };
  const verified: string[] = [];
  const logs: string[] = [];
  const keys: Record<string, string> = { [ACME_KEY]: 'org_acme', [OTHER_KEY]: 'org_other' };
  const sites: Record<string, { orgId: string; searchRecordsFile?: string }> = {
    acme: { orgId: 'org_acme', searchRecordsFile: options.sites.example },
    'acme-versioned': { orgId: 'org_acme', searchRecordsFile: options.sites.versioned },
    'acme-unbuilt': { orgId: 'org_acme' },
    other: { orgId: 'org_other', searchRecordsFile: options.sites.example },
  };
  const harness = {
    provider: options.provider ?? createExtractiveProvider(),
  } as { provider: AnswerProvider };
  const app = new Hono();
  app.route(
    '/',
    createAssistantRoutes({
      verifyAssistantKey: async (token) => {
        verified.push(token);
        const orgId = keys[token];
        return orgId ? { orgId } : undefined;
      },
      siteOf: async (domain) => {
        const site = sites[domain];
        if (!site) return undefined;
        const file = site.searchRecordsFile;
        return { orgId: site.orgId, ...(file !== undefined ? { searchRecordsFile: async () => file } : {}) };
      },
      db,
      clock: () => clock.now,
      limits: options.limits ?? { orgPerHour: 10_000, ipPerDay: 10_000 },
      provider: { name: 'test', answer: (input: AnswerInput) => harness.provider.answer(input) },
      clientIp: (c) => c.req.header(IP_HEADER) ?? '127.0.0.1',
      log: (line) => logs.push(line),
    }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0, overrideGlobalObjects: false }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return Object.assign(harness, {
    base,
    db,
    clock,
    verified,
    logs,
    url: (domain: string) => `${base}/discovery/v1/assistant/${encodeURIComponent(domain)}/message`,
    urlV2: (domain: string) => `${base}/discovery/v2/assistant/${encodeURIComponent(domain)}/message`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await store.close();
    },
  });
}

/** A user message as useChat builds it with `sendExtraMessageFields: true`. */
export function userMessage(id: string, text: string): UIMessage {
  return { id, createdAt: new Date('2026-01-01T10:30:00.000Z'), role: 'user', content: text, parts: [{ type: 'text', text }] };
}

export interface ChatResult {
  readonly message: UIMessage;
  readonly finishReason: string;
  /** The `2:` data items (useChat `data`). */
  readonly data: JSONValue[];
  readonly response: Response;
}

/**
 * One request through the AI SDK v4 client code (`callChatApi`, what useChat runs), configured as
 * the interface's client table says: data stream protocol, full messages, fp and retrievalPageSize.
 */
export async function chat(
  url: string,
  messages: readonly UIMessage[],
  options: { readonly body?: Record<string, unknown>; readonly key?: string; readonly headers?: Record<string, string> } = {},
): Promise<ChatResult> {
  let finished: { message: UIMessage; finishReason: string } | undefined;
  let data: JSONValue[] = [];
  let response: Response | undefined;
  await callChatApi({
    api: url,
    body: { id: 'chat_1', messages, fp: 'anonymous', retrievalPageSize: 5, ...options.body },
    streamProtocol: 'data',
    credentials: undefined,
    headers: { Authorization: `Bearer ${options.key ?? ACME_KEY}`, ...options.headers },
    abortController: undefined,
    restoreMessagesOnFailure() {},
    onResponse: (r) => {
      response = r;
    },
    onUpdate: (update) => {
      data = update.data ?? [];
    },
    onToolCall: undefined,
    onFinish: (message, { finishReason }) => {
      // processChatResponse builds a UIMessage (with parts); the callback type says Message.
      finished = { message: message as UIMessage, finishReason };
    },
    generateId: () => 'client_generated',
    fetch: undefined,
    lastMessage: undefined,
  });
  if (!finished || !response) throw new Error('the chat did not finish');
  return { ...finished, data, response };
}

/** Every part of a raw response body, as `[code, value]`, parsed by the SDK's `processDataStream`. */
export async function streamParts(response: Response): Promise<[string, unknown][]> {
  const parts: [string, unknown][] = [];
  const on = (code: string) => (value: unknown) => {
    parts.push([code, value]);
  };
  await processDataStream({
    stream: response.body as ReadableStream<Uint8Array>,
    onTextPart: on('0'),
    onDataPart: on('2'),
    onErrorPart: on('3'),
    onToolCallPart: on('9'),
    onToolResultPart: on('a'),
    onFinishMessagePart: on('d'),
    onFinishStepPart: on('e'),
    onStartStepPart: on('f'),
    onSourcePart: on('h'),
    onMessageAnnotationsPart: on('8'),
    onReasoningPart: on('g'),
  });
  return parts;
}

/** A POST with a JSON (or raw string) body and the acme key unless headers say otherwise. */
export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ACME_KEY}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A minimal valid body asking `text`. */
export const ask = (text: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  fp: 'anonymous',
  messages: [{ id: 'u1', role: 'user', content: text, parts: [{ type: 'text', text }] }],
  ...extra,
});

/** The `{ error: "<message>", code }` of a response, with its status; throws unless the body has exactly those two keys. */
export async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: string; code: string };
  if (Object.keys(body).sort().join() !== 'code,error' || typeof body.error !== 'string') throw new Error(`not an error body: ${JSON.stringify(body)}`);
  return { status: response.status, code: body.code, message: body.error };
}
