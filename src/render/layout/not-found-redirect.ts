import type { DocsConfig } from '../../config/loaded-config.js';
import { trimChars } from '../../text/linear-text.js';

/**
 * docs.json `errors.404.redirect`: whether a request for a missing page goes to the home page
 * instead of the 404 page. Mintlify's default is `true` (organize/settings-reference.mdx). The
 * 404.html of a built site follows it with a `<meta http-equiv="refresh">` to the site's root
 * path (`siteRootPath`: `/`, or the path of a `--site-url` such as `/docs/`; static hosts serve
 * 404.html for any missing path), and `sheaf host` answers such requests with a redirect to the
 * same path (`notFoundRedirectOf` in src/server/host/not-found-redirect.ts reads it from 404.html).
 */
export function redirectsNotFound(config: Pick<DocsConfig, 'errors'>): boolean {
  return config.errors?.['404']?.redirect !== false;
}

/**
 * The root path the site is served at, for the pages a host serves at any depth (404.html): the
 * path of `siteUrl` (`https://docs.example.com/docs` → `/docs/`), `/` without one or for a value
 * that is no http(s) URL. Percent-encoded as the URL parser leaves it, with one trailing slash
 * and one leading one (`//evil.example/` in a path would name another host).
 */
export function siteRootPath(siteUrl: string | undefined): string {
  if (!siteUrl) return '/';
  let url: URL;
  try {
    url = new URL(siteUrl.trim());
  } catch {
    return '/';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '/';
  const path = trimChars(url.pathname, '/\\');
  return path ? `/${path}/` : '/';
}
