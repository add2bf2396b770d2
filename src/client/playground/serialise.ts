/**
 * The playground's parameter fields as request parts. The field syntax (fromFieldText) and the
 * OpenAPI serialization (style, explode) are src/parameter-style/, the same code the page's code
 * samples were written with, so the request sent equals the sample shown.
 */
import type { SpecParameter, SpecServer } from '../../model/playground-spec.js';
import { cookieHeader, fromFieldText, serializeCookie, serializeHeader, serializePath, serializeQuery } from '../../parameter-style/index.js';
import { replaceBraced, trimTrailing } from '../../text/linear-text.js';

/** How a parameter is read and serialised: its name, location, OpenAPI style and explode (or `content` media type), and its field's shape. */
export type Serialisation = Pick<SpecParameter, 'name' | 'in' | 'style' | 'explode' | 'shape' | 'mediaType'>;

/** The value a field's text stands for, in the field syntax of the parameter's style (see field-text.ts). */
export function parseValue(param: Serialisation, text: string): unknown {
  return fromFieldText(param, param.shape, text);
}

/** A path parameter's replacement for `{name}` (simple, label or matrix). */
export function pathValue(param: Serialisation, value: unknown): string {
  return serializePath(param, value);
}

/** A query parameter as encoded `name=value` pairs (form, spaceDelimited, pipeDelimited or deepObject). */
export function queryPairs(param: Serialisation, value: unknown): string[] {
  return serializeQuery(param, value).map((p) => `${p.name}=${p.value}`);
}

/** A header value (simple style, not encoded). */
export function headerValue(param: Serialisation, value: unknown): string {
  return serializeHeader(param, value);
}

/** A cookie parameter as `name=value` cookies, encoded (form style). */
export function cookiePairs(param: Serialisation, value: unknown): string[] {
  return serializeCookie(param, value).map((p) => cookieHeader([p]));
}

/** A server URL with its `{variables}` filled (typed value, else default), resolved against the page, no trailing slash. */
export function serverBase(server: SpecServer, values: { readonly [name: string]: string }, pageHref: string): string {
  const own = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);
  const url = replaceBraced(server.url, (whole, name) => {
    if (own(values, name) && values[name] !== '') return values[name] as string;
    return own(server.variables, name) ? (server.variables[name] as string) : whole;
  }, true);
  return trimTrailing(new URL(url || '/', pageHref).href, '/');
}
