import type { SitePage } from '../model/site.js';

const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Pages that search engines and agents should see: not hidden, not `noindex`. */
export function indexablePages(pages: readonly SitePage[], noindex: ReadonlySet<string>): SitePage[] {
  return pages.filter((p) => !p.hidden && !noindex.has(p.route));
}

/**
 * sitemap.xml. A sitemap needs absolute URLs: with `siteUrl` (e.g. `https://docs.example.com/`)
 * they are absolute; without one, the paths are written root-relative and the caller warns.
 */
export function renderSitemap(pages: readonly SitePage[], siteUrl: string | undefined): string {
  const prefix = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  const urls = pages.map((p) => `  <url><loc>${xmlEscape(prefix + (p.route === '/' ? '/' : `${p.route}/`))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function renderRobots(siteUrl: string | undefined): string {
  return ['User-agent: *', 'Allow: /', ...(siteUrl ? [`Sitemap: ${siteUrl.replace(/\/+$/, '')}/sitemap.xml`] : []), ''].join('\n');
}

/**
 * llms.txt (https://llmstxt.org): the site name, its description, then one link per page to its
 * Markdown copy, grouped by the first navigation group of the page.
 */
export function renderLlmsTxt(
  name: string,
  description: string | undefined,
  pages: readonly SitePage[],
  groupOf: (route: string) => string,
): string {
  const groups = new Map<string, string[]>();
  for (const p of pages) {
    const md = p.route === '/' ? 'index.md' : `${p.route.slice(1)}.md`;
    const line = `- [${p.title}](${md})${p.description ? `: ${p.description.replace(/\s+/g, ' ')}` : ''}`;
    const g = groupOf(p.route) || 'Pages';
    groups.set(g, [...(groups.get(g) ?? []), line]);
  }
  const sections = [...groups].map(([g, lines]) => `## ${g}\n\n${lines.join('\n')}`);
  return [`# ${name}`, ...(description ? [`> ${description.replace(/\s+/g, ' ')}`] : []), ...sections].join('\n\n') + '\n';
}

/** llms-full.txt: every page's Markdown copy, in order, separated by rules. */
export function renderLlmsFull(name: string, copies: readonly { route: string; markdown: string }[]): string {
  return [`# ${name}`, ...copies.map((c) => `<!-- ${c.route} -->\n${c.markdown.trim()}`)].join('\n\n---\n\n') + '\n';
}

export interface Redirect {
  readonly source: string;
  readonly destination: string;
  readonly permanent?: boolean;
}

/** Netlify/Cloudflare-style `_redirects`: `source destination 308|307`, wildcards as written. */
export function renderRedirectsFile(redirects: readonly Redirect[]): string {
  const line = (r: Redirect) => `${r.source.replace(/:(\w+)\*/g, '*')} ${r.destination.replace(/:(\w+)\*/g, ':splat')} ${r.permanent === false ? 307 : 308}`;
  return redirects.map(line).join('\n') + (redirects.length ? '\n' : '');
}
