import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { PlaygroundError } from '../../model/playground.js';

/**
 * Every failure of the service, with its HTTP status and a permanent code. The body is always
 * `{ "error": { "code", "message" } }` (the same shape as the playground proxy's `PlaygroundError`).
 */
export const SERVICE_ERRORS = {
  'invalid-json': 400,
  'invalid-body': 400,
  'invalid-job-id': 400,
  'missing-api-key': 401,
  'invalid-api-key': 401,
  'admin-key-required': 403,
  'plan-required': 403,
  'link-invalid': 403,
  'link-expired': 403,
  'not-found': 404,
  'domain-not-found': 404,
  'job-not-found': 404,
  'bundle-not-found': 404,
  'job-not-completed': 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'range-not-satisfiable': 416,
  'rate-limited': 429,
  'internal': 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ServiceErrorCode = keyof typeof SERVICE_ERRORS;
export type ServiceErrorBody = PlaygroundError;

export function errorBody(code: ServiceErrorCode, message: string): ServiceErrorBody {
  return { error: { code, message } };
}

/** The JSON error response for `code`, with its fixed status and optional extra headers. */
export function errorResponse(c: Context, code: ServiceErrorCode, message: string, headers?: Record<string, string>): Response {
  return c.json(errorBody(code, message), SERVICE_ERRORS[code], headers);
}
