import { afterAll, expect } from 'vitest';

/**
 * Vitest setup file: test files share their worker's globals (`isolate: false`), so a file that
 * replaces one of Node's web globals breaks the files after it. @hono/node-server does that by
 * default (its own Request/Response, whose instances fail in other code: shiki's inlined
 * WebAssembly reads `new Response(stream).bytes()`); servers pass `overrideGlobalObjects: false`.
 * The first file of each worker records Node's own classes; every file checks them at its end,
 * so the file that changed one fails, by name.
 */
const KEY = Symbol.for('sheaf.test.node-globals');
type Recorded = { readonly Request: unknown; readonly Response: unknown; readonly fetch: unknown };
const holder = globalThis as unknown as Record<symbol, Recorded | undefined>;
const recorded = (holder[KEY] ??= { Request: globalThis.Request, Response: globalThis.Response, fetch: globalThis.fetch });

afterAll(() => {
  expect({ Request: globalThis.Request === recorded.Request, Response: globalThis.Response === recorded.Response, fetch: globalThis.fetch === recorded.fetch }, "this file left one of Node's global Request/Response/fetch replaced").toEqual({ Request: true, Response: true, fetch: true });
});
