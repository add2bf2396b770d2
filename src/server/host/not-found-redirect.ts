import { open } from 'node:fs/promises';
import path from 'node:path';
import { trimTrailing } from '../../text/linear-text.js';
import { contentTypeOf } from '../../model/content-types.js';

/** Bytes of 404.html read for its head: the refresh tag stands near the top (render/layout/head.tsx). */
const HEAD_BYTES = 64 * 1024;

/**
 * The home page a missing page redirects to, read from the version's 404.html: with docs.json
 * `errors.404.redirect` (on unless `false`, src/render/layout/not-found-redirect.ts) its head holds
 * `<meta http-equiv="refresh" content="0; url=/">`, which static hosts leave to the browser; the
 * host answers with the redirect itself. The URL is the site's root path the build was given
 * (`url=/docs/` for `--site-url https://docs.example.com/docs/`, where a proxy serves the host
 * under `/docs/`), as for static hosts. Only a site path (`/…`, never `//` or `/\`, which a
 * browser reads as another host) is taken; anything else is no redirect.
 */
export async function notFoundRedirectOf(dir: string, hasNotFoundPage: boolean): Promise<string | undefined> {
  if (!hasNotFoundPage) return undefined;
  const file = await open(path.join(dir, '404.html'), 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const head = text.slice(0, Math.max(0, text.indexOf('</head>')));
    const target = /<meta http-equiv="refresh" content="0; url=([^"<>]*)"/.exec(head)?.[1];
    return target !== undefined && /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(target) ? target : undefined;
  } finally {
    await file.close();
  }
}

/**
 * Whether a missing path asks for a page (so it is redirected home) rather than a file: a path
 * whose last segment has no extension Sheaf serves as another type (`/guide`, `/v1.2/`,
 * `/old.html`), outside `_sheaf/`. A missing image, script or `.md` copy stays a 404.
 */
export function asksForPage(pathname: string): boolean {
  if (/^\/_sheaf(\/|$)/.test(pathname)) return false;
  const type = contentTypeOf(pathname);
  return type.startsWith('text/html') || type === 'application/octet-stream';
}

/**
 * Where the host sends a request for the missing `pathname`: the home page (`target`, from
 * `notFoundRedirectOf`) when the path asks for a page, except for that very path (a site built
 * for `/docs/` and reached without the proxy has no page there: redirecting would loop), which
 * gets the 404 page; undefined when missing pages are not redirected.
 */
export function missingPageRedirect(target: string | undefined, pathname: string): string | undefined {
  if (target === undefined || !asksForPage(pathname)) return undefined;
  return pathname === target || pathname === trimTrailing(target, '/') ? undefined : target;
}
