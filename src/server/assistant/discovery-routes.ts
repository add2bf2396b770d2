import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { createAdmission, type Admitted, type AssistantKeyOwner } from './admission.js';
import { pageBodySchema, parseDiscoveryBody, searchBodySchema } from './discovery-body.js';
import { errorResponse, type AssistantErrorCode } from './http-error.js';
import { createPageTextReader } from './page-texts.js';
import { createFixedWindowLimiter, type LimiterFactory } from './rate-limiter.js';
import { createRetriever } from './retriever.js';

export interface DiscoveryDeps {
  /** The owner of an assistant key (`svc_dsc_…`); undefined for unknown keys. */
  readonly verifyAssistantKey: (token: string) => Promise<AssistantKeyOwner | undefined>;
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
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Response headers a browser script may read (CORS). */
const EXPOSED_HEADERS = ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];

type DiscoverySite = NonNullable<Awaited<ReturnType<DiscoveryDeps['siteOf']>>>;

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

  const route = (path: string, what: 'search' | 'page', handle: (admitted: Admitted<DiscoverySite>) => Promise<Response>) => {
    const orgLimiter = limiter({ name: `${what}-org`, limit: deps.limits.orgPerHour, windowMs: HOUR_MS, clock: deps.clock });
    const ipLimiter = limiter({ name: `${what}-ip`, limit: deps.limits.ipPerDay, windowMs: DAY_MS, clock: deps.clock });
    const admit = createAdmission(deps, { what, orgLimiter, ipLimiter, error: discoveryError });
    // The assistant key is public and no cookies are involved, so any origin may call.
    app.use(path, cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['Authorization', 'Content-Type'], exposeHeaders: EXPOSED_HEADERS, maxAge: 600 }));
    app.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], path, () => discoveryError(405, 'request/method-not-allowed', 'Send the request with POST.', { Allow: 'POST, OPTIONS' }));
    app.post(path, async (c) => {
      try {
        const admitted = await admit(c);
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
