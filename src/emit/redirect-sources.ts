import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ConfigOrigins } from '../model/project.js';
import { trimChars } from '../text/linear-text.js';

/** A docs.json redirect with its index in `redirects`. */
export interface NumberedRedirect {
  readonly source: string;
  readonly destination: string;
  readonly permanent?: boolean;
  readonly index: number;
}

/** The files of the site a redirect page could collide with (project-relative POSIX paths, no leading `/`). */
export type SiteFileSet = ReadonlySet<string>;

/**
 * The redirect sources that get a redirect page (see siteExtras' redirectPages), as site paths
 * without slashes at either end (`old/path`): every source without a wildcard or a parameter.
 */
export function redirectPagePaths(redirects: readonly { readonly source: string }[]): Set<string> {
  return new Set(redirects.map((r) => trimChars(r.source.trim(), '/')).filter((source) => !/[*:]/.test(source)));
}

/** A value for a message: at most 80 characters, NUL shown as `\0`. */
const shortText = (text: string): string => (text.length > 80 ? `${text.slice(0, 80)}…` : text).replace(/\0/g, '\\0');

/**
 * The file of the site that `source` (a site path, `/a/b.png`) is, or lies under: `a/b.png`
 * itself, or a folder-less prefix `a` when `a` is a file. Undefined when the source names no
 * file. Its redirect page (`a/b.png/index.html`) could not be written next to that file
 * (EISDIR, ENOTDIR).
 */
export function fileAtSource(source: string, files: SiteFileSet): string | undefined {
  const path = trimChars(source, '/');
  // Only prefixes as long as the longest file can match: a source of a million characters costs
  // one pass, not one slice and hash per segment.
  const longest = longestPath(files);
  for (let end = path.indexOf('/'); ; end = path.indexOf('/', end + 1)) {
    const prefix = end < 0 ? path : path.slice(0, end);
    if (prefix.length > longest) return undefined;
    if (prefix && files.has(prefix)) return prefix;
    if (end < 0) return undefined;
  }
}

const longestPaths = new WeakMap<SiteFileSet, number>();

/** The length of the longest path in `files`, measured once per set. */
function longestPath(files: SiteFileSet): number {
  let longest = longestPaths.get(files);
  if (longest === undefined) {
    longest = 0;
    for (const file of files) longest = Math.max(longest, file.length);
    longestPaths.set(files, longest);
  }
  return longest;
}

/**
 * Splits the redirects a static site can serve from those it cannot, each of the latter with one
 * warning located at its `source` in docs.json:
 * - a source holding a query or an anchor (`/old?x=1`, `/old#part`): Mintlify's docs say sources
 *   hold neither ("Redirect sources cannot include URL anchors … or query parameters",
 *   `create/redirects.mdx`), and a host matches paths only: `build/redirect-query`;
 * - a source that is a file of the site (an image, an OpenAPI document, `llms.txt`, a page's
 *   Markdown copy) or lies under one: the file is served, as on Mintlify, and the redirect is
 *   left out (no page, no `_redirects` rule): `build/redirect-shadowed`.
 * Pages keep their routes as before (see `redirectPages`); sources with wildcards are kept.
 */
export function usableRedirects<R extends NumberedRedirect>(
  redirects: readonly R[],
  files: SiteFileSet,
  origins: ConfigOrigins,
): { redirects: R[]; diagnostics: Diagnostic[] } {
  const kept: R[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const r of redirects) {
    const source = r.source.trim();
    const at = originOf(origins, `/redirects/${r.index}/source`);
    const mark = /[?#]/.exec(source);
    if (mark) {
      const what = mark[0] === '?' ? 'a query' : 'an anchor';
      diagnostics.push(
        createDiagnostic('build/redirect-query', {
          message: `The redirect source \`${shortText(source)}\` holds ${what} (\`${shortText(source.slice(mark.index))}\`); sources are matched on their path only, so this redirect is left out.`,
          ...at,
          hint: `Redirect the path itself (\`${shortText(source.slice(0, mark.index) || '/')}\`); anchors belong in the destination.`,
        }),
      );
      continue;
    }
    const file = /[*:]/.test(source) ? undefined : fileAtSource(source, files);
    if (file !== undefined) {
      const same = file === trimChars(source, '/');
      diagnostics.push(
        createDiagnostic('build/redirect-shadowed', {
          message: same
            ? `The redirect source \`${shortText(source)}\` is the file \`${shortText(file)}\` of the site; the file is served and the redirect is left out.`
            : `The redirect source \`${shortText(source)}\` lies under the file \`${shortText(file)}\` of the site, where no page can be written; the redirect is left out.`,
          ...at,
          hint: 'Remove the redirect, or rename or delete the file if the redirect should win.',
        }),
      );
      continue;
    }
    kept.push(r);
  }
  return { redirects: kept, diagnostics };
}
