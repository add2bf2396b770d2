import type { RawSchema } from '../operation-model/model.js';

/**
 * Placeholders for strings by `format` (and 3.1 `contentMediaType`/`contentEncoding`), in
 * Mintlify's style: fixed values, so output is deterministic.
 */
const STRING_FORMATS: Readonly<Record<string, string>> = {
  'date-time': '2023-11-07T05:31:56Z',
  date: '2023-12-25',
  time: '05:31:56Z',
  duration: 'P3D',
  email: 'jsmith@example.com',
  'idn-email': 'jsmith@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': '/example',
  iri: 'https://example.com',
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
};

/** The placeholder of a plain number or integer (Mintlify shows 123), moved into `minimum`…`maximum`. */
const NUMBER = 123;

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A string, number, integer, boolean or null example by type and format; `undefined` for other types. */
export function scalarExample(type: string, schema: RawSchema): unknown {
  switch (type) {
    case 'string': {
      const format = typeof schema.format === 'string' ? STRING_FORMATS[schema.format] : undefined;
      if (format !== undefined) return format;
      if (typeof schema.contentEncoding === 'string') return STRING_FORMATS.base64;
      if (typeof schema.contentMediaType === 'string' && !/^text\/|json|xml/.test(schema.contentMediaType)) return STRING_FORMATS.binary;
      return '<string>';
    }
    case 'integer':
    case 'number': {
      const min = finite(schema.minimum) ?? finite(schema.exclusiveMinimum);
      const max = finite(schema.maximum) ?? finite(schema.exclusiveMaximum);
      let n = NUMBER;
      if (min !== undefined && n < min) n = type === 'integer' ? Math.ceil(min) : min;
      if (max !== undefined && n > max) n = type === 'integer' ? Math.floor(max) : max;
      return n;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}
