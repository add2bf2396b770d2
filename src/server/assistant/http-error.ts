/**
 * Permanent codes of the assistant endpoint's error responses. Every error has the one JSON shape
 * `{ "error": { "code": "…", "message": "…" } }`; messages say what to do and never echo a key.
 */
export type AssistantErrorCode =
  | 'request/invalid-json'
  | 'request/invalid-body'
  | 'request/too-large'
  | 'request/unsupported-media-type'
  | 'request/method-not-allowed'
  | 'auth/missing-key'
  | 'auth/malformed-key'
  | 'auth/unknown-key'
  | 'auth/admin-key'
  | 'site/not-found'
  | 'site/not-built'
  | 'thread/not-found'
  | 'rate-limit/organization'
  | 'rate-limit/ip'
  | 'internal'
  | DiscoveryErrorCode;

/** Codes only the search and page endpoints answer (discovery-routes.ts). */
export type DiscoveryErrorCode = 'site/no-page-text' | 'page/not-found';

export interface ErrorBody {
  readonly error: { readonly code: AssistantErrorCode; readonly message: string };
}

/** A JSON error response. */
export function errorResponse(status: number, code: AssistantErrorCode, message: string, headers: Readonly<Record<string, string>> = {}): Response {
  const body: ErrorBody = { error: { code, message } };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}
