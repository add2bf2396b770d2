import type { DocsConfig } from '../../config/loaded-config.js';
import type { NavRoot, SitePage } from '../../model/site.js';
import type { UrlStyle } from '../../model/url-style.js';
import { breadcrumbTrail } from './breadcrumb-trail.js';
import { normalizeFilePath, isExternal } from './href.js';
import { scriptJson } from './script-json.js';
import { structuredDataUrls, type StructuredDataUrls } from './structured-data-urls.js';

type Entity = Record<string, unknown>;

export interface StructuredDataInput {
  readonly config: Pick<DocsConfig, 'name' | 'description' | 'logo' | 'seo'>;
  readonly navigation: NavRoot;
  readonly page: SitePage;
  readonly frontmatter?: Readonly<Record<string, unknown>>;
  /** Relative prefix from the page's folder to the site root (`LayoutInput.base`). */
  readonly base: string;
  /** The site's URL style (`LayoutInput.urlStyle`): the page URLs are its public ones (`publicRoutePath`). */
  readonly urlStyle: UrlStyle;
  /** The site's public URL (`LayoutExtras.siteUrl`); absent: the URLs are relative to the page. */
  readonly siteUrl?: string;
  /** Project files copied to the site (`SiteAssets.files`): a docs logo names one of them. */
  readonly files: ReadonlySet<string>;
  /** Whether the site may load from the network (`BuildFeatures.network`): an external docs logo counts only then, as in the header. */
  readonly network: boolean;
  /** The date the page shows as last modified (`YYYY-MM-DD`), when it shows one. */
  readonly lastModified?: string;
}

/** `{ key: value }` when the value is there (a non-empty string or array), else nothing: no field goes out without a value. */
function field(key: string, value: string | readonly string[] | undefined): Entity {
  if (value === undefined) return {};
  if (typeof value === 'string') return value.trim() ? { [key]: value } : {};
  return value.length ? { [key]: value } : {};
}

/** Frontmatter `keywords` (organize/pages.mdx): a list of strings, or one string. */
function keywordsOf(frontmatter: Readonly<Record<string, unknown>> | undefined): string | string[] | undefined {
  const value = frontmatter?.['keywords'];
  if (typeof value === 'string') return value.trim() || undefined;
  if (!Array.isArray(value)) return undefined;
  return value.filter((k): k is string => typeof k === 'string' && k.trim() !== '');
}

/**
 * The docs logo (light, else dark) as a URL, when the header shows it: a project file only when it
 * was copied to the site, an external URL only when the site may load from the network (an
 * air-gapped site shows none, and names no other host).
 */
function docsLogo(logo: DocsConfig['logo'], input: Pick<StructuredDataInput, 'files' | 'network'>, urls: StructuredDataUrls): string | undefined {
  const candidates = typeof logo === 'string' ? [logo] : logo ? [logo.light, logo.dark] : [];
  const shown = (file: string): boolean => (isExternal(file) ? input.network : input.files.has(normalizeFilePath(file)));
  const usable = candidates.find((file) => file !== undefined && file.trim() !== '' && shown(file));
  return usable === undefined ? undefined : urls.file(usable);
}

/**
 * Pages generated from an API description (OpenAPI operations and webhooks, AsyncAPI channels),
 * and MDX pages with `api`, `openapi` or `asyncapi` frontmatter, are `APIReference`; the rest
 * `TechArticle` (optimize/seo.mdx "Structured data").
 */
function mainType(page: SitePage, frontmatter: Readonly<Record<string, unknown>> | undefined): 'APIReference' | 'TechArticle' {
  if (page.kind !== 'mdx') return 'APIReference';
  const api = ['api', 'openapi', 'asyncapi'].some((key) => {
    const value = frontmatter?.[key];
    return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null && value !== false;
  });
  return api ? 'APIReference' : 'TechArticle';
}

/**
 * The schema.org graph of one indexable page, as Mintlify describes it (optimize/seo.mdx
 * "Structured data", organize/settings-seo.mdx `seo.organization`): the publishing
 * `Organization`, the `WebSite`, the `WebPage`, its `BreadcrumbList` and its main entity
 * (`TechArticle` or `APIReference`), connected by `@id`s that stay the same on every page
 * (`<origin>/#organization`, `<site>/#website`; the page's URL, `#breadcrumb`, `#article`). The
 * organization is docs.json `seo.organization`, each field defaulting as documented (`id` to
 * `<site origin>/#organization`, `name` to the site name, `url` to the site's URL, `logo` to the
 * docs logo). URLs are those of `structuredDataUrls`. A field without a value is left out.
 */
export function structuredDataGraph(input: StructuredDataInput): Entity {
  const { config, page } = input;
  const urls = structuredDataUrls(input.base, input.siteUrl, input.urlStyle);
  const org = config.seo?.organization ?? {};
  const organizationId = org.id ?? urls.organizationId;
  const websiteId = `${urls.root}#website`;
  const pageUrl = urls.page(page.route);
  const breadcrumbId = `${pageUrl}#breadcrumb`;
  const articleId = `${pageUrl}#article`;
  const modified = field('dateModified', input.lastModified);
  const crumbs = [...breadcrumbTrail(input.navigation, page.route), { title: page.title, route: page.route }];
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        ...field('name', org.name ?? config.name),
        ...field('legalName', org.legalName),
        url: org.url ?? urls.root,
        ...field('logo', org.logo ?? docsLogo(config.logo, input, urls)),
        ...field('sameAs', org.sameAs),
      },
      { '@type': 'WebSite', '@id': websiteId, url: urls.root, ...field('name', config.name), ...field('description', config.description), publisher: { '@id': organizationId } },
      {
        '@type': 'WebPage',
        '@id': pageUrl,
        url: pageUrl,
        ...field('name', page.title),
        ...field('description', page.description),
        ...modified,
        isPartOf: { '@id': websiteId },
        breadcrumb: { '@id': breadcrumbId },
      },
      {
        '@type': 'BreadcrumbList',
        '@id': breadcrumbId,
        itemListElement: crumbs.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          ...field('name', crumb.title),
          ...(crumb.route !== undefined ? { item: urls.page(crumb.route) } : {}),
        })),
      },
      {
        '@type': mainType(page, input.frontmatter),
        '@id': articleId,
        ...field('headline', page.title),
        ...field('description', page.description),
        ...field('keywords', keywordsOf(input.frontmatter)),
        ...modified,
        mainEntityOfPage: { '@id': pageUrl },
        publisher: { '@id': organizationId },
      },
    ],
  };
}

/**
 * The page's JSON-LD (`structuredDataGraph`) as the text of its `<script type="application/ld+json">`:
 * `scriptJson`, so nothing in a value (a title, a legal name holding `</script>`) can end or
 * change the element. Deterministic: the same input gives the same bytes.
 */
export function structuredDataJsonLd(input: StructuredDataInput): string {
  return scriptJson(structuredDataGraph(input));
}
