import type { LookupFunction } from 'node:net';
import type { PlaygroundRequest, PlaygroundResponse } from '../../model/playground.js';
import type { AddressPolicy } from './address-policy.js';
import { checkTarget, type Target } from './check-target.js';
import { encodeBody } from './encode-body.js';
import { forwardRequestHeaders, forwardResponseHeaders, headerOf, redirectHeaders } from './forward-headers.js';
import { BlockedAddressError } from './guarded-lookup.js';
import { refuse, success, type Outcome, type ProxyFailure } from './proxy-errors.js';
import { readUpstreamBody } from './read-upstream-body.js';
import { decodeBody, encodeForPage, isDecodeError } from './response-body.js';
import { sendHop, type Exchange, type Hop } from './send-hop.js';
import type { UpstreamAgents } from './upstream-agents.js';
import { frameStream, STREAMED_TYPE } from './stream-frames.js';

/** A streamed answer for the page (see `PlaygroundStreamFrame`): the NDJSON frames, read on demand. */
export interface UpstreamStream {
  readonly frames: ReadableStream<Uint8Array>;
}

export interface UpstreamSettings {
  readonly policy: AddressPolicy;
  readonly allowHosts: readonly string[] | undefined;
  /** The guarded lookup (see guarded-lookup.ts). */
  readonly lookup: LookupFunction;
  /** For every hop and the body together, in milliseconds. */
  readonly timeoutMs: number;
  /** Decoded body bytes kept; more sets `truncated`. */
  readonly maxResponseBytes: number;
  readonly maxRedirects: number;
  /** Milliseconds on a monotonic clock. */
  readonly now: () => number;
  /** The proxy's pools of upstream connections. */
  readonly agents: UpstreamAgents;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DNS_ERRORS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);

/** The next hop after a redirect (fetch's rules): 303, and 301/302 after POST, become a bodyless GET. */
function redirectHop(previous: Hop, status: number, target: Target): Hop {
  const toGet = (status === 303 && previous.method !== 'GET' && previous.method !== 'HEAD') || ((status === 301 || status === 302) && previous.method === 'POST');
  const crossOrigin = target.url.origin !== previous.target.url.origin;
  return { target, method: toGet ? 'GET' : previous.method, headers: redirectHeaders(previous.headers, crossOrigin, toGet), body: toGet ? undefined : previous.body };
}

function describeError(err: unknown, hop: Hop, via: string | undefined, timedOut: boolean, timeoutMs: number): ProxyFailure {
  const origin = hop.target.url.origin;
  const lead = via ? `${via} leads to ${origin}, which` : origin;
  if (timedOut) return { code: 'proxy/timeout', message: `The API at ${origin} did not answer within ${timeoutMs} ms.` };
  if (err instanceof BlockedAddressError) {
    return { code: 'proxy/blocked-address', message: `${lead} resolves to an internal address (loopback, private, link-local or another non-public range); the playground proxy only reaches public addresses.` };
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (DNS_ERRORS.has(code)) return { code: 'proxy/dns-failed', message: `The host name ${hop.target.url.hostname} could not be resolved (${code}).` };
  if (isDecodeError(err)) {
    return { code: 'proxy/upstream-failed', message: `The API at ${origin} sent a compressed body the proxy could not decode.` };
  }
  const reason = err instanceof Error ? err.message : String(err);
  return { code: 'proxy/upstream-failed', message: `The API at ${origin} could not be reached: ${reason}.` };
}

/** The first hop: the page's headers filtered, Content-Type from the body where it decides it. */
async function firstHop(request: PlaygroundRequest, target: Target): Promise<Hop> {
  const encoded = await encodeBody(request.body);
  const headers = forwardRequestHeaders(request.headers);
  if (encoded.contentType) {
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
    headers['content-type'] = encoded.contentType;
  } else if (request.body.type === 'text' && !headerOf(headers, 'content-type')) {
    headers['content-type'] = 'text/plain;charset=UTF-8';
  }
  if (!headerOf(headers, 'accept-encoding')) headers['accept-encoding'] = 'gzip, deflate, br';
  return { target, method: request.method, headers, body: encoded.bytes };
}

/**
 * Makes the page's request: checks the URL, sends it, follows up to `maxRedirects` redirects
 * (each hop's URL checked again, and its address checked when the socket connects), reads the
 * body up to the size limit, all within `timeoutMs`. Aborts when `cancel` does (the page left).
 * A body that stops short (cut connection, unfinished compressed stream) is answered as far as it
 * came with `truncated: true`; one still arriving at the time limit is `proxy/timeout`.
 * With `acceptStream` (the page takes `PlaygroundStreamFrame`s), a body of a sequential media type
 * (`STREAMED_TYPE`: server-sent events, JSON Lines, JSON text sequences) is not read here: the
 * answer is its frames, which pass the body on as it arrives, under the same size and time
 * limits (the exchange is released when they end or the page cancels them).
 */
export async function fetchUpstream(
  request: PlaygroundRequest,
  settings: UpstreamSettings,
  cancel?: AbortSignal,
  acceptStream = false,
): Promise<Outcome<PlaygroundResponse | UpstreamStream>> {
  const first = checkTarget(request.url, settings.policy, settings.allowHosts);
  if (!first.ok) return first;
  const started = settings.now();
  let hop = await firstHop(request, first.value);
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), settings.timeoutMs);
  const signal = cancel ? AbortSignal.any([timer.signal, cancel]) : timer.signal;
  let via: string | undefined;
  let exchange: Exchange | undefined;
  /** True once the frames own the exchange: they release it, not this function. */
  let handedOff = false;
  const release = (): void => {
    clearTimeout(timeout);
    // A body read to its end leaves the connection clean: it goes back to the pool. Otherwise
    // (cut short, truncated, failed, timed out) the connection is closed.
    if (exchange && !exchange.response.complete) exchange.request.destroy();
  };
  try {
    for (let redirects = 0; ; redirects++) {
      exchange = await sendHop(hop, settings.lookup, signal, settings.agents);
      const { response } = exchange;
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!REDIRECTS.has(status) || location === undefined) break;
      exchange.request.destroy();
      if (redirects >= settings.maxRedirects) {
        return refuse('proxy/too-many-redirects', `The API redirected more than ${settings.maxRedirects} times; the playground proxy stops there.`);
      }
      via = `Redirect ${redirects + 1} (${status} from ${hop.target.url.origin})`;
      let next: URL;
      try {
        next = new URL(location, hop.target.url);
      } catch {
        return refuse('proxy/upstream-failed', `${via} gave a Location that is not a URL.`);
      }
      const target = checkTarget(next, settings.policy, settings.allowHosts, via);
      if (!target.ok) return target;
      hop = redirectHop(hop, status, target.value);
    }
    const { response } = exchange;
    const { stream, decoded } = decodeBody(response, response.headers['content-encoding']);
    if (acceptStream && STREAMED_TYPE.test(response.headers['content-type'] ?? '')) {
      handedOff = true;
      const head = { status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: forwardResponseHeaders(response.headersDistinct, decoded) };
      const abort = (): void => timer.abort();
      return success({ frames: frameStream({ response, body: stream, head, maxBytes: settings.maxResponseBytes, timedOut: () => timer.signal.aborted && !cancel?.aborted, abort, release, now: settings.now, started }) });
    }
    const read = await readUpstreamBody(response, stream, settings.maxResponseBytes, signal);
    const durationMs = Math.round(settings.now() - started);
    const contentType = response.headers['content-type'];
    return success({
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? '',
      headers: forwardResponseHeaders(response.headersDistinct, decoded),
      ...encodeForPage(read.bytes, contentType, read.truncated),
      durationMs,
      truncated: read.truncated,
    });
  } catch (err) {
    const failure = describeError(err, hop, via, timer.signal.aborted, settings.timeoutMs);
    return refuse(failure.code, failure.message);
  } finally {
    if (!handedOff) release();
  }
}
