/**
 * OpenAPI parameter serialisation for the playground's fields: path styles simple (default),
 * label and matrix; query styles form (default), spaceDelimited, pipeDelimited and deepObject;
 * headers and cookies plain. Values are what a field's text stands for (parseValue).
 */
import type { SpecParameter, SpecServer, ValueShape } from '../../model/playground-spec.js';

/** A field's value: its text, a list, or an object. */
export type ParamValue = string | string[] | { readonly [key: string]: unknown };

/** How a parameter is serialised: its name, OpenAPI style and explode. */
export type Serialisation = Pick<SpecParameter, 'name' | 'style' | 'explode'>;

const enc = encodeURIComponent;

/** The values a field's text stands for: a list split at commas, an object parsed from JSON (else the text as typed). */
export function parseValue(text: string, shape: ValueShape): ParamValue {
  if (shape === 'array') return text.split(',').map((v) => v.trim());
  if (shape === 'object') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as { readonly [key: string]: unknown };
    } catch {
      /* not JSON: sent as typed */
    }
  }
  return text;
}

/** `{a: 1, b: 2}` as `['a', '1', 'b', '2']`. */
function flatPairs(object: { readonly [key: string]: unknown }): string[] {
  const out: string[] = [];
  for (const key of Object.keys(object)) out.push(key, String(object[key]));
  return out;
}

/** A path parameter's replacement for `{name}`. */
export function pathValue(param: Serialisation, value: ParamValue): string {
  const items = Array.isArray(value) ? value.map(enc) : typeof value === 'object' ? null : [enc(value)];
  const pairs = items || typeof value !== 'object' || Array.isArray(value) ? null : Object.keys(value).map((k) => [enc(k), enc(String(value[k]))] as const);
  const separator = param.style === 'label' && param.explode ? '.' : ',';
  const joined = items ? items.join(separator) : (pairs || []).map((p) => (param.explode ? `${p[0]}=${p[1]}` : `${p[0]},${p[1]}`)).join(separator);
  if (param.style === 'label') return `.${joined}`;
  if (param.style === 'matrix') {
    const name = `;${enc(param.name)}`;
    if (items && param.explode && Array.isArray(value)) return items.map((v) => `${name}=${v}`).join('');
    if (pairs && param.explode) return pairs.map((p) => `;${p[0]}=${p[1]}`).join('');
    return `${name}=${joined}`;
  }
  return joined;
}

/** A query parameter as encoded `name=value` pairs. */
export function queryPairs(param: Serialisation, value: ParamValue): string[] {
  const name = enc(param.name);
  if (Array.isArray(value)) {
    if (param.style === 'form' && param.explode) return value.map((v) => `${name}=${enc(v)}`);
    const separator = param.style === 'spaceDelimited' ? '%20' : param.style === 'pipeDelimited' ? '|' : ',';
    return [`${name}=${value.map(enc).join(separator)}`];
  }
  if (value && typeof value === 'object') {
    const object = value as { readonly [key: string]: unknown };
    const keys = Object.keys(object);
    if (param.style === 'deepObject') return keys.map((k) => `${name}%5B${enc(k)}%5D=${enc(String(object[k]))}`);
    if (param.explode) return keys.map((k) => `${enc(k)}=${enc(String(object[k]))}`);
    return [`${name}=${flatPairs(object).map(enc).join(',')}`];
  }
  return [`${name}=${enc(value as string)}`];
}

/** A header or cookie value: lists comma-joined, objects `k=v,…` (explode) or `k,v,…`. */
export function plainValue(param: Pick<SpecParameter, 'explode'>, value: ParamValue): string {
  if (Array.isArray(value)) return value.join(',');
  if (value && typeof value === 'object') {
    const object = value as { readonly [key: string]: unknown };
    if (param.explode) return Object.keys(object).map((k) => `${k}=${String(object[k])}`).join(',');
    return flatPairs(object).join(',');
  }
  return value as string;
}

/** A server URL with its `{variables}` filled (typed value, else default), resolved against the page, no trailing slash. */
export function serverBase(server: SpecServer, values: { readonly [name: string]: string }, pageHref: string): string {
  const own = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);
  const url = server.url.replace(/\{([^}]+)\}/g, (whole: string, name: string) => {
    if (own(values, name) && values[name] !== '') return values[name] as string;
    return own(server.variables, name) ? (server.variables[name] as string) : whole;
  });
  return new URL(url || '/', pageHref).href.replace(/\/+$/, '');
}
