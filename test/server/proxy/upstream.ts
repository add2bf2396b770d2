import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

/** What the upstream echoes: the request as it arrived. */
export interface Received {
  readonly method: string;
  readonly path: string;
  /** Repeated names give arrays. */
  readonly query: Record<string, string | string[]>;
  /** Lower-case names, repeated ones joined with `, `. */
  readonly headers: Record<string, string>;
  /** The body, base64 (exact bytes). */
  readonly body64: string;
}

export interface Upstream {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  /** Connections accepted so far, and open now. */
  connections(): { readonly accepted: number; readonly open: number };
  close(): Promise<void>;
}

function record(req: IncomingMessage, body: Buffer): Received {
  const url = new URL(req.url ?? '/', 'http://upstream');
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(name);
    query[name] = all.length > 1 ? all : (all[0] ?? '');
  }
  const headers = Object.fromEntries(Object.entries(req.headersDistinct).map(([k, v]) => [k, (v ?? []).join(', ')]));
  return { method: req.method ?? '', path: url.pathname, query, headers, body64: body.toString('base64') };
}

/**
 * The upstream API of the proxy tests, on 127.0.0.1. Routes:
 * - `/redirect?to=URL&status=302`: redirects to URL;
 * - `/loop/N`: redirects to `/loop/N+1`;
 * - `/hang`: never answers; `/drip`: sends its head and one chunk, then never ends;
 * - `/big?bytes=N`: N bytes of `a` (text/plain); `/text-cut`: 600 × `é` (2 bytes each);
 * - `/binary`: bytes 0..255 (application/octet-stream); `/gzip`: gzip-compressed JSON; `/bad-gzip`:
 *   labelled gzip, is not;
 * - `/hop`: a response with hop-by-hop headers (Connection naming X-Conn-Private, Keep-Alive,
 *   Proxy-Authenticate, Upgrade, Trailer, chunked Transfer-Encoding) and an end-to-end `x-kept`;
 * - `/status/N`: answers status N with a JSON body;
 * - anything else: 200 with the request echoed as JSON `Received` (and recorded).
 */
export async function startUpstream(): Promise<Upstream> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      const route = url.pathname;
      if (route === '/redirect') {
        return void res.writeHead(Number(url.searchParams.get('status') ?? '302'), { location: url.searchParams.get('to') ?? '/' }).end();
      }
      const loop = /^\/loop\/(\d+)$/.exec(route);
      if (loop) return void res.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}` }).end();
      if (route === '/hang') return;
      if (route === '/drip') return void res.writeHead(200, { 'content-type': 'text/plain' }).write('first');
      if (route === '/big') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('a'.repeat(Number(url.searchParams.get('bytes'))));
      if (route === '/text-cut') return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('é'.repeat(600));
      if (route === '/binary') return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
      if (route === '/gzip') {
        return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(JSON.stringify({ zipped: true })));
      }
      if (route === '/bad-gzip') return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('not gzip at all');
      if (route === '/hop') {
        res.writeHead(200, {
          'content-type': 'text/plain',
          connection: 'keep-alive, X-Conn-Private',
          'keep-alive': 'timeout=5',
          'x-conn-private': 'hidden',
          'proxy-authenticate': 'Basic realm="proxy"',
          upgrade: 'h2c',
          trailer: 'x-checksum',
          'x-kept': 'yes',
        });
        res.write('chunked ');
        return void res.end('body');
      }
      const status = /^\/status\/(\d+)$/.exec(route);
      const echo = record(req, Buffer.concat(chunks));
      received.push(echo);
      res.writeHead(status ? Number(status[1]) : 200, { 'content-type': 'application/json; charset=utf-8', 'set-cookie': ['a=1', 'b=2'] }).end(JSON.stringify(echo));
    });
  });
  let accepted = 0;
  server.on('connection', (s: Socket) => {
    accepted += 1;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    connections: () => ({ accepted, open: sockets.size }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
