import type { DocsConfig } from '../config/loaded-config.js';

/**
 * The site's public URL, when the build knows it: `--site-url` (`flag`), else docs.json
 * `seo.metatags.canonical` when that is an absolute http(s) URL without query or fragment
 * (Mintlify appends each page's path to it, optimize/seo.mdx "Global canonical"). Social preview
 * images and the pages' JSON-LD are absolute under it; undefined: neither is known.
 */
export function publicSiteUrl(flag: string | undefined, config: Pick<DocsConfig, 'seo'>): string | undefined {
  return flag ?? canonicalBase(config.seo?.metatags?.['canonical']);
}

/** docs.json `seo.metatags.canonical` when it is an absolute http(s) URL: Mintlify's base URL of every page. */
function canonicalBase(canonical: string | undefined): string | undefined {
  const value = canonical?.trim();
  return value && /^https?:\/\/[^/?#\s]+/i.test(value) && !/[?#\s]/.test(value) ? value : undefined;
}
