import type { PlaygroundError } from '../../model/playground.js';

/**
 * Every way the playground proxy refuses or fails a request: a permanent code, the HTTP status it
 * answers with, and what it means. The body is always a `PlaygroundError`
 * (`{ error: { code, message } }`); the message is for the reader and never holds header values,
 * bodies or query strings (they may carry secrets).
 */
export const PROXY_ERRORS = {
  /** The body is not JSON, or not a `PlaygroundRequest`; the message names the field. */
  'proxy/invalid-request': { status: 400, meaning: 'The body is not a valid playground request.' },
  /** The URL is not absolute http(s), or carries a user name or password. */
  'proxy/invalid-url': { status: 400, meaning: 'The URL cannot be sent.' },
  /** The host is not in the proxy's allowlist (`allowHosts`). */
  'proxy/host-not-allowed': { status: 403, meaning: 'The proxy is limited to other hosts.' },
  /** The address (literal, resolved, or reached by a redirect) is not public unicast. */
  'proxy/blocked-address': { status: 403, meaning: 'The proxy does not reach internal addresses.' },
  /** Anything but POST on the proxy's path. */
  'proxy/method-not-allowed': { status: 405, meaning: 'Use POST.' },
  /** The envelope is larger than `maxRequestBytes`. */
  'proxy/request-too-large': { status: 413, meaning: 'The request is too large.' },
  /** The envelope is not `application/json` (also keeps cross-site form posts out: they cannot send JSON without a CORS preflight, which the proxy never answers). */
  'proxy/unsupported-media-type': { status: 415, meaning: 'Send the request as application/json.' },
  /** The host name could not be resolved. */
  'proxy/dns-failed': { status: 502, meaning: 'The API host name could not be resolved.' },
  /** Connection refused or reset, TLS failure, malformed answer, a redirect's Location that is not a URL, a body that cannot be decompressed. */
  'proxy/upstream-failed': { status: 502, meaning: 'The API could not be reached.' },
  /** More redirects than `maxRedirects`. */
  'proxy/too-many-redirects': { status: 502, meaning: 'The API redirected too many times.' },
  /** The whole exchange (every hop and the body) took longer than `timeoutMs`. */
  'proxy/timeout': { status: 504, meaning: 'The API did not answer in time.' },
  /** A defect in the proxy; no internals are given. */
  'proxy/internal': { status: 500, meaning: 'The proxy failed.' },
} as const;

export type ProxyErrorCode = keyof typeof PROXY_ERRORS;

/** A refusal or failure, as data. */
export interface ProxyFailure {
  readonly code: ProxyErrorCode;
  readonly message: string;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: ProxyFailure };

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const refuse = <T = never>(code: ProxyErrorCode, message: string): Outcome<T> => ({ ok: false, failure: { code, message } });

/** The HTTP status and body that answer a failure. */
export function errorAnswer(failure: ProxyFailure): { readonly status: (typeof PROXY_ERRORS)[ProxyErrorCode]['status']; readonly body: PlaygroundError } {
  return { status: PROXY_ERRORS[failure.code].status, body: { error: { code: failure.code, message: failure.message } } };
}
