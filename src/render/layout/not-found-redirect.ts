import type { DocsConfig } from '../../config/loaded-config.js';

/**
 * docs.json `errors.404.redirect`: whether a request for a missing page goes to the home page
 * instead of the 404 page. Mintlify's default is `true` (organize/settings-reference.mdx). The
 * 404.html of a built site follows it with a `<meta http-equiv="refresh">` to `/` (static hosts
 * serve 404.html for any missing path), `sheaf host` answers such requests with a redirect
 * (`notFoundRedirectOf` in src/server/host/served-version.ts), and `sheaf dev` is to call this.
 */
export function redirectsNotFound(config: Pick<DocsConfig, 'errors'>): boolean {
  return config.errors?.['404']?.redirect !== false;
}
