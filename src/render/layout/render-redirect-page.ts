import { escapeHtml } from './escape.js';

/**
 * The page left at a redirect source: a meta refresh to `target` (a URL relative to the source
 * page, or absolute), a canonical link, a script that keeps the `#fragment`, and a plain link for
 * readers with neither. Never indexed. Without a target (a `javascript:` destination, refused),
 * the page only says that the page has moved. `canonical`: the target's public URL when it is not
 * the target itself (a page of an `html`-style site: `quickstart` for `quickstart.html`).
 */
export function renderRedirectPage(target: string | undefined, canonical = target): string {
  const url = target === undefined ? undefined : escapeHtml(target);
  const canonicalUrl = canonical === undefined ? url : escapeHtml(canonical);
  // `<` escaped so the string can never close the script element.
  const js = JSON.stringify(target ?? '').replace(/</g, '\\u003c');
  const keepHash = target?.includes('#') ? '' : '+location.hash';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>Redirecting…</title>',
    '<meta name="robots" content="noindex">',
    ...(url === undefined
      ? []
      : [`<meta http-equiv="refresh" content="0; url=${url}">`, `<link rel="canonical" href="${canonicalUrl}">`, `<script>location.replace(${js}${keepHash})</script>`]),
    '</head>',
    '<body>',
    url === undefined ? '<p>This page has moved.</p>' : `<p>This page has moved to <a href="${url}">${url}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
