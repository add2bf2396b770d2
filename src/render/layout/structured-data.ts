import type { DocsConfig } from '../../config/loaded-config.js';
import { scriptJson } from './script-json.js';

/** A logo value usable in structured data: an absolute http(s) URL (a project file has no absolute URL without the site's). */
const absoluteUrl = (value: string | undefined): string | undefined => (value !== undefined && /^https?:\/\/[^\s]+$/i.test(value) ? value : undefined);

/**
 * The JSON-LD of docs.json `seo.organization` (organize/settings-seo.mdx): a schema.org
 * `Organization` with the documented fields `id` (as `@id`), `name`, `legalName`, `url`, `logo`
 * and `sameAs`; `name` defaults to the site name and `logo` to the docs logo when that is an
 * absolute URL. Fields without a value are left out, as Mintlify leaves them out. Undefined when
 * docs.json has no `seo.organization`. The text is `scriptJson`: nothing in a value can close
 * the `<script>` element it goes in.
 */
export function organizationJsonLd(config: Pick<DocsConfig, 'name' | 'logo' | 'seo'>): string | undefined {
  const org = config.seo?.organization;
  if (!org) return undefined;
  const logo = org.logo ?? absoluteUrl(typeof config.logo === 'string' ? config.logo : config.logo?.light);
  const name = org.name ?? config.name;
  return scriptJson({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    ...(org.id !== undefined ? { '@id': org.id } : {}),
    ...(name ? { name } : {}),
    ...(org.legalName !== undefined ? { legalName: org.legalName } : {}),
    ...(org.url !== undefined ? { url: org.url } : {}),
    ...(logo !== undefined ? { logo } : {}),
    ...(org.sameAs?.length ? { sameAs: org.sameAs } : {}),
  });
}
