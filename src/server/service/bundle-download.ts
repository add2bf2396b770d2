import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { errorResponse } from './service-error.js';

export interface DownloadFile {
  /** Absolute path. */
  readonly file: string;
  /** Bytes. */
  readonly size: number;
  /** Strong entity tag, quoted. */
  readonly etag: string;
  readonly contentType: string;
  /** Suggested file name for `Content-Disposition`. */
  readonly filename: string;
}

/** A single byte range, inclusive, or why the `Range` header is not served. */
type RangeVerdict = { readonly kind: 'whole' } | { readonly kind: 'range'; readonly start: number; readonly end: number } | { readonly kind: 'unsatisfiable' };

/**
 * Which bytes to send for a `Range` header (RFC 9110 §14): one range is served; a malformed or
 * multi-range header is ignored (whole file, as the RFC allows); a range starting past the end
 * is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeVerdict {
  if (header === undefined) return { kind: 'whole' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Infinity : Number(m[2]);
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}

/** Serves a file with `ETag`, `Accept-Ranges`, conditional requests and single byte ranges (206/416). */
export function downloadResponse(c: Context, f: DownloadFile): Response {
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    ETag: f.etag,
    'Cache-Control': 'private, no-store',
    'Content-Disposition': `attachment; filename="${f.filename}"`,
  };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((t) => t.trim() === f.etag || t.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  const ifRange = c.req.header('if-range');
  const range = ifRange !== undefined && ifRange.trim() !== f.etag ? ({ kind: 'whole' } as const) : parseRange(c.req.header('range'), f.size);
  if (range.kind === 'unsatisfiable') {
    return errorResponse(c, 'range-not-satisfiable', `The range is outside the bundle's ${f.size} bytes.`, { ...headers, 'Content-Range': `bytes */${f.size}` });
  }
  const start = range.kind === 'range' ? range.start : 0;
  const end = range.kind === 'range' ? range.end : f.size - 1;
  const length = f.size === 0 ? 0 : end - start + 1;
  Object.assign(headers, { 'Content-Type': f.contentType, 'Content-Length': String(length) });
  if (range.kind === 'range') headers['Content-Range'] = `bytes ${start}-${end}/${f.size}`;
  const status = range.kind === 'range' ? 206 : 200;
  // HEAD: headers only, and no file opened.
  if (c.req.method === 'HEAD' || length === 0) return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(f.file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
