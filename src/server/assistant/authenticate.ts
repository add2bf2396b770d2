import type { AssistantErrorCode } from './http-error.js';

/** The key's owner (what `verify` gives), or why there is none. */
export type Authentication<Owner extends { readonly orgId: string } = { readonly orgId: string }> =
  | Owner
  | { readonly status: 401 | 403; readonly code: AssistantErrorCode; readonly message: string };

/** Prefix of assistant keys (public); admin keys start `svc_` without it. */
export const ASSISTANT_KEY_PREFIX = 'svc_dsc_';
const ADMIN_KEY_PREFIX = 'svc_';

/** `WWW-Authenticate` of every 401 (RFC 6750 bearer scheme). */
export const WWW_AUTHENTICATE = 'Bearer realm="assistant"';

/**
 * The organization of the assistant key in `authorization` (the header's value), or why there is
 * none: 401 when the caller is not identified (no key, not a Sheaf key, an unknown assistant key),
 * 403 for an admin key, a key of the wrong kind, as the export endpoints answer an assistant key.
 * The admin key is refused without being looked up (its `svc_` form without `dsc_` says its
 * kind): it is a server-side secret that has no business in a browser.
 */
export async function authenticate<Owner extends { readonly orgId: string }>(
  authorization: string | undefined,
  verify: (token: string) => Promise<Owner | undefined>,
): Promise<Authentication<Owner>> {
  if (authorization === undefined || authorization.trim() === '') {
    return { status: 401, code: 'auth/missing-key', message: 'Send the assistant key as `Authorization: Bearer svc_dsc_…`.' };
  }
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  const token = match?.[1];
  if (!token || !token.startsWith(ADMIN_KEY_PREFIX)) {
    return { status: 401, code: 'auth/malformed-key', message: 'The Authorization header must be `Bearer svc_dsc_…` with an assistant key.' };
  }
  if (!token.startsWith(ASSISTANT_KEY_PREFIX)) {
    return {
      status: 403,
      code: 'auth/admin-key',
      message:
        'This endpoint needs an assistant key (`svc_dsc_…`), not an admin key. Admin keys are server-side secrets: keep them out of browsers, and create an assistant key for the organization instead.',
    };
  }
  const key = await verify(token);
  if (!key) return { status: 401, code: 'auth/unknown-key', message: 'This assistant key is not valid (unknown or revoked).' };
  return key;
}
