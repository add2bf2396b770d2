import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { BundleFile } from '../../model/bundle.js';
import { contentTypeOf, isHashedAsset } from './content-types.js';
import { missingPageRedirect } from './not-found-redirect.js';
import { resolvePath } from './resolve-path.js';
import type { ServedVersion } from './served-version.js';

/** Anything that answers a fetch Request: the playground proxy's Hono app. */
export interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

export interface HostAppOptions {
  /** The active version, read on every request (switching versions is one assignment). */
  readonly active: () => ServedVersion;
  /** Answers `/_svc/api/request` (the playground proxy). */
  readonly proxy: FetchHandler;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sent on every response. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

/** The one JSON error shape of Sheaf's HTTP endpoints (as the playground proxy's). */
const jsonError = (c: Context, status: 404 | 405, code: string, message: string, headers: Record<string, string> = {}) =>
  c.json({ error: { code, message } }, status, { 'Cache-Control': 'no-store', ...headers });

/**
 * The self-hosted site: the active version's files, `GET /_svc/health`, and the playground proxy
 * at `/_svc/api/request`. HTML and other unhashed files are `no-cache` with a strong ETag from the
 * manifest's SHA-256 (revalidated, 304 on a match); hashed assets under `_sheaf/` are immutable
 * for a year. Unknown paths get `404.html` with status 404, or, when the site redirects missing
 * pages (docs.json `errors.404.redirect`), a 302 to the home page for a path that asks for a page.
 */
export function createHostApp(options: HostAppOptions): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  });

  app.get('/_svc/health', (c) => c.json({ status: 'ok', version: options.active().version }, 200, { 'Cache-Control': 'no-store' }));
  app.all('/_svc/api/request', (c) => options.proxy.fetch(c.req.raw));
  app.all('/_svc/*', (c) => jsonError(c, 404, 'not-found', `No endpoint at ${new URL(c.req.url).pathname}.`));

  app.on(['GET', 'HEAD'], '*', (c) => {
    const served = options.active();
    const url = new URL(c.req.url);
    const found = resolvePath(served, url.pathname, url.search);
    const head = c.req.method === 'HEAD';
    if (found.kind === 'redirect') {
      return new Response(null, { status: found.status, headers: { Location: found.location, 'Cache-Control': 'no-cache' } });
    }
    if (found.kind === 'not-found') {
      // docs.json `errors.404.redirect`: a missing page goes to the home page (files stay 404).
      const home = missingPageRedirect(served.notFoundRedirect, url.pathname);
      if (home !== undefined) return new Response(null, { status: 302, headers: { Location: home, 'Cache-Control': 'no-cache' } });
      const page = served.files.get('404.html');
      if (!page) return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
      return fileResponse(served, page, 404, head, { 'Cache-Control': 'no-cache' });
    }
    const file = found.file;
    const etag = `"${file.sha256.slice(0, 32)}"`;
    const caching = { ETag: etag, 'Cache-Control': isHashedAsset(file.path) ? IMMUTABLE : 'no-cache' };
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return new Response(null, { status: 304, headers: caching });
    return fileResponse(served, file, 200, head, caching);
  });

  app.all('*', (c) => jsonError(c, 405, 'method-not-allowed', `${c.req.method} is not allowed here; use GET or HEAD.`, { Allow: 'GET, HEAD' }));
  return app;
}

/** Streams a file of the version; HEAD gets the same headers and no body (the file is not opened). */
function fileResponse(served: ServedVersion, file: BundleFile, status: number, head: boolean, headers: Record<string, string>): Response {
  const all = { 'Content-Type': contentTypeOf(file.path), 'Content-Length': String(file.size), ...headers };
  if (head) return new Response(null, { status, headers: all });
  const stream = Readable.toWeb(createReadStream(path.join(served.dir, file.path))) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers: all });
}

/** `If-None-Match`: a list of (possibly weak) tags, or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
