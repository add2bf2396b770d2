import { trimTrailing } from '../../text/linear-text.js';
/**
 * The bundle's `_redirects` file (Netlify/Cloudflare style, as `src/emit/site-files.ts` writes
 * it): one rule a line, `source destination [status]`; `*` at the end of a source matches the
 * rest of the path and `:splat` in the destination receives it; `:name` matches one segment.
 * Statuses 301, 302, 303, 307 and 308 redirect (301 when absent); other statuses (rewrites,
 * 404 rules) are not supported and their lines are skipped.
 */
export interface RedirectRule {
  readonly source: string;
  readonly destination: string;
  readonly status: 301 | 302 | 303 | 307 | 308;
  readonly pattern: RegExp;
  /** Names of the captures in `pattern`, in order (`splat` for `*`). */
  readonly names: readonly string[];
}

const STATUSES = new Set([301, 302, 303, 307, 308]);

export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [source, destination, statusText] = line.split(/\s+/);
    if (!source?.startsWith('/') || !destination) continue;
    const status = statusText === undefined ? 301 : Number(statusText.replace(/!$/, ''));
    if (!STATUSES.has(status)) continue;
    const names: string[] = [];
    const body = trimSlash(source)
      .split('/')
      .map((segment, i, all) => {
        if (segment === '*' && i === all.length - 1) return names.push('splat'), '(.*)';
        if (/^:\w+$/.test(segment)) return names.push(segment.slice(1)), '([^/]+)';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    // `/docs/*` also matches `/docs` itself (an empty splat).
    const pattern = new RegExp('^' + body.replace(/\/\(\.\*\)$/, '(?:/(.*))?') + '$');
    rules.push({ source, destination, status: status as RedirectRule['status'], pattern, names });
  }
  return rules;
}

/**
 * The first rule matching `pathname` (raw, percent-encoded, trailing slash ignored), with its
 * placeholders filled. A site-relative result never starts with `//` or `/\` (a browser would
 * read that as another host).
 */
export function matchRedirect(rules: readonly RedirectRule[], pathname: string, search: string): { location: string; status: number } | undefined {
  const target = trimSlash(pathname);
  for (const rule of rules) {
    const match = rule.pattern.exec(target);
    if (!match) continue;
    let location = rule.destination;
    rule.names.forEach((name, i) => {
      location = location.split(`:${name}`).join(match[i + 1] ?? '');
    });
    if (!/^[a-z][a-z0-9+.-]*:/i.test(location)) location = location.replace(/^[/\\]{2,}/, '/');
    if (search && !location.includes('?')) location += search;
    return { location, status: rule.status };
  }
  return undefined;
}

function trimSlash(p: string): string {
  const trimmed = trimTrailing(p, '/');
  return trimmed === '' ? '/' : trimmed;
}
