import type { OperationModel } from '../../../openapi/operation-model/model.js';
import { placeholderToken } from './placeholders.js';
import { trimTrailing } from '../../../text/linear-text.js';

/** The origin used when an operation has no server and no base URL is configured. */
export const PLACEHOLDER_ORIGIN = 'https://api.example.com';

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * The base URL of the samples, absolute and without a trailing slash: the operation's first
 * server with its variables' defaults filled in (a variable without one becomes a token of
 * `placeholders`, see placeholders.ts). A protocol-relative URL gets `https:`; a relative one
 * (`/v1`) or a missing server is put under `baseUrl` (else `https://api.example.com`).
 */
export function serverUrl(model: OperationModel, baseUrl: string | undefined, placeholders: string[]): string {
  const server = model.servers[0];
  let url = (server?.url ?? '').replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = server?.variables[name]?.default;
    return value === undefined || value === '' ? placeholderToken(placeholders, `{${name}}`) : value;
  });
  if (url.startsWith('//')) url = `https:${url}`;
  if (!ABSOLUTE.test(url)) {
    const origin = trimTrailing(baseUrl !== undefined && ABSOLUTE.test(baseUrl) ? baseUrl : PLACEHOLDER_ORIGIN, '/');
    url = url === '' ? origin : `${origin}/${url.replace(/^\/+/, '')}`;
  }
  return trimTrailing(url, '/');
}
