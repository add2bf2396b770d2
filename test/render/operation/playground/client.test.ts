import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** src/client/playground.js: a plain script; its pure helpers run here without a DOM. */

const source = readFileSync(new URL('../../../../src/client/playground.js', import.meta.url), 'utf8');

interface Internals {
  pathValue(param: object, value: unknown): string;
  queryPairs(param: object, value: unknown): string[];
  plainValue(param: object, value: unknown): string;
  parseValue(text: string, shape: string): unknown;
  serverBase(server: object, values: Record<string, string>): string;
}

/** Runs the script against stand-ins for window and document; returns window.sheafPlayground. */
function load(existing?: object): { api: { version: number; enhance: unknown; internals: Internals }; listeners: string[] } {
  const listeners: string[] = [];
  const win: Record<string, unknown> = { location: { href: 'https://docs.example.com/api/pets/' } };
  if (existing) win['sheafPlayground'] = existing;
  const doc = { readyState: 'loading', addEventListener: (type: string) => listeners.push(type) };
  new Function('window', 'document', source)(win, doc);
  return { api: win['sheafPlayground'] as never, listeners };
}

const q = (style: string, explode: boolean) => ({ name: 'id', in: 'query', style, explode });
const p = (style: string, explode: boolean) => ({ name: 'id', in: 'path', style, explode });

describe('playground.js', () => {
  it('parses as a script: no imports, no exports, nothing newer than ES2019', () => {
    expect(() => new Function(source)).not.toThrow();
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/\?\.[\w[(]/);
    expect(code).not.toContain('??');
  });

  it('waits for the DOM, then enhances; a second copy on the page does nothing', () => {
    const { api, listeners } = load();
    expect(api.version).toBe(1);
    expect(typeof api.enhance).toBe('function');
    expect(listeners).toEqual(['DOMContentLoaded']);
    const existing = { version: 1 };
    const again = load(existing);
    expect(again.api).toBe(existing);
    expect(again.listeners).toEqual([]);
  });

  it('reads list fields at commas and object fields as JSON, else as typed', () => {
    const { internals } = load().api;
    expect(internals.parseValue('a, b,c', 'array')).toEqual(['a', 'b', 'c']);
    expect(internals.parseValue('{"r":1}', 'object')).toEqual({ r: 1 });
    expect(internals.parseValue('{oops', 'object')).toBe('{oops');
    expect(internals.parseValue('a,b', 'scalar')).toBe('a,b');
  });

  it('serialises path parameters: simple, label, matrix; values percent-encoded', () => {
    const { internals } = load().api;
    expect(internals.pathValue(p('simple', false), 'a b/c')).toBe('a%20b%2Fc');
    expect(internals.pathValue(p('simple', false), ['1', '2'])).toBe('1,2');
    expect(internals.pathValue(p('simple', true), { r: 1, g: 2 })).toBe('r=1,g=2');
    expect(internals.pathValue(p('label', false), ['1', '2'])).toBe('.1,2');
    expect(internals.pathValue(p('label', true), ['1', '2'])).toBe('.1.2');
    expect(internals.pathValue(p('matrix', false), '5')).toBe(';id=5');
    expect(internals.pathValue(p('matrix', true), ['1', '2'])).toBe(';id=1;id=2');
  });

  it('serialises query parameters: form (exploded or not), space- and pipe-delimited, deepObject', () => {
    const { internals } = load().api;
    expect(internals.queryPairs(q('form', true), 'x&y')).toEqual(['id=x%26y']);
    expect(internals.queryPairs(q('form', true), ['1', '2'])).toEqual(['id=1', 'id=2']);
    expect(internals.queryPairs(q('form', false), ['1', '2'])).toEqual(['id=1,2']);
    expect(internals.queryPairs(q('spaceDelimited', false), ['1', '2'])).toEqual(['id=1%202']);
    expect(internals.queryPairs(q('pipeDelimited', false), ['1', '2'])).toEqual(['id=1|2']);
    expect(internals.queryPairs(q('deepObject', true), { r: 1, g: 'a b' })).toEqual(['id%5Br%5D=1', 'id%5Bg%5D=a%20b']);
    expect(internals.queryPairs(q('form', true), { r: 1 })).toEqual(['r=1']);
    expect(internals.queryPairs(q('form', false), { r: 1, g: 2 })).toEqual(['id=r,1,g,2']);
  });

  it('joins header values, and fills server variables resolving relative servers against the page', () => {
    const { internals } = load().api;
    expect(internals.plainValue({ explode: false }, ['a', 'b'])).toBe('a,b');
    expect(internals.plainValue({ explode: true }, { r: 1 })).toBe('r=1');
    const server = { url: 'https://{region}.example.com/{v}/', variables: { region: 'eu', v: 'v1' } };
    expect(internals.serverBase(server, { region: 'us', v: '' })).toBe('https://us.example.com/v1');
    expect(internals.serverBase({ url: '/v2', variables: {} }, {})).toBe('https://docs.example.com/v2');
  });
});
