import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { DevSession, DevUpdate } from '../../api/dev-session.js';
import { codeFrame } from '../../diagnostics/code-frame.js';
import { createLineIndex } from '../../diagnostics/line-index.js';
import { htmlPathOf } from '../../emit/paths.js';
import { projectTextReader } from '../../load/project-texts.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { routeUrlPath } from '../../resolve/route-segments.js';
import { sitePathCandidates } from '../host/resolve-path.js';
import { contentTypeOf } from '../../model/content-types.js';
import { createFeedbackLog } from '../mcp/feedback-log.js';
import { createMcpHttp } from '../mcp/mcp-http.js';
import { mcpRoute } from '../mcp/mcp-route.js';
import { createSiteReader } from '../mcp/site-reader.js';
import { DEV_CLIENT, DEV_CLIENT_PATH, DEV_EVENTS_PATH, DEV_PAGES_PATH, DEV_PROBLEMS_PATH } from './dev-client.js';

/** Anything that answers a fetch Request: the playground proxy's Hono app. */
interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

export interface DevAppOptions {
  readonly root: string;
  readonly session: DevSession;
  /** Answers `/_svc/api/request` (the playground proxy, with `sheaf host`'s address guard). */
  readonly proxy: FetchHandler;
}

export interface DevApp {
  readonly app: Hono;
  /** Tells every open page what changed (they reload, or follow a moved page). */
  broadcast(update: DevUpdate): void;
  /** Ends the event streams (the server is stopping). */
  close(): void;
}

/** The script tag `sheaf dev` puts before `</body>` of every HTML page it serves. */
const CLIENT_TAG = `<script src="${DEV_CLIENT_PATH}" defer></script>`;

/** A problem as the overlay shows it: the diagnostic and its code frame. */
type ShownProblem = Diagnostic & { readonly frame?: string };

/**
 * The HTTP side of `sheaf dev`: the site as `sheaf host` serves it (a page rendered when it is
 * first asked for), the dev client and its events (server-sent events), the page's problems as
 * JSON for the overlay, the playground proxy, and the search MCP server at `/mcp` with its
 * discovery documents (feedback in `.sheaf/mcp-feedback.jsonl`). Nothing is cached by the browser.
 */
export function createDevApp(options: DevAppOptions): DevApp {
  const { session } = options;
  const streams = new Set<SSEStreamingApi>();
  const read = projectTextReader(options.root);
  const app = new Hono();

  app.get(DEV_CLIENT_PATH, (c) => c.body(DEV_CLIENT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }));

  app.get(DEV_EVENTS_PATH, (c) =>
    streamSSE(c, async (stream) => {
      streams.add(stream);
      stream.onAbort(() => {
        streams.delete(stream);
      });
      await stream.writeSSE({ event: 'hello', data: '{}' });
      // Held open until the page goes away or the server stops.
      // (The timer does not keep the process alive once the server stops.)
      while (streams.has(stream) && !stream.aborted) {
        await new Promise((resolve) => setTimeout(resolve, 15_000).unref());
        if (streams.has(stream)) await stream.writeSSE({ event: 'ping', data: '{}' });
      }
    }),
  );

  app.get(DEV_PROBLEMS_PATH, async (c) => {
    const page = session.pageAt(c.req.query('path') ?? '/');
    const problems: ShownProblem[] = [];
    if (page) {
      await session.ensure(page).catch(() => undefined);
      for (const d of await session.pageDiagnostics(page.route)) problems.push(await withFrame(d, read));
    }
    for (const d of session.projectDiagnostics()) if (d.severity === 'error') problems.push(await withFrame(d, read));
    return c.json({ problems }, 200, { 'Cache-Control': 'no-store' });
  });

  // The pages being served (route, title, operation), for tools and the benchmark.
  app.get(DEV_PAGES_PATH, (c) =>
    c.json(
      session.pages().map((p) => ({ route: p.route, title: p.title, ...(p.operation ? { operation: { method: p.operation.method, path: p.operation.path } } : {}) })),
      200,
      { 'Cache-Control': 'no-store' },
    ),
  );

  app.all('/_svc/api/request', (c) => options.proxy.fetch(c.req.raw));
  // The search MCP server over the site being edited: search waits for the pages rendered in the
  // background (its tools, named from the site files written at once, do not), a page read renders
  // that page first. Only this machine may call it.
  const mcp = createMcpHttp({
    site: createSiteReader({
      dir: () => session.outDir(),
      ready: () => session.siteReady().then(() => undefined),
      searchReady: () => session.warmed(),
      routes: () => new Set(session.pages().map((p) => p.route)),
      pageReady: async (route) => {
        const page = session.pageAt(routeUrlPath(route));
        if (page) await session.ensure(page).catch(() => undefined);
      },
    }),
    feedback: createFeedbackLog(path.join(options.root, '.sheaf')),
    origins: 'loopback',
  });
  app.all('*', mcpRoute(mcp));
  app.all('/_svc/*', (c) => c.json({ error: { code: 'not-found', message: `No endpoint at ${new URL(c.req.url).pathname}.` } }, 404));

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    const page = session.pageAt(url.pathname);
    const outDir = session.outDir();
    const noStore = { 'Cache-Control': 'no-store' };
    if (page) {
      // `/a/b` is served at `/a/b/`, as a static host does, so the page's relative links resolve.
      if (!url.pathname.endsWith('/') && !url.pathname.endsWith('.html')) return c.redirect(routeUrlPath(page.route).replace(/\/?$/, '/') + url.search, 302);
      // A render that failed (the project loading again under it) serves what is written, or says it is on its way.
      await session.ensure(page).catch(() => undefined);
      return htmlResponse(path.join(outDir, ...htmlPathOf(page.route, 'directory').split('/')), 200);
    }
    // Not a page: a site file, written beside the first page (siteReady).
    await session.siteReady();
    const file = await siteFile(outDir, url.pathname);
    if (file) {
      if (file.endsWith('.html')) return htmlResponse(file, 200);
      return new Response(c.req.method === 'HEAD' ? null : await readFile(file), { status: 200, headers: { 'Content-Type': contentTypeOf(file), ...noStore } });
    }
    return htmlResponse(path.join(outDir, '404.html'), 404);
  });

  app.all('*', (c) => c.json({ error: { code: 'method-not-allowed', message: `${c.req.method} is not allowed here; use GET or HEAD.` } }, 405, { Allow: 'GET, HEAD' }));

  return {
    app,
    broadcast(update) {
      const moved = Object.fromEntries([...update.moved].map(([from, to]) => [from, routeUrlPath(to).replace(/\/?$/, '/')]));
      const data = JSON.stringify({ reload: update.reload, moved });
      for (const stream of streams) void stream.writeSSE({ event: 'update', data }).catch(() => streams.delete(stream));
    },
    close() {
      for (const stream of streams) void stream.close();
      streams.clear();
    },
  };
}

/** An HTML file of the site with the dev client added; a file not there yet answers as a short page saying so. */
async function htmlResponse(file: string, status: number): Promise<Response> {
  const html = await readFile(file, 'utf8').catch(() => undefined);
  const body = html === undefined ? `<!doctype html><title>Not built yet</title><p>This page is being built.</p>${CLIENT_TAG}` : addClient(html);
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** The page with the dev client's script before `</body>` (or at the end). */
export function addClient(html: string): string {
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + CLIENT_TAG : html.slice(0, at) + CLIENT_TAG + html.slice(at);
}

/** The file of the site a URL path names, inside the served folder only, tried as `sheaf host` tries them (sitePathCandidates). */
async function siteFile(outDir: string, pathname: string): Promise<string | undefined> {
  for (const candidate of sitePathCandidates(pathname, 'directory') ?? []) {
    const file = path.join(outDir, ...candidate.split('/'));
    if ((await stat(file).catch(() => undefined))?.isFile()) return file;
  }
  return undefined;
}

/** The diagnostic with the code frame of its position, read through the project's reader. */
async function withFrame(d: Diagnostic, read: (file: string) => Promise<string | undefined>): Promise<ShownProblem> {
  if (!d.file || !d.line) return d;
  const text = await read(d.file);
  const frame = text === undefined ? undefined : codeFrame(createLineIndex(text), d.line, d.column ?? 1);
  return frame ? { ...d, frame } : d;
}
