import type { Diagnostic } from '../model/diagnostic.js';
import type { Project } from '../model/project.js';
import type { Site } from '../model/site.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { render404, renderRedirectPage } from '../render/layout/index.js';
import type { LayoutInput, SiteAssets } from '../render/layout/types.js';
import type { OutputFile } from './output-file.js';
import { routeHref } from '../render/layout/href.js';
import { baseOf, htmlPathOf } from './paths.js';
import { indexablePages, renderLlmsFull, renderLlmsTxt, renderRedirectsFile, renderRobots, renderSitemap, type Redirect } from './site-files.js';

export interface ExtrasInput {
  readonly project: Project;
  readonly site: Site;
  readonly noindex: ReadonlySet<string>;
  readonly copies: readonly { route: string; markdown: string }[];
  readonly assets: SiteAssets;
  readonly deployment: LayoutInput['deployment'];
  readonly features?: LayoutInput['features'];
  readonly assistant?: LayoutInput['assistant'];
  readonly siteUrl?: string;
  readonly groupOf: (route: string) => string;
}

/** sitemap.xml, robots.txt, llms.txt, llms-full.txt, 404.html, redirect pages and `_redirects`. */
export function siteExtras(input: ExtrasInput): { files: OutputFile[]; diagnostics: Diagnostic[] } {
  const { project, site } = input;
  const config = project.config.config;
  const visible = indexablePages(site.pages, input.noindex);
  const description = typeof config['description'] === 'string' ? config['description'] : undefined;
  const diagnostics: Diagnostic[] = [];
  if (!input.siteUrl) {
    diagnostics.push(
      createDiagnostic('build/no-site-url', {
        message: 'sitemap.xml lists root-relative paths because no site URL was given.',
        file: project.config.file,
        hint: 'Pass `--site-url https://docs.example.com/` to `sheaf build` for absolute sitemap URLs.',
      }),
    );
  }
  const redirects = readRedirects(config['redirects']);
  const files: OutputFile[] = [
    { path: 'sitemap.xml', content: renderSitemap(visible, input.siteUrl) },
    { path: 'robots.txt', content: renderRobots(input.siteUrl) },
    { path: 'llms.txt', content: renderLlmsTxt(site.name, description, visible, input.groupOf) },
    { path: 'llms-full.txt', content: renderLlmsFull(site.name, input.copies) },
    { path: '404.html', content: notFoundPage(input) },
    { path: '_redirects', content: renderRedirectsFile(redirects) },
    ...redirectPages(redirects, new Set(site.pages.map((p) => p.route))),
  ];
  return { files, diagnostics };
}

function readRedirects(value: unknown): Redirect[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (r): r is Redirect => !!r && typeof r === 'object' && typeof (r as Redirect).source === 'string' && typeof (r as Redirect).destination === 'string',
  );
}

/**
 * A static page per redirect source without wildcards, sending the reader on with a meta
 * refresh (and a link, for readers without refresh). Sources that are pages keep the page.
 */
function redirectPages(redirects: readonly Redirect[], routes: ReadonlySet<string>): OutputFile[] {
  const out: OutputFile[] = [];
  for (const r of redirects) {
    const source = '/' + r.source.replace(/^\/+|\/+$/g, '');
    if (/[*:]/.test(source) || routes.has(source) || source === '/') continue;
    const base = baseOf(source);
    const dest = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(r.destination)
      ? r.destination
      : (() => {
          const [pathPart = '', hash = ''] = r.destination.split('#');
          const route = '/' + pathPart.replace(/^\/+|\/+$/g, '');
          return routeHref(base, route) + (hash ? `#${hash}` : '');
        })();
    out.push({ path: htmlPathOf(source), content: renderRedirectPage(dest) });
  }
  return out;
}

/**
 * 404.html in the site's layout. Hosts serve it for any missing path, so its links cannot be
 * relative to its own place: they are written for a site served at the domain root (`/`).
 */
function notFoundPage(input: ExtrasInput): string {
  return render404({
    config: input.project.config.config,
    navigation: input.site.navigation,
    base: '/',
    assets: input.assets,
    pages: new Map(input.site.pages.map((p) => [p.route, p])),
    deployment: input.deployment,
    ...(input.features ? { features: input.features } : {}),
    ...(input.assistant ? { assistant: input.assistant } : {}),
  });
}
