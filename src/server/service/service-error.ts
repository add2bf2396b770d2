import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Every failure of the service, with its HTTP status and a permanent code; the statuses of
 * Mintlify's static-export document where it has one. A malformed job id answers 404 as a
 * missing one does ("no job exists with the provided ID"), and a domain that is no site of the
 * organization 400 (the start request is invalid: "check that `domain` is …"); their codes still
 * say which it was.
 */
export const SERVICE_ERRORS = {
  'invalid-json': 400,
  'invalid-body': 400,
  'domain-not-found': 400,
  'missing-api-key': 401,
  'invalid-api-key': 401,
  'admin-key-required': 403,
  'plan-required': 403,
  'link-invalid': 403,
  'link-expired': 403,
  'not-found': 404,
  'invalid-job-id': 404,
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

/**
 * The body of every error of the service: `error`, the message as a string (what clients
 * written for Mintlify's static-export API read), and the permanent `code` beside it.
 */
export interface ServiceErrorBody {
  readonly error: string;
  readonly code: ServiceErrorCode;
}

export function errorBody(code: ServiceErrorCode, message: string): ServiceErrorBody {
  return { error: message, code };
}

/** The JSON error response for `code`, with its fixed status and optional extra headers. */
export function errorResponse(c: Context, code: ServiceErrorCode, message: string, headers?: Record<string, string>): Response {
  return c.json(errorBody(code, message), SERVICE_ERRORS[code], headers);
}
