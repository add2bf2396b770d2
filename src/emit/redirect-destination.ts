import { isScriptUrl } from '../render/script-url.js';
import { rootSiteLink, type LinkTargets } from '../render/links/site-link.js';

/**
 * The destination of a docs.json redirect as the site follows it (redirect pages and the
 * `_redirects` rules). Mintlify reads every path it serves the way it reads page paths
 * (`@mintlify/common` `slug/replaceSlashIndex.js`, `paths/isEqualIgnoringLeadingSlash.js`): a
 * request for `/agent/index` shows the page `/agent`, so mintlify/docs redirects old paths to
 * `/agent/index` and its readers land on the page. A static host serves only the page's own
 * path, so such a destination becomes that path (`/agent`, `/es/cli#install`), as body links
 * do (rootSiteLink: `/x/index`, `/x/index.mdx`, `/x.mdx`, `/x.md`, a route differing only in
 * letter case). A destination written without the leading slash (`agent/x`) is a site path
 * too. Kept as written: absolute URLs, `javascript:` URLs (refused by the caller), destinations
 * with placeholders (`*`, `:name`), which name many paths, and paths that name no page.
 */
export function redirectDestination(destination: string, targets: LinkTargets): string {
  const value = destination.trim();
  if (isScriptUrl(value) || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(value) || /\*|(^|\/):\w/.test(value)) return destination;
  const path = value.startsWith('/') ? value : `/${value}`;
  return rootSiteLink(path, '/', targets)?.url ?? path;
}
