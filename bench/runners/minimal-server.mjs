// The runtime's floor for the serving case: node:http answering a site's files from memory with
// only Content-Type and Content-Length (no negotiation, validators or security headers).
// Usage: node minimal-server.mjs <site folder> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const [root = '.', port = '8080'] = process.argv.slice(2);
const held = new Map();
createServer((request, response) => {
  const pathname = (request.url ?? '/').split('?')[0];
  let body = held.get(pathname);
  if (!body) {
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    try {
      body = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    held.set(pathname, body);
  }
  response.writeHead(200, { 'Content-Type': file(pathname), 'Content-Length': body.length });
  response.end(body);
}).listen(Number(port), '127.0.0.1');

function file(pathname) {
  return pathname.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8';
}
