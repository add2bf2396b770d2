import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { authenticate, WWW_AUTHENTICATE } from './authenticate.js';
import { pageBodySchema, parseDiscoveryBody, searchBodySchema } from './discovery-body.js';
import { errorResponse, type AssistantErrorCode } from './http-error.js';
import { createPageTextReader } from './page-texts.js';
import { createFixedWindowLimiter, rateLimitHeaders, type FixedWindowLimiter, type LimiterFactory, type LimitState } from './rate-limiter.js';
import { readJsonBody } from './read-json-body.js';
import { createRetriever } from './retriever.js';

export interface DiscoveryDeps {
  /** The org an assistant key (`svc_dsc_…`) belongs to; undefined for unknown keys. */
  readonly verifyAssistantKey: (token: string) => Promise<{ orgId: string } | undefined>;
  /**
   * The domain's org and the files of its latest completed export: its search records (absolute
   * path, JSON array of `SearchRecord`) and its page texts (absolute path, `PageTexts`; resolves
   * undefined when that export stored none). Undefined when the domain is unknown; the files
   * undefined when the site was never built.
   */
  readonly siteOf: (domain: string) => Promise<
    { orgId: string; searchRecordsFile?: () => Promise<string>; pageTextsFile?: () => Promise<string | undefined> } | undefined
  >;
  /** Rate-limit counters; default in this process's memory. */
  readonly limiters?: LimiterFactory;
  /** ms since epoch. */
  readonly clock: () => number;
  /** Requests per organization per hour, and per client IP address per day, of each endpoint. */
  readonly limits: { readonly orgPerHour: number; readonly ipPerDay: number };
  /** The client's IP address. */
  readonly clientIp: (c: Context) => string;
  /** Operator log lines (unreadable files); never given a key or a request body. */
  readonly log?: (line: string) => void;
}

/** The routes; `:domain` is the site's domain identifier. */
export const SEARCH_PATH = '/discovery/v1/search/:domain';
export const PAGE_PATH = '/discovery/v1/page/:domain';
/** Request bodies above 1 MiB (bytes) are refused with 413, as the assistant's. */
const MAX_BODY_BYTES = 1_048_576;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Response headers a browser script may read (CORS). */
const EXPOSED_HEADERS = ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];

/** What a request passed through `guard` is: the site's files and the rate-limit headers of its answer. */
interface Admitted {
  readonly domain: string;
  readonly site: NonNullable<Awaited<ReturnType<DiscoveryDeps['siteOf']>>>;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/**
 * `POST /discovery/v1/search/{domain}` and `POST /discovery/v1/page/{domain}` (Mintlify's
 * discovery API), with their CORS preflights: the assistant key, the same CORS, body limit and
 * JSON reading as the assistant endpoint, and limits of their own (per endpoint: per
 * organization per hour, per client IP per day). Search reads the search records of the domain's
 * latest completed export; page reads that export's page texts (the pages' Markdown copies).
 * Every error is the assistant's error body with `message` beside it, as the page endpoint's 404
 * is documented. Mount with `app.route('/', createDiscoveryRoutes(deps))`.
 */
export function createDiscoveryRoutes(deps: DiscoveryDeps): Hono {
  const retriever = createRetriever();
  const pages = createPageTextReader();
  const limiter = deps.limiters ?? createFixedWindowLimiter;
  const log = deps.log ?? (() => undefined);
  const app = new Hono();

  const route = (path: string, what: 'search' | 'page', handle: (admitted: Admitted) => Promise<Response>) => {
    const orgLimiter = limiter({ name: `${what}-org`, limit: deps.limits.orgPerHour, windowMs: HOUR_MS, clock: deps.clock });
    const ipLimiter = limiter({ name: `${what}-ip`, limit: deps.limits.ipPerDay, windowMs: DAY_MS, clock: deps.clock });
    // The assistant key is public and no cookies are involved, so any origin may call.
    app.use(path, cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['Authorization', 'Content-Type'], exposeHeaders: EXPOSED_HEADERS, maxAge: 600 }));
    app.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], path, () => discoveryError(405, 'request/method-not-allowed', 'Send the request with POST.', { Allow: 'POST, OPTIONS' }));
    app.post(path, async (c) => {
      try {
        const admitted = await guard(c, what, orgLimiter, ipLimiter);
        return admitted instanceof Response ? admitted : await handle(admitted);
      } catch (error) {
        log(`${what}: internal error: ${error instanceof Error ? error.message : String(error)}`);
        return discoveryError(500, 'internal', `The ${what} request failed. Try again later.`);
      }
    });
  };

  route(SEARCH_PATH, 'search', async ({ domain, site, body: input, headers }) => {
    const parsed = parseDiscoveryBody(searchBodySchema, input);
    if ('message' in parsed) return discoveryError(400, 'request/invalid-body', parsed.message, headers);
    if (!site.searchRecordsFile) return notBuilt(domain, headers);
    const { query, pageSize, scoreThreshold, filter } = parsed.body;
    let file;
    try {
      file = await site.searchRecordsFile();
    } catch (error) {
      return unreadable(domain, 'search records', error, headers);
    }
    const results = await retriever.search(file, { query, pageSize, scoreThreshold, filter });
    return Response.json(results, { headers: { 'Cache-Control': 'no-store', ...headers } });
  });

  route(PAGE_PATH, 'page', async ({ domain, site, body: input, headers }) => {
    const parsed = parseDiscoveryBody(pageBodySchema, input);
    if ('message' in parsed) return discoveryError(400, 'request/invalid-body', parsed.message, headers);
    if (!site.pageTextsFile) return notBuilt(domain, headers);
    let file;
    try {
      file = await site.pageTextsFile();
    } catch (error) {
      return unreadable(domain, 'page texts', error, headers);
    }
    if (file === undefined) {
      return discoveryError(
        404,
        'site/no-page-text',
        `The latest export of \`${domain}\` was made before the service kept page texts, so it has none to answer from. Export the site again.`,
        headers,
      );
    }
    const page = await pages.pageOf(file, parsed.body.path);
    if (!page) return discoveryError(404, 'page/not-found', `No page \`${parsed.body.path}\` is in the search index of \`${domain}\`. Pass a \`path\` as the search endpoint returns it.`, headers);
    return Response.json({ path: parsed.body.path, content: page.text }, { headers: { 'Cache-Control': 'no-store', ...headers } });
  });

  /**
   * Limits, key, site, content type and body of a request, in the assistant's order: the IP's
   * limit first (before any lookup), then the key; another organization's domain answers as an
   * unknown one; the organization's limit counts identified callers only.
   */
  async function guard(c: Context, what: string, orgLimiter: FixedWindowLimiter, ipLimiter: FixedWindowLimiter): Promise<Admitted | Response> {
    const domain = c.req.param('domain') ?? '';
    const ipState = await ipLimiter.take(deps.clientIp(c));
    if (!ipState.allowed) return discoveryError(429, 'rate-limit/ip', tooMany(what, ipState, 'from this IP address', 'day'), rateLimitHeaders([ipState]));
    const auth = await authenticate(c.req.header('Authorization'), deps.verifyAssistantKey);
    if ('code' in auth) {
      const challenge: Record<string, string> = auth.status === 401 ? { 'WWW-Authenticate': WWW_AUTHENTICATE } : {};
      return discoveryError(auth.status, auth.code, auth.message, { ...challenge, ...rateLimitHeaders([ipState]) });
    }
    const site = await deps.siteOf(domain);
    if (!site || site.orgId !== auth.orgId) {
      return discoveryError(404, 'site/not-found', `No documentation site \`${domain}\` is available to this assistant key.`, rateLimitHeaders([ipState]));
    }
    const orgState = await orgLimiter.take(auth.orgId);
    const headers = rateLimitHeaders([orgState, ipState]);
    if (!orgState.allowed) return discoveryError(429, 'rate-limit/organization', tooMany(what, orgState, 'for this organization', 'hour'), headers);
    const contentType = c.req.header('Content-Type');
    if (contentType !== undefined && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
      return discoveryError(415, 'request/unsupported-media-type', 'Send the body as JSON with `Content-Type: application/json`.', headers);
    }
    const read = await readJsonBody(c.req.raw, MAX_BODY_BYTES);
    if ('problem' in read) {
      if (read.problem === 'invalid-json') return discoveryError(400, 'request/invalid-json', 'The request body is not valid JSON.', headers);
      // The rest of the body was not read: close the connection rather than let the client reuse it.
      return discoveryError(413, 'request/too-large', `The request body is larger than ${MAX_BODY_BYTES / 1_048_576} MiB.`, { ...headers, Connection: 'close' });
    }
    return { domain, site, body: read.value, headers };
  }

  function unreadable(domain: string, what: string, error: unknown, headers: Record<string, string>): Promise<Response> {
    log(`discovery: the ${what} of ${domain} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return discoveryError(500, 'internal', `The site’s ${what} could not be read. Try again later.`, headers);
  }

  return app;
}

/** The site has no completed export: 404, as the page endpoint documents "no search index available". */
function notBuilt(domain: string, headers: Record<string, string>): Promise<Response> {
  return discoveryError(404, 'site/not-built', `The site \`${domain}\` has no completed export yet, so it has no search index. Export the site first.`, headers);
}

/**
 * The assistant's error response (`errorResponse`, whatever its shape) with the message also at
 * the top level as `message`: the field Mintlify's page endpoint documents for its 404.
 */
async function discoveryError(status: number, code: AssistantErrorCode, message: string, headers: Readonly<Record<string, string>> = {}): Promise<Response> {
  const response = errorResponse(status, code, message, headers);
  const body = (await response.json()) as Record<string, unknown>;
  return new Response(JSON.stringify({ message, ...body }), { status, headers: response.headers });
}

function tooMany(what: string, state: LimitState, who: string, per: string): string {
  const seconds = Math.max(1, Math.ceil(state.resetMs / 1000));
  return `Too many ${what} requests ${who}: the limit is ${state.limit} per ${per}. Try again in ${seconds} s.`;
}
