import type { Project } from '../load/project.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site } from '../model/site.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { publicSiteUrl } from '../emit/site-url.js';
import { routeUrlPath } from '../resolve/route-segments.js';
import { selectPages } from '../resolve/select-pages.js';
import { trimChars, trimTrailing } from '../text/linear-text.js';

/** A build of some pages only (`BuildOptions.pages`: `sheaf export --page`, a job's `paths`). */
export interface PagesOption {
  /** Page paths as Mintlify's static export takes them (`index`, `guides/getting-started`, see `routeOfPagePath`). */
  readonly paths: readonly string[];
  /**
   * Where the pages left out are published (`https://docs.example.com`): links to them lead
   * there. Default: the site's URL (`siteUrl`, else docs.json's canonical URL); without one, the
   * export's home page.
   */
  readonly liveUrl?: string;
}

/**
 * The project and site a build of some pages writes: the site of `selectPages`, and the project
 * with one redirect per page left out (after docs.json's own, for a source they do not already
 * have) to that page at `liveUrl`, or to `/`. So a link to a left-out page, in a body, the
 * navigation or a Markdown copy, resolves as a link to an old path does: through its redirect
 * page, never to a missing file. The home page gets no redirect (the export's root shows its
 * first page instead). A path naming no page is `bundle/unknown-page`, naming every such path.
 */
export function applyPageSelection(project: Project, site: Site, option: PagesOption, siteUrl: string | undefined): { project: Project; site: Site; diagnostics: Diagnostic[] } {
  const selection = selectPages(site, option.paths);
  if (selection.unknown.length) {
    const named = selection.unknown.map((p) => `\`${p}\``).join(', ');
    const diagnostic = createDiagnostic('bundle/unknown-page', {
      message: `${selection.unknown.length === 1 ? 'The page path' : 'The page paths'} ${named} ${selection.unknown.length === 1 ? 'names' : 'name'} no page of the site.`,
      hint: 'Name pages by their path (`index`, `guides/getting-started`); `sheaf check --print-navigation` lists every route.',
    });
    return { project, site, diagnostics: [diagnostic] };
  }
  const base = option.liveUrl ?? publicSiteUrl(siteUrl, project.config.config);
  const own = project.config.config.redirects ?? [];
  const taken = new Set(own.map((r) => trimChars(r.source.trim(), '/')));
  const added = selection.leftOut
    .filter((p) => p.route !== '/' && !taken.has(trimChars(p.route, '/')))
    .map((p) => ({ source: p.route, destination: base ? trimTrailing(base, '/') + routeUrlPath(p.route) : '/' }));
  const config = { ...project.config, config: { ...project.config.config, redirects: [...own, ...added] } };
  return { project: { ...project, config }, site: selection.site, diagnostics: [] };
}
