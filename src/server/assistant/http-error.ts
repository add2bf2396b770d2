/**
 * Permanent codes of the assistant endpoints' error responses. Every error has the one JSON shape
 * `{ "error": "<message>", "code": "<code>" }`: `error` is a string because Mintlify's clients read
 * it as the message, and the code stands beside it. Messages say what to do and never echo a key.
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
  | 'auth/origin-not-allowed'
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
  /** What went wrong and what to do, in plain words. */
  readonly error: string;
  readonly code: AssistantErrorCode;
}

/** A JSON error response. */
export function errorResponse(status: number, code: AssistantErrorCode, message: string, headers: Readonly<Record<string, string>> = {}): Response {
  const body: ErrorBody = { error: message, code };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}
