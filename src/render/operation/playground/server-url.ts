import type { ServerModel } from '../../../openapi/operation-model/model.js';
import { replaceBraced, trimTrailing } from '../../../text/linear-text.js';

/**
 * A server's URL with each `{variable}` replaced by its default and no trailing slash, joined
 * with the operation path (kept as a template): `https://api.example.com/v1` + `/users/{id}`.
 */
export function requestUrl(server: ServerModel | undefined, path: string): string {
  const base = trimTrailing(replaceBraced(server?.url ?? '', (whole, name) => server?.variables[name]?.default ?? whole, true), '/');
  return base + path;
}
