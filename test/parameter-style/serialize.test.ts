import { describe, expect, it } from 'vitest';
import {
  cookieHeader,
  explodeOf,
  fieldSyntax,
  fromFieldText,
  percentEncode,
  serializeCookie,
  serializeHeader,
  serializePath,
  serializeQuery,
  styleOf,
  toFieldText,
  type EncodedPair,
  type ParameterLocation,
} from '../../src/parameter-style/index.js';

/** The values of the specification's "Style Examples". */
const STRING = 'blue';
const ARRAY = ['blue', 'black', 'brown'];
const OBJECT = { R: 100, G: 200, B: 150 };

/** Query pairs as the query string they make. */
const query = (pairs: readonly EncodedPair[]) => pairs.map((p) => `${p.name}=${p.value}`).join('&');

/**
 * The OpenAPI 3.1.2 "Style Examples" table (section 4.8.12.4.5), every defined cell: style,
 * explode, then the string, array and object columns (`null` where the table says n/a).
 */
const TABLE: readonly (readonly [string, ParameterLocation, boolean, string | null, string | null, string | null])[] = [
  ['matrix', 'path', false, ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
  ['matrix', 'path', true, ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
  ['label', 'path', false, '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
  ['label', 'path', true, '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
  ['simple', 'path', false, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
  ['simple', 'path', true, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ['form', 'query', false, 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
  ['form', 'query', true, 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
  ['spaceDelimited', 'query', false, null, 'color=blue%20black%20brown', 'color=R%20100%20G%20200%20B%20150'],
  ['pipeDelimited', 'query', false, null, 'color=blue%7Cblack%7Cbrown', 'color=R%7C100%7CG%7C200%7CB%7C150'],
  ['deepObject', 'query', true, null, null, 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150'],
];

function serialized(style: string, location: ParameterLocation, explode: boolean, value: unknown): string {
  const param = { name: 'color', in: location, style, explode };
  return location === 'path' ? serializePath(param, value) : query(serializeQuery(param, value));
}

describe('the specification’s style examples', () => {
  let cells = 0;
  for (const [style, location, explode, string, array, object] of TABLE) {
    it(`${style}, explode ${explode}`, () => {
      if (string !== null) expect(serialized(style, location, explode, STRING)).toBe(string);
      if (array !== null) expect(serialized(style, location, explode, ARRAY)).toBe(array);
      if (object !== null) expect(serialized(style, location, explode, OBJECT)).toBe(object);
    });
    cells += [string, array, object].filter((c) => c !== null).length;
  }

  it('covers all 29 defined cells of the table (path and query)', () => {
    expect(cells).toBe(29);
  });

  it('gives the table’s empty-value column: matrix `;color`, label `.`, simple empty, form `color=`', () => {
    expect(serialized('matrix', 'path', false, '')).toBe(';color');
    expect(serialized('matrix', 'path', true, '')).toBe(';color');
    expect(serialized('label', 'path', false, '')).toBe('.');
    expect(serialized('simple', 'path', false, '')).toBe('');
    expect(serialized('form', 'query', false, '')).toBe('color=');
    expect(serialized('form', 'query', true, null)).toBe('color=');
  });

  it('serializes headers as simple, never percent-encoded', () => {
    const header = (explode: boolean, value: unknown) => serializeHeader({ in: 'header', explode }, value);
    expect([header(false, STRING), header(false, ARRAY), header(false, OBJECT)]).toEqual(['blue', 'blue,black,brown', 'R,100,G,200,B,150']);
    expect([header(true, STRING), header(true, ARRAY), header(true, OBJECT)]).toEqual(['blue', 'blue,black,brown', 'R=100,G=200,B=150']);
    expect(header(false, 'a b/c;d')).toBe('a b/c;d');
  });

  it('serializes cookies as form, one cookie per item when exploded, data encoded', () => {
    const cookie = (explode: boolean | undefined, value: unknown) => cookieHeader(serializeCookie({ name: 'color', in: 'cookie', ...(explode === undefined ? {} : { explode }) }, value));
    expect([cookie(false, STRING), cookie(false, ARRAY), cookie(false, OBJECT)]).toEqual(['color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150']);
    expect([cookie(undefined, ARRAY), cookie(true, OBJECT)]).toEqual(['color=blue; color=black; color=brown', 'R=100; G=200; B=150']);
    expect(cookie(false, 'a b;c,d')).toBe('color=a%20b%3Bc%2Cd');
  });
});

describe('defaults and cases the specification leaves undefined', () => {
  it('defaults style by location and explode by style', () => {
    expect(['path', 'query', 'header', 'cookie'].map((l) => styleOf({ in: l as ParameterLocation }))).toEqual(['simple', 'form', 'simple', 'form']);
    expect(explodeOf({ in: 'query' })).toBe(true);
    expect(explodeOf({ in: 'query', style: 'deepObject' })).toBe(false);
    expect(explodeOf({ in: 'path', style: 'matrix' })).toBe(false);
    expect(explodeOf({ in: 'query', style: 'form', explode: false })).toBe(false);
    expect(serializeQuery({ name: 'ids', in: 'query' }, [1, 2])).toEqual([{ name: 'ids', value: '1' }, { name: 'ids', value: '2' }]);
  });

  it('sends exploded space- and pipe-delimited arrays, arrays in deepObject and scalars in any style as form does', () => {
    expect(serialized('spaceDelimited', 'query', true, ARRAY)).toBe('color=blue&color=black&color=brown');
    expect(serialized('pipeDelimited', 'query', true, ARRAY)).toBe('color=blue&color=black&color=brown');
    expect(serialized('deepObject', 'query', true, ARRAY)).toBe('color=blue&color=black&color=brown');
    expect(serialized('pipeDelimited', 'query', false, STRING)).toBe('color=blue');
    expect(serialized('deepObject', 'query', false, OBJECT)).toBe('color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150');
  });

  it('goes deeper for nested deepObject properties: objects bracketed, scalar arrays repeated, object arrays indexed', () => {
    const value = { a: { b: 1 }, tags: ['x', 'y'], items: [{ id: 1 }] };
    expect(serialized('deepObject', 'query', true, value)).toBe('color%5Ba%5D%5Bb%5D=1&color%5Btags%5D=x&color%5Btags%5D=y&color%5Bitems%5D%5B0%5D%5Bid%5D=1');
  });

  it('gives no pair for an empty array or object', () => {
    expect(serializeQuery({ name: 'c', in: 'query' }, [])).toEqual([]);
    expect(serializeQuery({ name: 'c', in: 'query', style: 'deepObject' }, {})).toEqual([]);
    expect(serializeQuery({ name: 'c', in: 'query', explode: false }, {})).toEqual([]);
  });

  it('percent-encodes data (names too), never the delimiters', () => {
    expect(serialized('form', 'query', false, ['a,b', 'c d'])).toBe('color=a%2Cb,c%20d');
    expect(serialized('pipeDelimited', 'query', false, ['a|b', 'c'])).toBe('color=a%7Cb%7Cc');
    expect(serialized('simple', 'path', false, 'a/b?c#d')).toBe('a%2Fb%3Fc%23d');
    expect(serialized('label', 'path', true, ['a.b', 'c'])).toBe('.a.b.c');
    expect(query(serializeQuery({ name: 'a b[c]', in: 'query' }, 'x&y=z'))).toBe('a%20b%5Bc%5D=x%26y%3Dz');
    expect(serialized('form', 'query', true, { 'k&': true, n: null })).toBe('k%26=true&n=');
  });

  it('encodes outside RFC 3986’s unreserved set, lone surrogates as U+FFFD', () => {
    expect(percentEncode("-._~!'()*")).toBe('-._~%21%27%28%29%2A');
    expect(percentEncode('é€')).toBe('%C3%A9%E2%82%AC');
    expect(percentEncode('a\uD800b')).toBe('a%EF%BF%BDb');
  });
});

describe('parameters described by content', () => {
  const coordinates = { lat: 1.5, long: -2 };
  const json = (location: ParameterLocation) => ({ name: 'coordinates', in: location, mediaType: 'application/json', style: 'deepObject' });

  it('are their media type’s text, percent-encoded as one value where the location encodes; style does not apply', () => {
    expect(query(serializeQuery(json('query'), coordinates))).toBe('coordinates=%7B%22lat%22%3A1.5%2C%22long%22%3A-2%7D');
    expect(serializePath(json('path'), coordinates)).toBe('%7B%22lat%22%3A1.5%2C%22long%22%3A-2%7D');
    expect(serializeHeader(json('header'), coordinates)).toBe('{"lat":1.5,"long":-2}');
    expect(cookieHeader(serializeCookie(json('cookie'), ['a']))).toBe('coordinates=%5B%22a%22%5D');
    expect(query(serializeQuery({ name: 'q', in: 'query', mediaType: 'text/plain' }, 'a b'))).toBe('q=a%20b');
    // Form fields as a query (a 3.2 querystring parameter): the object's pairs.
    expect(query(serializeQuery({ name: 'f', in: 'query', mediaType: 'application/x-www-form-urlencoded' }, { a: 'x y', b: 2 }))).toBe('a=x%20y&b=2');
    expect(fieldSyntax({ in: 'query', mediaType: 'application/x-www-form-urlencoded' }, 'object')).toBe('key=value, comma-separated');
    expect(fromFieldText({ in: 'query', mediaType: 'application/x-www-form-urlencoded' }, 'object', 'a=1')).toEqual({ a: '1' });
  });

  it('take a string that is JSON as it is, and quote one that is not', () => {
    expect(serializeHeader(json('header'), '{"lat":1}')).toBe('{"lat":1}');
    expect(serializeHeader(json('header'), 'plain')).toBe('"plain"');
  });

  it('are typed in Try-it as JSON and sent as typed', () => {
    expect(fieldSyntax(json('query'), 'object')).toBe('JSON');
    expect(toFieldText(json('query'), coordinates)).toBe('{"lat":1.5,"long":-2}');
    expect(fromFieldText(json('query'), 'object', '{"lat": 3}')).toBe('{"lat": 3}');
    expect(query(serializeQuery(json('query'), fromFieldText(json('query'), 'object', '{"lat": 3}')))).toBe('coordinates=%7B%22lat%22%3A%203%7D');
  });
});

describe('Try-it field text', () => {
  const q = (style?: string) => ({ in: 'query' as const, ...(style ? { style } : {}) });

  it('names the syntax: the style’s delimiter for arrays, key=value pairs for objects', () => {
    expect(fieldSyntax(q(), 'array')).toBe('comma-separated');
    expect(fieldSyntax(q('pipeDelimited'), 'array')).toBe('pipe-separated');
    expect(fieldSyntax(q('spaceDelimited'), 'array')).toBe('space-separated');
    expect(fieldSyntax(q('deepObject'), 'object')).toBe('key=value, comma-separated');
    expect(fieldSyntax({ in: 'path', style: 'matrix' }, 'array')).toBe('comma-separated');
    expect(fieldSyntax(q(), 'scalar')).toBeUndefined();
  });

  it('writes values in that syntax and reads them back', () => {
    expect(toFieldText(q('pipeDelimited'), ARRAY)).toBe('blue|black|brown');
    expect(toFieldText(q('spaceDelimited'), ARRAY)).toBe('blue black brown');
    expect(toFieldText(q(), ARRAY)).toBe('blue,black,brown');
    expect(toFieldText(q('deepObject'), OBJECT)).toBe('R=100,G=200,B=150');
    expect(toFieldText(q(), true)).toBe('true');
    expect(toFieldText(q(), undefined)).toBeUndefined();
    expect(fromFieldText(q('pipeDelimited'), 'array', 'blue | black|brown|')).toEqual(ARRAY);
    expect(fromFieldText(q('spaceDelimited'), 'array', ' blue  black brown')).toEqual(ARRAY);
    expect(fromFieldText(q(), 'array', 'blue, black,brown')).toEqual(ARRAY);
    expect(fromFieldText(q('deepObject'), 'object', 'R=100, G=200,B=150,flag')).toEqual({ R: '100', G: '200', B: '150', flag: '' });
    expect(fromFieldText(q('deepObject'), 'object', '{"R":100}')).toEqual({ R: 100 });
    expect(fromFieldText(q('deepObject'), 'object', '{oops=1')).toEqual({ '{oops': '1' });
    expect(fromFieldText(q(), 'scalar', 'a,b')).toBe('a,b');
  });

  it('round-trips through the wire format', () => {
    const param = { name: 'color', in: 'query' as const, style: 'pipeDelimited', explode: false };
    const text = toFieldText(param, ARRAY) ?? '';
    expect(query(serializeQuery(param, fromFieldText(param, 'array', text)))).toBe('color=blue%7Cblack%7Cbrown');
  });
});
