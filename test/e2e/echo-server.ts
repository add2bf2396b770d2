import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the echo server answers: the request it received. */
export interface Echo {
  readonly method: string;
  readonly path: string;
  /** Repeated names give arrays. */
  readonly query: Record<string, string | string[]>;
  /** Lower-case names, as Node reads them. */
  readonly headers: Record<string, string>;
  /** The body as UTF-8 text. */
  readonly body: string;
}

export interface EchoOptions {
  /** The origins allowed by CORS (`Access-Control-Allow-Origin` echoes a listed one); `undefined`: no CORS headers at all. */
  readonly allowOrigin?: string | readonly string[];
}

function cors(req: IncomingMessage, res: ServerResponse, origin: string): void {
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader('access-control-expose-headers', 'x-echo');
  res.setHeader('vary', 'origin');
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', req.headers['access-control-request-method'] ?? 'GET');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '');
    res.setHeader('access-control-max-age', '0');
  }
}

/**
 * An HTTP server on 127.0.0.1 that answers every request with JSON `Echo` (status 200, header
 * `x-echo: yes`), and preflights with 204. With `allowOrigin` it allows those origins by CORS.
 */
export async function startEchoServer(options: EchoOptions = {}): Promise<{ url: string; port: number; close: () => Promise<void>; received: Echo[] }> {
  const received: Echo[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const allowed = typeof options.allowOrigin === 'string' ? [options.allowOrigin] : (options.allowOrigin ?? []);
      const origin = req.headers.origin ?? '';
      if (allowed.includes(origin)) cors(req, res, origin);
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const query: Record<string, string | string[]> = {};
      for (const name of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(name);
        query[name] = all.length > 1 ? all : (all[0] ?? '');
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      const echo: Echo = { method: req.method ?? '', path: url.pathname, query, headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(echo);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-echo': 'yes' }).end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, received, close: () => new Promise((r) => server.close(() => r())) };
}
