import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemote } from '../../src/openapi/read-source.js';

/** A loopback server: `/declared/N` answers N bytes with Content-Length, `/chunked/N` without. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const [, how, size] = (req.url ?? '').split('/');
    const body = Buffer.from(`{"openapi":"3.0.3","x":"${'y'.repeat(Math.max(0, Number(size) - 26))}"}`);
    if (how === 'declared') res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    else res.writeHead(200, { 'Content-Type': 'application/json' });
    // Chunked bodies come in pieces, as a large download would.
    for (let at = 0; at < body.length; at += 1000) res.write(body.subarray(at, at + 1000));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fetchRemote keeps to the OpenAPI byte cap (--allow-network)', () => {
  it('reads a document of exactly the cap, with or without Content-Length', async () => {
    for (const how of ['declared', 'chunked']) {
      const r = await fetchRemote(`${base}/${how}/5000`, fetch, 10_000, 5000);
      expect(r.ok && r.text.length).toBe(5000);
    }
  });

  it('refuses a declared Content-Length over the cap before reading the body, and a body that runs past it', async () => {
    for (const [how, bytes] of [['declared', 5001], ['chunked', 5001]] as const) {
      const url = `${base}/${how}/${bytes}`;
      const r = await fetchRemote(url, fetch, 10_000, 5000);
      expect(r).toEqual({
        ok: false,
        missing: false,
        reason: 'it is 5,001 bytes, over the limit of 5,000 bytes for OpenAPI documents',
        refused: {
          code: 'load/file-too-large',
          severity: 'error',
          message: `\`${url}\` is 5,001 bytes, over the limit of 5,000 bytes for OpenAPI documents; it is not read.`,
          file: url,
          hint: 'Split or shrink the file, or raise the limit with `--max-openapi-bytes`.',
        },
      });
    }
  });
});
