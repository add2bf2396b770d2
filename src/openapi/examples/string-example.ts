import type { RawSchema } from '../operation-model/model.js';
import { codePoints, compilePattern, patternExample, type LengthRange } from './pattern-example.js';

/**
 * Placeholders for strings by `format` (and 3.1 `contentMediaType`/`contentEncoding`), in
 * Mintlify's style: fixed values, so output is deterministic. Each is valid for its format as
 * JSON Schema validators (ajv-formats) read it.
 */
export const STRING_FORMATS: Readonly<Record<string, string>> = {
  'date-time': '2023-11-07T05:31:56Z',
  date: '2023-12-25',
  time: '05:31:56Z',
  duration: 'P3D',
  email: 'jsmith@example.com',
  'idn-email': 'jsmith@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': '/example',
  'uri-template': 'https://example.com/{id}',
  iri: 'https://example.com',
  'iri-reference': '/example',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  uuid: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
  binary: '<binary>',
  byte: 'aSDinaTvuI8gbWludGxpZnk=',
  base64: 'aSDinaTvuI8gbWludGxpZnk=',
  password: '<password>',
  regex: '^.*$',
  'json-pointer': '/example',
  'relative-json-pointer': '0/example',
};

/** The placeholder of a string without a format. */
const PLACEHOLDER = '<string>';
/** Repeated to make a string of a required length when the placeholder does not fit. */
const FILLER = 'string';
/** Longest string (code points) made by repeating `FILLER`. */
const MAX_FILLED = 4_096;

const length = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/**
 * An example string: the format's placeholder (else `<string>`, base64 or `<binary>` by
 * `contentEncoding`/`contentMediaType`) when it satisfies `minLength`, `maxLength` and `pattern`;
 * else one drawn from the pattern (see `patternExample`); else, without a pattern, `string…`
 * cut or repeated to the length asked for. When nothing fits (a pattern randexp cannot follow or
 * that cannot be matched in linear time, see author-pattern.ts; contradictory lengths; a
 * `minLength` above `MAX_FILLED`), the placeholder as is.
 */
export function stringExample(schema: RawSchema): string {
  const range: LengthRange = { min: length(schema.minLength) ?? 0, max: length(schema.maxLength) ?? Infinity };
  const pattern = compilePattern(schema.pattern);
  const placeholder = placeholderOf(schema);
  const fits = (s: string) => codePoints(s) >= range.min && codePoints(s) <= range.max && (pattern === undefined || pattern.test(s) === true);
  if (fits(placeholder)) return placeholder;
  if (pattern !== undefined) return patternExample(pattern, range) ?? placeholder;
  // A hostile `minLength` (10^9) would need a string of that size: the placeholder stands instead.
  if (range.min > range.max || range.min > MAX_FILLED) return placeholder;
  const size = Math.min(range.max, Math.max(range.min, codePoints(placeholder)));
  return FILLER.repeat(Math.ceil(size / FILLER.length)).slice(0, size);
}

function placeholderOf(schema: RawSchema): string {
  const format = typeof schema.format === 'string' ? STRING_FORMATS[schema.format] : undefined;
  if (format !== undefined) return format;
  if (typeof schema.contentEncoding === 'string') return STRING_FORMATS.base64 ?? PLACEHOLDER;
  if (typeof schema.contentMediaType === 'string' && !/^text\/|json|xml/.test(schema.contentMediaType)) return STRING_FORMATS.binary ?? PLACEHOLDER;
  return PLACEHOLDER;
}
