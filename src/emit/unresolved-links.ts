import type { Diagnostic } from '../model/diagnostic.js';
import type { SitePage } from '../model/site.js';
import type { UrlStyle } from '../model/url-style.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { UnresolvedLink } from './link-check.js';
import { htmlPathOf, markdownPathOf } from './paths.js';
import { trimTrailing } from '../text/linear-text.js';

/** Files named in one message, at most. */
const SHOWN_FILES = 3;

/**
 * `build/unresolved-link` for the links the link check found leading nowhere that the build had
 * not reported (the pages' files written in `style`): one diagnostic per site path, naming up to three of the written files that link
 * to it. It is placed at the source of the first such file when that file is a page (its HTML
 * or Markdown copy), else at docs.json (navigation, redirects, sitemap, 404 page), line 1.
 */
export function unresolvedLinkDiagnostics(links: readonly UnresolvedLink[], pages: readonly SitePage[], configFile: string, style: UrlStyle): Diagnostic[] {
  const sourceOf = new Map<string, string>();
  for (const p of pages) {
    sourceOf.set(htmlPathOf(p.route, style), p.source);
    sourceOf.set(markdownPathOf(p.route), p.source);
  }
  const byPath = new Map<string, UnresolvedLink[]>();
  // `a` and `a/` are one missing place (a host would redirect the one to the other).
  for (const link of links) {
    const key = trimTrailing(link.path, '/');
    byPath.set(key, [...(byPath.get(key) ?? []), link]);
  }
  return [...byPath].map(([target, found]) => {
    const files = [...new Set(found.map((l) => l.file))];
    const first = found[0] as UnresolvedLink;
    const named = files.slice(0, SHOWN_FILES).map((f) => `\`${f}\``).join(', ') + (files.length > SHOWN_FILES ? ` and ${files.length - SHOWN_FILES} more files` : '');
    return createDiagnostic('build/unresolved-link', {
      message: `\`${first.url}\` in ${named} leads to \`/${target}\`, where the site has no page and no file.`,
      file: sourceOf.get(first.file) ?? configFile,
      line: 1,
      column: 1,
      hint: 'Fix the link where it is written (the page, or docs.json: navbar, footer, redirects), or add the page or file it names.',
    });
  });
}
