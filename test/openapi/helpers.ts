import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { loadOpenApi, type LoadOpenApiOptions } from '../../src/openapi/load-openapi.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

/** Absolute path of `test/fixtures/openapi-<behaviour>`. */
export function fixture(behaviour: string): string {
  return path.join(FIXTURES, `openapi-${behaviour}`);
}

/** Loads sources of one fixture; `files` are treated as discovered unless named. */
export function load(behaviour: string, options: Partial<LoadOpenApiOptions>) {
  return loadOpenApi(fixture(behaviour), { files: [], named: [], allowNetwork: false, ...options });
}

/** The comparable part of diagnostics: code, file, line, column. */
export function located(diagnostics: readonly Diagnostic[]): [string, string | undefined, number | undefined, number | undefined][] {
  return diagnostics.map((d) => [d.code, d.file, d.line, d.column]);
}

/** The codes of diagnostics, in order. */
export function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => d.code);
}

/** A fake `fetch` serving fixed texts by URL; anything else answers 404. Records requests. */
export function fakeFetch(pages: Record<string, { body: string; type?: string }>) {
  const requested: string[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = String(input);
    requested.push(url);
    const page = pages[url];
    if (!page) return new Response('not found', { status: 404 });
    return new Response(page.body, { status: 200, headers: { 'content-type': page.type ?? 'application/octet-stream' } });
  }) as typeof fetch;
  return { fetch: fetchImpl, requested };
}

/** The value at `keys` inside nested objects, or `undefined`. */
export function dig(value: unknown, ...keys: string[]): unknown {
  let node = value;
  for (const key of keys) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}
