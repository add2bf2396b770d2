import type { ServiceDb } from '../store/open-database.js';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { AnswerProvider, HistoryMessage } from './answer-provider.js';
import { turnStream, type TurnEncoding } from './answer-turn.js';
import { createAdmission, type AssistantKeyOwner } from './admission.js';
import { dataStreamEncoding, DATA_STREAM_HEADERS } from './data-stream.js';
import { errorResponse } from './http-error.js';
import { parseMessageBody, parseMessageBodyV2, type RequestParser } from './message-body.js';
import { createFixedWindowLimiter, type LimiterFactory } from './rate-limiter.js';
import { createRetriever } from './retriever.js';
import { createThreadStore, historyOf, type NewMessage, type Thread } from './thread-store.js';
import { uiMessageStreamEncoding, UI_MESSAGE_STREAM_HEADERS } from './ui-message-stream.js';

export interface AssistantDeps {
  /** The owner of an assistant key (`svc_dsc_…`); undefined for unknown keys. Admin keys never reach this. */
  readonly verifyAssistantKey: (token: string) => Promise<AssistantKeyOwner | undefined>;
  /**
   * The domain's org and its latest completed build's search records file (absolute path, JSON
   * array of `SearchRecord`); undefined when the domain is unknown; `searchRecordsFile` undefined
   * when the site was never built.
   */
  readonly siteOf: (domain: string) => Promise<{ orgId: string; searchRecordsFile?: () => Promise<string> } | undefined>;
  /** The service's store; threads go to its `assistant_threads`/`assistant_messages` tables. */
  readonly db: ServiceDb;
  /** Rate-limit counters; default in this process's memory. */
  readonly limiters?: LimiterFactory;
  /** ms since epoch. */
  readonly clock: () => number;
  /** Requests per organization per hour, and per client IP address per day. */
  readonly limits: { readonly orgPerHour: number; readonly ipPerDay: number };
  readonly provider: AnswerProvider;
  /** The client's IP address (the service knows whether to trust a proxy's forwarding headers). */
  readonly clientIp: (c: Context) => string;
  /** Operator log lines (provider failures, unreadable indexes); never given a key or a request body. */
  readonly log?: (line: string) => void;
}

/** The v1 route (AI SDK v4); `:domain` is the site's domain identifier. */
export const ASSISTANT_MESSAGE_PATH = '/discovery/v1/assistant/:domain/message';
/** The v2 route (AI SDK 5 and later). */
export const ASSISTANT_MESSAGE_V2_PATH = '/discovery/v2/assistant/:domain/message';
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Response headers a browser script may read (CORS). */
const EXPOSED_HEADERS = [
  'X-Thread-Id',
  'X-Vercel-AI-Data-Stream',
  'X-Vercel-AI-UI-Message-Stream',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'Deprecation',
  'Sunset',
  'Link',
];

/** What differs between the two versions of the endpoint: the body's schema and the stream's encoding. */
interface MessageProtocol {
  readonly path: string;
  readonly parse: RequestParser;
  readonly encoding: () => TurnEncoding;
  readonly headers: Readonly<Record<string, string>>;
}

const V1: MessageProtocol = { path: ASSISTANT_MESSAGE_PATH, parse: parseMessageBody, encoding: dataStreamEncoding, headers: DATA_STREAM_HEADERS };
const V2: MessageProtocol = { path: ASSISTANT_MESSAGE_V2_PATH, parse: parseMessageBodyV2, encoding: uiMessageStreamEncoding, headers: UI_MESSAGE_STREAM_HEADERS };

/**
 * `POST /discovery/v1/assistant/{domain}/message` (v1, deprecated, AI SDK v4 data stream) and
 * `POST /discovery/v2/assistant/{domain}/message` (v2, AI SDK 5+ UI message stream), with their
 * CORS preflights. Both run one pipeline (limits, key, site, body, thread, retrieval, provider) and
 * differ only in the body's schema and the stream's encoding; they share the rate-limit counters.
 * Mount with `app.route('/', createAssistantRoutes(deps))`. Rate-limit windows are counted by
 * `deps.limiters` (in memory unless the service shares Redis); threads persist in `deps.db`.
 */
export function createAssistantRoutes(deps: AssistantDeps): Hono {
  const threads = createThreadStore(deps.db, deps.clock);
  const retriever = createRetriever();
  const limiter = deps.limiters ?? createFixedWindowLimiter;
  const orgLimiter = limiter({ name: 'assistant-org', limit: deps.limits.orgPerHour, windowMs: HOUR_MS, clock: deps.clock });
  const ipLimiter = limiter({ name: 'assistant-ip', limit: deps.limits.ipPerDay, windowMs: DAY_MS, clock: deps.clock });
  const log = deps.log ?? (() => undefined);
  const admit = createAdmission(deps, { what: 'assistant', orgLimiter, ipLimiter, tooLargeHint: 'Send fewer or shorter messages.', error: errorResponse });
  const app = new Hono();

  app.use(ASSISTANT_MESSAGE_PATH, async (c, next) => {
    await next();
    // The v1 endpoint is deprecated in favour of v2 (AI SDK v5 clients).
    c.res.headers.set('Deprecation', 'true');
    c.res.headers.set('Link', `</discovery/v2/assistant/${encodeURIComponent(c.req.param('domain') ?? '')}/message>; rel="successor-version"`);
  });
  for (const protocol of [V1, V2]) {
    app.use(
      protocol.path,
      // The assistant key is public and no cookies are involved, so any origin may call.
      cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['Authorization', 'Content-Type'], exposeHeaders: EXPOSED_HEADERS, maxAge: 600 }),
    );
    app.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], protocol.path, () =>
      errorResponse(405, 'request/method-not-allowed', 'Send the message with POST.', { Allow: 'POST, OPTIONS' }),
    );
    app.post(protocol.path, async (c) => {
      try {
        return await handleMessage(c, protocol);
      } catch (error) {
        log(`assistant: internal error: ${error instanceof Error ? error.message : String(error)}`);
        return errorResponse(500, 'internal', 'The assistant failed on this request. Try again later.');
      }
    });
  }

  async function handleMessage(c: Context, protocol: MessageProtocol): Promise<Response> {
    const admitted = await admit(c);
    if (admitted instanceof Response) return admitted;
    const { domain, site, orgId, headers: limitHeaders } = admitted;
    const fail = (status: number, code: Parameters<typeof errorResponse>[1], message: string): Response => errorResponse(status, code, message, limitHeaders);
    const parsed = protocol.parse(admitted.body);
    if ('message' in parsed) return fail(400, 'request/invalid-body', parsed.message);
    const body = parsed.request;
    if (!site.searchRecordsFile) {
      return fail(409, 'site/not-built', `The site \`${domain}\` has no completed build yet, so the assistant has nothing to answer from. Export the site first.`);
    }
    let thread: Thread | undefined;
    if (body.threadId !== undefined) {
      thread = await threads.find(body.threadId);
      if (!thread || thread.domain !== domain || thread.orgId !== orgId) {
        return fail(404, 'thread/not-found', `There is no thread \`${body.threadId}\` on this site. Leave threadId out to start a new thread.`);
      }
    }

    const question = body.question.text;
    let retrieval;
    try {
      retrieval = await retriever.retrieve(await site.searchRecordsFile(), {
        question,
        context: body.context,
        currentPath: body.currentPath,
        filter: body.filter,
        pageSize: body.retrievalPageSize,
      });
    } catch (error) {
      log(`assistant: the search records of ${domain} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      return fail(500, 'internal', 'The site’s search index could not be read. Try again later.');
    }

    const asked: NewMessage = { id: body.question.id, role: 'user', content: question };
    let history: HistoryMessage[];
    if (thread) {
      const stored = await threads.messages(thread.id);
      // The same user message again (the client's `reload()`/`regenerate()`): answer it anew from the history before it.
      const again = stored.findIndex((m) => m.role === 'user' && m.id === asked.id);
      history = historyOf(again === -1 ? stored : stored.slice(0, again));
      if (again === -1) await threads.append(thread.id, asked);
    } else {
      history = body.earlier.map((m) => ({ role: m.role, content: m.content }));
      thread = await threads.create({ domain, orgId, fp: body.fp }, [...body.earlier, asked]);
    }
    const threadOf = thread;
    const stream = turnStream(
      {
        threadId: threadOf.id,
        question,
        history,
        context: body.context,
        query: retrieval.query,
        hits: retrieval.hits,
        provider: deps.provider,
        signal: c.req.raw.signal,
        onEnd: (turn) => {
          if (turn.end === 'error') log(`assistant: provider ${deps.provider.name} failed on a question for ${domain}`);
          threads
            .append(threadOf.id, { id: turn.messageId, role: 'assistant', content: turn.text, sources: turn.sources, end: turn.end })
            .catch((error: unknown) => log(`assistant: the answer could not be stored: ${error instanceof Error ? error.message : String(error)}`));
        },
      },
      protocol.encoding,
    );
    return new Response(stream, {
      status: 200,
      headers: { ...protocol.headers, 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', 'X-Thread-Id': threadOf.id, ...limitHeaders },
    });
  }

  return app;
}
