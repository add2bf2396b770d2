/**
 * OpenAPI parameter serialization (`style` and `explode`), one implementation for the two places
 * that must agree: the code samples an operation page shows (src/render/operation/code-samples/)
 * and the request its Try-it form sends (src/client/playground/, bundled by esbuild). The Try-it
 * request is meant to equal the curl sample beside it, so both call these functions.
 *
 * The rules are the OpenAPI 3.1.2 "Style Examples" table (RFC 6570 for matrix, label, simple and
 * form): data is percent-encoded, delimiters are not. Combinations the specification leaves
 * undefined get the nearest defined behaviour, stated on each function. Header values are never
 * percent-encoded (the specification forbids it). A parameter described by `content` is its media
 * type's text, percent-encoded as one value (`contentText`).
 *
 * It runs in the browser, so it is plain ES2019, and this folder imports nothing (see
 * .dependency-cruiser.mjs).
 */

import { percentEncode } from './percent-encode.js';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** What serialization reads of a Parameter Object. `style` and `explode` as written (absent: the defaults). */
export interface StyledParameter {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly style?: string;
  readonly explode?: boolean;
  /**
   * The media type of a parameter described by `content` instead of `schema`: its value is that
   * media type's text (JSON for JSON types), percent-encoded as one value; `style` does not apply.
   */
  readonly mediaType?: string;
}

/** One `name=value` pair of a query string or a cookie, both already percent-encoded. */
export interface EncodedPair {
  readonly name: string;
  readonly value: string;
}

const DEFAULT_STYLE: { readonly [location in ParameterLocation]: string } = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' };

/** The parameter's style: as written, else the location's default (`simple` for path and header, `form` for query and cookie). */
export function styleOf(param: Pick<StyledParameter, 'in' | 'style'>): string {
  return param.style !== undefined && param.style !== '' ? param.style : DEFAULT_STYLE[param.in];
}

/** The parameter's explode: as written, else `true` for `form` and `false` for every other style. */
export function explodeOf(param: Pick<StyledParameter, 'in' | 'style' | 'explode'>): boolean {
  return param.explode !== undefined ? param.explode : styleOf(param) === 'form';
}

/** A value split into what the styles join: a scalar's text, array items' texts, or an object's key/value texts. */
type Parts =
  | { readonly kind: 'scalar'; readonly text: string }
  | { readonly kind: 'array'; readonly items: readonly string[] }
  | { readonly kind: 'object'; readonly pairs: readonly (readonly [string, string])[] };

const isPlainObject = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A scalar as text: strings as they are, numbers and booleans as JavaScript prints them, `null`
 * and `undefined` as the empty string. An array or object nested inside a value (which no style
 * defines) is JSON.
 */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isJsonType = (mediaType: string): boolean => /[/+]json\b/i.test(mediaType);

/** `application/x-www-form-urlencoded`: an object of that type is its `name=value` pairs. */
export const isFormType = (mediaType: string): boolean => /^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(mediaType);

/**
 * The text of a `content` parameter's value: for a JSON media type, a string that already is
 * JSON as it is, any other value as JSON; for other media types, the scalar's text.
 */
export function contentText(mediaType: string, value: unknown): string {
  if (!isJsonType(mediaType)) return scalarText(value);
  if (typeof value === 'string') {
    try {
      JSON.parse(value);
      return value;
    } catch {
      return JSON.stringify(value);
    }
  }
  return value === undefined ? '' : JSON.stringify(value);
}

function partsOf(value: unknown): Parts {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(scalarText) };
  if (isPlainObject(value)) return { kind: 'object', pairs: Object.keys(value).map((k) => [k, scalarText(value[k])] as const) };
  return { kind: 'scalar', text: scalarText(value) };
}

/** `[['R', '100'], ['G', '200']]` → `['R', '100', 'G', '200']`, each encoded with `encode`. */
function flatten(pairs: readonly (readonly [string, string])[], encode: (s: string) => string): string[] {
  const out: string[] = [];
  for (const [k, v] of pairs) out.push(encode(k), encode(v));
  return out;
}

/**
 * The text that replaces `{name}` in the path, per `simple` (default), `label` or `matrix`:
 * `blue`, `.blue`, `;color=blue`; arrays `blue,black,brown`, `.blue,black,brown` (exploded
 * `.blue.black.brown`), `;color=blue,black,brown` (exploded `;color=blue;color=black;color=brown`);
 * objects `R,100,G,200` or exploded `R=100,G=200` (label `.R=100.G=200`, matrix `;R=100;G=200`).
 * An empty value gives `''`, `.` and `;color`. Another style is read as `simple`.
 */
export function serializePath(param: StyledParameter, value: unknown): string {
  if (param.mediaType !== undefined) return percentEncode(contentText(param.mediaType, value));
  const style = styleOf(param);
  const explode = explodeOf(param);
  const parts = partsOf(value);
  const e = percentEncode;
  if (style === 'matrix') {
    const name = e(param.name);
    const assign = (n: string, v: string): string => (v === '' ? `;${n}` : `;${n}=${v}`);
    if (parts.kind === 'scalar') return assign(name, e(parts.text));
    if (parts.kind === 'array') return explode ? parts.items.map((v) => assign(name, e(v))).join('') : assign(name, parts.items.map(e).join(','));
    return explode ? parts.pairs.map(([k, v]) => assign(e(k), e(v))).join('') : assign(name, flatten(parts.pairs, e).join(','));
  }
  const prefix = style === 'label' ? '.' : '';
  // Exploded label lists are dot-separated; every other list in a path is comma-separated.
  const separator = style === 'label' && explode ? '.' : ',';
  if (parts.kind === 'scalar') return prefix + e(parts.text);
  if (parts.kind === 'array') return prefix + parts.items.map(e).join(separator);
  return prefix + (explode ? parts.pairs.map(([k, v]) => `${e(k)}=${e(v)}`).join(separator) : flatten(parts.pairs, e).join(','));
}

/** The delimiter of the non-exploded array and object styles of the query string, encoded. */
const QUERY_DELIMITERS: { readonly [style: string]: string } = { form: ',', spaceDelimited: '%20', pipeDelimited: '%7C' };

/**
 * `deepObject` pairs: `name[key]=value`; nested objects go deeper (`name[a][b]`), arrays of
 * scalars repeat the name, arrays of objects index it (`name[items][0][id]`), as qs, Rails and
 * PHP read them (the specification defines only scalar properties).
 */
function deepPairs(name: string, value: unknown, out: EncodedPair[]): void {
  if (isPlainObject(value)) {
    for (const k of Object.keys(value)) deepPairs(`${name}[${k}]`, value[k], out);
  } else if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
    value.forEach((v, i) => deepPairs(`${name}[${i}]`, v, out));
  } else if (Array.isArray(value)) {
    for (const v of value) out.push({ name: percentEncode(name), value: percentEncode(scalarText(v)) });
  } else {
    out.push({ name: percentEncode(name), value: percentEncode(scalarText(value)) });
  }
}

/**
 * The query-string pairs of one parameter, encoded, per `form` (default), `spaceDelimited`,
 * `pipeDelimited` or `deepObject`: `color=blue`; arrays `color=blue&color=black` (form,
 * exploded), `color=blue,black`, `color=blue%20black`, `color=blue%7Cblack`; objects
 * `R=100&G=200` (form, exploded), `color=R,100,G,200` (or `%20` / `%7C` between),
 * `color%5BR%5D=100&color%5BG%5D=200` (deepObject). An empty array or object gives no pair.
 * Undefined in the specification, and done here as form: exploded space- and pipe-delimited
 * values, scalars in any style, and arrays in `deepObject` (`color=blue&color=black`);
 * `deepObject` ignores `explode`. Another style is read as `form`.
 */
export function serializeQuery(param: StyledParameter, value: unknown): EncodedPair[] {
  if (param.mediaType !== undefined) {
    // Form fields as a query (the 3.2 querystring parameter): the object's pairs, as form style sends them.
    if (isFormType(param.mediaType) && isPlainObject(value)) return serializeQuery({ name: param.name, in: 'query', style: 'form', explode: true }, value);
    return [{ name: percentEncode(param.name), value: percentEncode(contentText(param.mediaType, value)) }];
  }
  const style = styleOf(param);
  const explode = explodeOf(param);
  const name = percentEncode(param.name);
  if (style === 'deepObject' && isPlainObject(value)) {
    const out: EncodedPair[] = [];
    deepPairs(param.name, value, out);
    return out;
  }
  const parts = partsOf(value);
  const delimiter = QUERY_DELIMITERS[style] ?? ',';
  if (parts.kind === 'scalar') return [{ name, value: percentEncode(parts.text) }];
  if (parts.kind === 'array') {
    if (parts.items.length === 0) return [];
    if (explode || style === 'deepObject') return parts.items.map((v) => ({ name, value: percentEncode(v) }));
    return [{ name, value: parts.items.map(percentEncode).join(delimiter) }];
  }
  if (parts.pairs.length === 0) return [];
  if (explode) return parts.pairs.map(([k, v]) => ({ name: percentEncode(k), value: percentEncode(v) }));
  return [{ name, value: flatten(parts.pairs, percentEncode).join(delimiter) }];
}

/**
 * A header's value in `simple` style, never percent-encoded: `blue`, `blue,black,brown`,
 * `R,100,G,200` or exploded `R=100,G=200`.
 */
export function serializeHeader(param: Pick<StyledParameter, 'in' | 'style' | 'explode' | 'mediaType'>, value: unknown): string {
  if (param.mediaType !== undefined) return contentText(param.mediaType, value);
  const parts = partsOf(value);
  if (parts.kind === 'scalar') return parts.text;
  if (parts.kind === 'array') return parts.items.join(',');
  const id = (s: string): string => s;
  return explodeOf(param) ? parts.pairs.map(([k, v]) => `${k}=${v}`).join(',') : flatten(parts.pairs, id).join(',');
}

/**
 * The cookies of one parameter in `form` style (the only style for cookies), encoded as form
 * style encodes (so `;`, `,` and spaces in data cannot break the `Cookie` header): `color=blue`,
 * `color=blue,black,brown`, `color=R,100,G,200`; exploded, one cookie per item or property
 * (`color=blue; color=black`, `R=100; G=200`: RFC 6570's `&` has no meaning in a `Cookie` header).
 */
export function serializeCookie(param: StyledParameter, value: unknown): EncodedPair[] {
  if (param.mediaType !== undefined) return [{ name: percentEncode(param.name), value: percentEncode(contentText(param.mediaType, value)) }];
  return serializeQuery({ name: param.name, in: 'query', style: 'form', explode: explodeOf({ in: 'cookie', style: 'form', explode: param.explode }) }, value);
}

/** Cookie pairs as one `Cookie` header value: `a=1; b=2`. */
export function cookieHeader(pairs: readonly EncodedPair[]): string {
  return pairs.map((p) => `${p.name}=${p.value}`).join('; ');
}
