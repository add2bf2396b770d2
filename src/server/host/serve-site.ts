import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContentCoding } from '../../model/bundle.js';
import { MAX_CACHED_FILE, type FileCache } from './file-cache.js';
import { missingPageRedirect } from './not-found-redirect.js';
import { resolvePath, type Resolution } from './resolve-path.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { NOT_FOUND_PAGE, type Representation, type ServedVersion, type SiteFile } from './served-version.js';

/**
 * The coding to send a file in: brotli when the client accepts it and the file has a brotli
 * copy, else gzip (`gzip` or `x-gzip`) likewise, else none. A coding with `q=0` is refused.
 */
export function chooseCoding(acceptEncoding: string | undefined, file: SiteFile): ContentCoding | undefined {
  if (!acceptEncoding || (!file.br && !file.gzip)) return undefined;
  const { br, gzip } = acceptedCodings(acceptEncoding);
  return br && file.br ? 'br' : gzip && file.gzip ? 'gzip' : undefined;
}

/** The codings an `Accept-Encoding` value accepts, remembered for the few values browsers send. */
const accepted = new Map<string, { br: boolean; gzip: boolean }>();

function acceptedCodings(header: string): { br: boolean; gzip: boolean } {
  const known = accepted.get(header);
  if (known) return known;
  const found = { br: false, gzip: false };
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    const coding = name.trim().toLowerCase();
    if (coding === 'br') found.br = true;
    else if (coding === 'gzip' || coding === 'x-gzip') found.gzip = true;
  }
  // Bounded: a client inventing values cannot grow it.
  if (accepted.size >= 256) accepted.clear();
  accepted.set(header, found);
  return found;
}

/** A byte range of a file, both ends included. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * A `Range` header against a file of `size` bytes: one range (`bytes=a-b`, `bytes=a-`,
 * `bytes=-n`), `unsatisfiable` when it starts past the end, or undefined when the header is to
 * be ignored and the whole file sent (another unit, several ranges, bad syntax).
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  // No byte of an empty file can be asked for.
  if (size === 0) return m[2] !== '' && m[1] !== '' && Number(m[2]) < Number(m[1]) ? undefined : 'unsatisfiable';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  return { start, end: Math.min(end, size - 1) };
}

/** `If-None-Match`: a list of (possibly weak) tags, or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** A request target's path and query. */
export interface RequestTarget {
  readonly pathname: string;
  readonly search: string;
}

/**
 * The path and query of a request target: origin-form (`/a/b?x`) as Node hands it, or
 * absolute-form (`http://host/a/b?x`) through the URL parser, which resolves `.` and `..`
 * segments either way. Undefined when it is neither (`http://a:99999/`).
 */
export function parseTarget(target: string): RequestTarget | undefined {
  // Most targets are plain paths the URL parser would return as they are (what it would
  // percent-encode, the path's decoding reads alike): no query, fragment, backslash or dot segment.
  if (target.charCodeAt(0) === 47 && !PARSED_PATH.test(target)) return { pathname: target, search: '' };
  try {
    // Origin-form after a base of its own, as `//a/b` is a path here, not an authority.
    const url = new URL(target.startsWith('/') ? `http://host${target}` : target);
    return { pathname: url.pathname, search: url.search };
  } catch {
    return undefined;
  }
}

/** What only the URL parser reads right in a path: a query or fragment, a backslash, a (possibly encoded) dot segment. */
const PARSED_PATH = /[?#\\]|\/\.|\/%2e|%2e(?:\/|$)/i;

/** Request targets longer than this, or with a query, are resolved every time rather than remembered. */
const MAX_REMEMBERED_TARGET = 512;

export interface SiteHandlerOptions {
  /** The active version, read once per request (switching versions is one assignment). */
  readonly active: () => ServedVersion;
  readonly cache: FileCache;
}

/**
 * Answers GET and HEAD for the site's files straight on node:http: the path resolved against the
 * active version (redirect rules, then files), the representation chosen (`Accept-Encoding`),
 * validators checked (`If-None-Match`: 304), one byte range served (`Range`: 206, or 416; the
 * uncompressed file only, and only while `If-Range` matches), headers sent as computed when the
 * version was loaded. Files up to `MAX_CACHED_FILE` come from the in-memory cache, larger ones
 * are streamed from disk. Unknown paths get the 404 page (or the missing-page redirect).
 */
export function createSiteHandler(options: SiteHandlerOptions): (request: IncomingMessage, response: ServerResponse, target: RequestTarget) => void {
  const send = (request: IncomingMessage, response: ServerResponse, status: number, headers: readonly string[], rep: Representation, range?: ByteRange) => {
    const head = request.method === 'HEAD';
    if (head) {
      response.writeHead(status, headers as string[]);
      response.end();
      return;
    }
    const fail = () => {
      // The file went away under a running version (removed by hand): nothing sensible to send.
      if (!response.headersSent) {
        response.writeHead(500, ['Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store', ...SECURITY_HEADERS]);
        response.end('The file could not be read.');
      } else response.destroy();
    };
    if (rep.size <= MAX_CACHED_FILE) {
      const finish = (data: Buffer) => {
        response.writeHead(status, headers as string[]);
        response.end(range ? data.subarray(range.start, range.end + 1) : data);
      };
      const data = options.cache.read(rep.file, rep.size);
      if (Buffer.isBuffer(data)) finish(data);
      else data.then(finish, fail);
      return;
    }
    const stream = createReadStream(rep.file, { ...(range ?? {}), highWaterMark: 256 * 1024 });
    stream.once('open', () => {
      response.writeHead(status, headers as string[]);
      stream.pipe(response);
    });
    stream.once('error', fail);
    response.once('close', () => stream.destroy());
  };

  /**
   * Resolutions of the active version by request target: most paths are asked again and again.
   * Bounded in entries and in the length of what is remembered (at most about 5 MB); targets with
   * a query (redirects carry it) are resolved each time.
   */
  let resolved = { version: undefined as ServedVersion | undefined, by: new Map<string, Resolution>() };
  const resolve = (served: ServedVersion, raw: string, target: RequestTarget): Resolution => {
    if (resolved.version !== served) resolved = { version: served, by: new Map() };
    const known = resolved.by.get(raw);
    if (known) return known;
    const found = resolvePath(served, target.pathname, target.search);
    if (raw.length <= MAX_REMEMBERED_TARGET && target.search === '') {
      if (resolved.by.size >= 10_000) resolved.by.clear();
      resolved.by.set(raw, found);
    }
    return found;
  };

  return (request, response, target) => {
    const served = options.active();
    const found = resolve(served, request.url ?? '/', target);
    const pathname = target.pathname;
    if (found.kind === 'redirect') {
      response.writeHead(found.status, ['Location', found.location, 'Cache-Control', 'no-cache', 'Content-Length', '0', ...SECURITY_HEADERS]);
      response.end();
      return;
    }
    if (found.kind === 'not-found') {
      // docs.json `errors.404.redirect`: a missing page goes to the home page (files stay 404).
      const home = missingPageRedirect(served.notFoundRedirect, pathname);
      if (home !== undefined) {
        response.writeHead(302, ['Location', home, 'Cache-Control', 'no-cache', 'Content-Length', '0', ...SECURITY_HEADERS]);
        response.end();
        return;
      }
      const page = served.files.get(NOT_FOUND_PAGE);
      if (!page) {
        response.writeHead(404, ['Content-Type', 'text/plain; charset=UTF-8', 'Cache-Control', 'no-cache', ...SECURITY_HEADERS]);
        response.end('Not found');
        return;
      }
      const rep = representationOf(page, chooseCoding(headersOf(request).acceptEncoding, page));
      // The 404 page's representations carry their 404 headers (see served-version.ts).
      send(request, response, 404, rep.notFound as readonly string[], rep);
      return;
    }
    const file = found.file;
    const asked = headersOf(request);
    const rangeHeader = asked.range;
    const ifRange = asked.ifRange;
    // A range is of the file as it is (never of a compressed copy), while `If-Range` names it.
    const ranged = rangeHeader !== undefined && (ifRange === undefined || ifRange === file.identity.etag);
    const rep = ranged ? file.identity : representationOf(file, chooseCoding(asked.acceptEncoding, file));
    if (matchesEtag(asked.ifNoneMatch, rep.etag)) {
      response.writeHead(304, rep.notModified as string[]);
      response.end();
      return;
    }
    if (ranged) {
      const range = parseRange(rangeHeader, file.size);
      if (range === 'unsatisfiable') {
        response.writeHead(416, ['Content-Range', `bytes */${file.size}`, 'Cache-Control', 'no-cache', 'Content-Length', '0', ...SECURITY_HEADERS]);
        response.end();
        return;
      }
      if (range) {
        const headers = withLength(rep.ok, range.end - range.start + 1);
        send(request, response, 206, [...headers, 'Content-Range', `bytes ${range.start}-${range.end}/${file.size}`], rep, range);
        return;
      }
    }
    send(request, response, 200, rep.ok, rep);
  };
}

/** The request headers the file handler reads. */
interface AskedHeaders {
  acceptEncoding?: string;
  ifNoneMatch?: string;
  range?: string;
  ifRange?: string;
}

/**
 * The headers the file handler reads, from the raw list (Node builds `request.headers`, an object
 * of every header, only when asked: not building it is a measurable share of a small page's cost).
 * Repeated lines are joined with `, ` as Node joins them (a list split over two lines), except
 * `Range` and `If-Range`, of which Node keeps the first.
 */
function headersOf(request: IncomingMessage): AskedHeaders {
  const raw = request.rawHeaders;
  const found: AskedHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const length = name.length;
    if (length !== 15 && length !== 13 && length !== 5 && length !== 8) continue;
    const lower = name.toLowerCase();
    const value = raw[i + 1] as string;
    if (lower === 'accept-encoding') found.acceptEncoding = found.acceptEncoding === undefined ? value : `${found.acceptEncoding}, ${value}`;
    else if (lower === 'if-none-match') found.ifNoneMatch = found.ifNoneMatch === undefined ? value : `${found.ifNoneMatch}, ${value}`;
    else if (lower === 'range') found.range ??= value;
    else if (lower === 'if-range') found.ifRange ??= value;
  }
  return found;
}

const representationOf = (file: SiteFile, coding: ContentCoding | undefined): Representation => (coding ? (file[coding] ?? file.identity) : file.identity);

/** A flat header list with its Content-Length replaced. */
function withLength(headers: readonly string[], length: number): string[] {
  const out = [...headers];
  const at = out.indexOf('Content-Length');
  if (at !== -1) out[at + 1] = String(length);
  return out;
}
