import type { Context } from 'hono';
import { authenticate, WWW_AUTHENTICATE } from './authenticate.js';
import type { AssistantErrorCode } from './http-error.js';
import { rateLimitHeaders, type FixedWindowLimiter, type LimitState } from './rate-limiter.js';
import { readJsonBody } from './read-json-body.js';

/**
 * The owner of an assistant key. A site's public key (the one its exports put into their Ask AI
 * panel) also names that site: it opens only that site's endpoints, and only for pages on its
 * origins.
 */
export interface AssistantKeyOwner {
  readonly orgId: string;
  readonly site?: { readonly domain: string; readonly origins: readonly string[] };
}

/** Request bodies above 1 MiB (bytes) are refused with 413. */
export const MAX_BODY_BYTES = 1_048_576;

export interface AdmissionDeps<Site extends { readonly orgId: string }> {
  /** The owner of an assistant key (`svc_dsc_…`); undefined for unknown keys. Admin keys never reach this. */
  readonly verifyAssistantKey: (token: string) => Promise<AssistantKeyOwner | undefined>;
  /** The domain's site, undefined when the domain is unknown. */
  readonly siteOf: (domain: string) => Promise<Site | undefined>;
  /** The client's IP address. */
  readonly clientIp: (c: Context) => string;
}

export interface AdmissionRules {
  /** The endpoint in messages: `assistant`, `search`, `page`. */
  readonly what: string;
  /** Requests per organization (per hour) and per client IP address (per day). */
  readonly orgLimiter: FixedWindowLimiter;
  readonly ipLimiter: FixedWindowLimiter;
  /** What to do about a body over the limit, after the limit is named (`Send fewer or shorter messages.`). */
  readonly tooLargeHint?: string;
  /** Builds an error response: the endpoint's error body. */
  readonly error: (status: number, code: AssistantErrorCode, message: string, headers?: Readonly<Record<string, string>>) => Response | Promise<Response>;
}

/** A request let in: its domain, site, organization, JSON body and the rate-limit headers of its answer. */
export interface Admitted<Site> {
  readonly domain: string;
  readonly site: Site;
  readonly orgId: string;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/**
 * The checks every endpoint of the assistant API makes, in this order: the client IP's limit
 * (before any lookup), the key, the site (another organization's domain, or another site than a
 * public key's, answers as an unknown one: keys do not reveal sites), the public key's origins
 * (a browser's `Origin` must be one of them; a request without one is not from a page), the
 * organization's limit (identified callers only), the content type, then the JSON body.
 */
export function createAdmission<Site extends { readonly orgId: string }>(
  deps: AdmissionDeps<Site>,
  rules: AdmissionRules,
): (c: Context) => Promise<Admitted<Site> | Response> {
  const { what, orgLimiter, ipLimiter, error } = rules;
  return async (c) => {
    const domain = c.req.param('domain') ?? '';
    const ipState = await ipLimiter.take(deps.clientIp(c));
    if (!ipState.allowed) return error(429, 'rate-limit/ip', tooMany(what, ipState, 'from this IP address', 'day'), rateLimitHeaders([ipState]));
    const auth = await authenticate(c.req.header('Authorization'), deps.verifyAssistantKey);
    if ('code' in auth) {
      // A challenge only where the caller is not identified (401); a 403 names a key of the wrong kind.
      const challenge: Record<string, string> = auth.status === 401 ? { 'WWW-Authenticate': WWW_AUTHENTICATE } : {};
      return error(auth.status, auth.code, auth.message, { ...challenge, ...rateLimitHeaders([ipState]) });
    }
    const site = await deps.siteOf(domain);
    if (!site || site.orgId !== auth.orgId || (auth.site && auth.site.domain !== domain)) {
      return error(404, 'site/not-found', `No documentation site \`${domain}\` is available to this assistant key.`, rateLimitHeaders([ipState]));
    }
    const origin = c.req.header('Origin');
    if (auth.site && origin !== undefined && !auth.site.origins.includes(origin)) {
      return error(
        403,
        'auth/origin-not-allowed',
        `This is the public assistant key of \`${domain}\`, for pages on ${auth.site.origins.join(', ')}; a page on ${origin} may not use it. The operator adds an origin with \`sheaf sites set-assistant-key ${domain} --origin …\`.`,
        rateLimitHeaders([ipState]),
      );
    }
    const orgState = await orgLimiter.take(auth.orgId);
    const headers = rateLimitHeaders([orgState, ipState]);
    if (!orgState.allowed) return error(429, 'rate-limit/organization', tooMany(what, orgState, 'for this organization', 'hour'), headers);
    const contentType = c.req.header('Content-Type');
    if (contentType !== undefined && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
      return error(415, 'request/unsupported-media-type', 'Send the body as JSON with `Content-Type: application/json`.', headers);
    }
    const read = await readJsonBody(c.req.raw, MAX_BODY_BYTES);
    if ('problem' in read) {
      if (read.problem === 'invalid-json') return error(400, 'request/invalid-json', 'The request body is not valid JSON.', headers);
      // The rest of the body was not read: close the connection rather than let the client reuse it.
      const hint = rules.tooLargeHint ? ` ${rules.tooLargeHint}` : '';
      return error(413, 'request/too-large', `The request body is larger than ${MAX_BODY_BYTES / 1_048_576} MiB.${hint}`, { ...headers, Connection: 'close' });
    }
    return { domain, site, orgId: auth.orgId, body: read.value, headers };
  };
}

function tooMany(what: string, state: LimitState, who: string, per: string): string {
  const seconds = Math.max(1, Math.ceil(state.resetMs / 1000));
  return `Too many ${what} requests ${who}: the limit is ${state.limit} per ${per}. Try again in ${seconds} s.`;
}
