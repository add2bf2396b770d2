import { lookup as dnsLookup } from 'node:dns';
import { Hono, type Context } from 'hono';
import { createAddressPolicy } from './address-policy.js';
import { fetchUpstream, type UpstreamSettings } from './fetch-upstream.js';
import { guardedLookup } from './guarded-lookup.js';
import { createUpstreamAgents } from './upstream-agents.js';
import { parsePlaygroundRequest } from './parse-playground-request.js';
import { errorAnswer, type ProxyErrorCode } from './proxy-errors.js';
import { FRAMES_TYPE } from './stream-frames.js';
import { readRequestCapped } from '../read-capped.js';

/** Where pages send playground requests, relative to the site root. */
export const PLAYGROUND_PROXY_PATH = '/_svc/api/request';

export interface PlaygroundProxyOptions {
  /** If set, only these host names (exact, or `*.example.com` for its subdomains); the address guard still applies. */
  readonly allowHosts?: readonly string[];
  /** CIDRs (or bare addresses) exempt from the internal-address guard: for tests only, e.g. `127.0.0.1/32`. */
  readonly allowAddresses?: readonly string[];
  /** Time limit for the whole upstream exchange (every redirect and the body), in milliseconds; default 30,000. */
  readonly timeoutMs?: number;
  /** Largest accepted request envelope (the JSON the page posts, bodies base64 inside), in bytes; default 5 MiB. */
  readonly maxRequestBytes?: number;
  /** Largest upstream body kept (after decompression), in bytes; more is cut and `truncated` set; default 10 MiB. */
  readonly maxResponseBytes?: number;
  /** Redirects followed before the proxy gives up; default 5. */
  readonly maxRedirects?: number;
  /** DNS resolution, injectable for tests; default `dns.lookup`. Every answer is checked at connect time. */
  readonly lookup?: typeof dnsLookup;
  /** Monotonic clock in milliseconds, for `durationMs`; default `performance.now`. */
  readonly now?: () => number;
}

const MiB = 1024 * 1024;

/** JSON with `application/json` (optionally with parameters such as charset). */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

function fail(c: Context, code: ProxyErrorCode, message: string, headers: Record<string, string> = {}): Response {
  const answer = errorAnswer({ code, message });
  return c.json(answer.body, answer.status, { 'cache-control': 'no-store', ...headers });
}

/**
 * The API playground proxy: `POST /_svc/api/request` with a `PlaygroundRequest`
 * (src/model/playground.ts) makes that request and answers 200 with a `PlaygroundResponse`
 * whatever the upstream status, or a `PlaygroundError` with the status of its code (see
 * PROXY_ERRORS). A page whose `Accept` names `application/x-ndjson` gets a streamed API answer
 * (server-sent events, JSON Lines…) as `PlaygroundStreamFrame` lines while it arrives (see
 * `fetchUpstream`). Other methods on the path get 405. The proxy reads only the JSON envelope: the
 * caller's own cookies and headers for this site are never forwarded. It logs nothing.
 */
export function createPlaygroundProxy(options: PlaygroundProxyOptions = {}): Hono {
  const policy = createAddressPolicy(options.allowAddresses);
  const maxRequestBytes = options.maxRequestBytes ?? 5 * MiB;
  const settings: UpstreamSettings = {
    policy,
    allowHosts: options.allowHosts,
    lookup: guardedLookup(options.lookup ?? dnsLookup, policy),
    timeoutMs: options.timeoutMs ?? 30_000,
    maxResponseBytes: options.maxResponseBytes ?? 10 * MiB,
    maxRedirects: options.maxRedirects ?? 5,
    now: options.now ?? (() => performance.now()),
    agents: createUpstreamAgents(),
  };

  const app = new Hono();
  app.post(PLAYGROUND_PROXY_PATH, async (c) => {
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      return fail(c, 'proxy/unsupported-media-type', 'Send the playground request as application/json.');
    }
    const tooLarge = `The playground request is larger than ${maxRequestBytes} bytes.`;
    const read = await readRequestCapped(c.req.raw, maxRequestBytes);
    if (read.overflow) return fail(c, 'proxy/request-too-large', tooLarge);
    const parsed = parsePlaygroundRequest(read.bytes.toString('utf8'));
    if (!parsed.ok) return fail(c, parsed.failure.code, parsed.failure.message);
    const acceptStream = (c.req.header('accept') ?? '').toLowerCase().includes(FRAMES_TYPE);
    const result = await fetchUpstream(parsed.value, settings, c.req.raw.signal, acceptStream);
    if (!result.ok) return fail(c, result.failure.code, result.failure.message);
    if ('frames' in result.value) {
      return new Response(result.value.frames, {
        status: 200,
        headers: { 'content-type': `${FRAMES_TYPE}; charset=utf-8`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
      });
    }
    return c.json(result.value, 200, { 'cache-control': 'no-store' });
  });
  app.all(PLAYGROUND_PROXY_PATH, (c) => fail(c, 'proxy/method-not-allowed', 'The playground proxy answers POST only.', { allow: 'POST' }));
  app.onError((_err, c) => fail(c, 'proxy/internal', 'The playground proxy failed; the request was not completed.'));
  return app;
}
