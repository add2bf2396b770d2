import type { ServerModel } from '../../../openapi/operation-model/model.js';

/**
 * A server's URL with each `{variable}` replaced by its default and no trailing slash, joined
 * with the operation path (kept as a template): `https://api.example.com/v1` + `/users/{id}`.
 */
export function requestUrl(server: ServerModel | undefined, path: string): string {
  const base = (server?.url ?? '').replace(/\{([^}]+)\}/g, (whole, name: string) => server?.variables[name]?.default ?? whole).replace(/\/+$/, '');
  return base + path;
}
