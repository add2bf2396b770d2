import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/**
 * A plain static file server on 127.0.0.1 for tests: serves `dir` under `prefix` (to prove the
 * site works under any base path), `index.html` for folders, 404.html otherwise.
 */
export async function serveStatic(dir: string, prefix = '/'): Promise<{ url: string; close: () => Promise<void>; server: Server }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let rel = decodeURIComponent(url.pathname);
    if (!rel.startsWith(prefix)) return void res.writeHead(404).end();
    rel = rel.slice(prefix.length);
    let file = path.join(dir, rel);
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    const info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      if (!url.pathname.endsWith('/')) return void res.writeHead(301, { location: `${url.pathname}/` }).end();
      file = path.join(file, 'index.html');
    }
    const found = await stat(file).then((s) => s.isFile(), () => false);
    if (!found) {
      res.writeHead(404, { 'content-type': TYPES['.html'] as string });
      return void createReadStream(path.join(dir, '404.html')).on('error', () => res.end()).pipe(res);
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${prefix}`, server, close: () => new Promise((r) => server.close(() => r())) };
}
