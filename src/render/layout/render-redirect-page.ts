import { escapeHtml } from './escape.js';

/**
 * The page left at a redirect source: a meta refresh to `target` (a URL relative to the source
 * page, or absolute), a canonical link, a script that keeps the `#fragment`, and a plain link for
 * readers with neither. Never indexed.
 */
export function renderRedirectPage(target: string): string {
  const url = escapeHtml(target);
  // `<` escaped so the string can never close the script element.
  const js = JSON.stringify(target).replace(/</g, '\\u003c');
  const keepHash = target.includes('#') ? '' : '+location.hash';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>Redirecting…</title>',
    '<meta name="robots" content="noindex">',
    `<meta http-equiv="refresh" content="0; url=${url}">`,
    `<link rel="canonical" href="${url}">`,
    `<script>location.replace(${js}${keepHash})</script>`,
    '</head>',
    '<body>',
    `<p>This page has moved to <a href="${url}">${url}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
