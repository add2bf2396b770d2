import { scalarText, serializeCookie, serializeHeader, serializePath, serializeQuery, type StyledParameter } from '../../../parameter-style/index.js';
import type { HarNameValue } from './har.js';
import { placeholderToken } from './placeholders.js';
import { isRecord } from '../../../parse/is-record.js';

export { scalarText };

/** A Mintlify-style placeholder standing for a whole value: `<string>`, `<api-key>`, `<binary>`. */
const PLACEHOLDER = /^<[^<>\s]+>$/;

/**
 * The value with the placeholders nested in its arrays and objects replaced by their bare word
 * (`<string>` → `string`). A structured value is serialized as data, so a placeholder inside it
 * would come out percent-encoded or half-shown (`filter%5Bcolor%5D=<string>`); a word is a value
 * the API can take.
 */
function withoutNestedPlaceholders(value: unknown): unknown {
  const inner = (v: unknown): unknown => (typeof v === 'string' && PLACEHOLDER.test(v) ? v.slice(1, -1) : withoutNestedPlaceholders(v));
  if (Array.isArray(value)) return value.map(inner);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inner(v)]));
  return value;
}

/**
 * What the serializer is given: a placeholder standing for the whole value becomes a token of
 * `placeholders` (shown as written in the generated code, never encoded: `q=<string>`, see
 * placeholders.ts); any other value loses its nested placeholders.
 */
function sampleValue(value: unknown, placeholders: string[]): unknown {
  if (typeof value === 'string' && PLACEHOLDER.test(value)) return placeholderToken(placeholders, value);
  return withoutNestedPlaceholders(value);
}

/** The text replacing `{name}` in the path, per the parameter's style (see `serializePath`). */
export function pathText(param: StyledParameter, value: unknown, placeholders: string[]): string {
  return serializePath(param, sampleValue(value, placeholders));
}

/** The query-string entries of one parameter, encoded, per its style (see `serializeQuery`). */
export function queryEntries(param: StyledParameter, value: unknown, placeholders: string[]): HarNameValue[] {
  return serializeQuery(param, sampleValue(value, placeholders));
}

/** A header's value in simple style, not encoded (see `serializeHeader`). */
export function headerText(param: StyledParameter, value: unknown): string {
  return serializeHeader(param, withoutNestedPlaceholders(value));
}

/** The cookies of one parameter, encoded, in form style (see `serializeCookie`). */
export function cookieEntries(param: StyledParameter, value: unknown, placeholders: string[]): HarNameValue[] {
  return serializeCookie(param, sampleValue(value, placeholders));
}
