import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PlaygroundError, PlaygroundRequest, PlaygroundResponse } from '../../src/model/playground.js';

/**
 * A test stand-in for the host's playground proxy: answers `POST <path>` with the documented
 * shape (src/model/playground.ts) by calling the upstream with Node's fetch. It reaches only
 * 127.0.0.1 (loopback is allowed here and nowhere else), so no test touches the network. No SSRF
 * guard, size limit or header filtering beyond hop-by-hop headers: it is not the real proxy.
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'transfer-encoding', 'upgrade', 'trailer', 'host', 'content-length']);
const TEXT = /^text\/|[/+](json|xml|javascript|x-www-form-urlencoded)\b/i;

function answer(res: ServerResponse, status: number, value: PlaygroundResponse | PlaygroundError): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

const fail = (code: string, message: string): PlaygroundError => ({ error: { code, message } });

function upstreamBody(request: PlaygroundRequest): BodyInit | undefined {
  const body = request.body;
  if (body.type === 'text') return body.text;
  if (body.type === 'form') return new URLSearchParams(body.fields);
  if (body.type === 'binary') return Buffer.from(body.base64, 'base64');
  if (body.type === 'multipart') {
    const data = new FormData();
    for (const [name, value] of Object.entries(body.fields)) data.append(name, value);
    for (const f of body.files) data.append(f.field, new Blob([Buffer.from(f.base64, 'base64')], { type: f.contentType }), f.filename);
    return data;
  }
  return undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return answer(res, 405, fail('method-not-allowed', 'Use POST.'));
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let request: PlaygroundRequest;
  try {
    request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PlaygroundRequest;
  } catch {
    return answer(res, 400, fail('invalid-json', 'The body is not JSON.'));
  }
  const target = new URL(request.url);
  if (target.hostname !== '127.0.0.1') return answer(res, 403, fail('blocked-address', `The test proxy only reaches 127.0.0.1, not ${target.hostname}.`));
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
  if (request.body.type === 'multipart') for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
  const started = performance.now();
  try {
    const upstream = await fetch(target, { method: request.method, headers, body: upstreamBody(request), redirect: 'manual' });
    const bytes = Buffer.from(await upstream.arrayBuffer());
    const type = upstream.headers.get('content-type') ?? '';
    const text = TEXT.test(type);
    answer(res, 200, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: Object.fromEntries(upstream.headers),
      body: text ? bytes.toString('utf8') : bytes.toString('base64'),
      bodyEncoding: text ? 'utf8' : 'base64',
      durationMs: Math.round(performance.now() - started),
      truncated: false,
    });
  } catch (err) {
    answer(res, 502, fail('upstream-failed', `The API could not be reached: ${(err as Error).message}`));
  }
}

/**
 * Serves the test proxy at `path` on an existing server (e.g. the static server of a test), in
 * front of the server's own request handlers: same origin as the page, as on a real host.
 */
export function mountTestProxy(server: Server, path: string): { requests: number } {
  const counter = { requests: 0 };
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== path) return void handlers.forEach((h) => h(req, res));
    counter.requests += 1;
    void handle(req, res);
  });
  return counter;
}
