import type { Diagnostic } from '../model/diagnostic.js';
import type { ConfigOrigins } from '../model/project.js';
import type { Project } from '../load/project.js';
import { originOf } from '../config/origins.js';
import { unwritableSegment } from '../resolve/route-segments.js';
import { describeScriptUrl, isScriptUrl } from '../render/script-url.js';
import type { Site } from '../model/site.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { render404, renderRedirectPage } from '../render/layout/index.js';
import { siteRootPath } from '../render/layout/not-found-redirect.js';
import type { LayoutInput, SiteAssets } from '../render/layout/types.js';
import type { NotFoundDescription } from '../render/layout/render-404.js';
import type { OutputFile } from './output-file.js';
import { resolveSiteLink, type LinkTargets } from '../render/links/site-link.js';
import { redirectDestination } from './redirect-destination.js';
import { baseOf, htmlPathOf, markdownPathOf } from './paths.js';
import { redirectPagePaths, usableRedirects, type NumberedRedirect } from './redirect-sources.js';
import { publicRoutePath, routeHref } from '../render/layout/href.js';
import type { UrlStyle } from '../model/url-style.js';
import { indexablePages, llmsFullUrls, renderLlmsFull, renderLlmsTxt, renderRedirectsFile, renderRobots, renderSitemap, type Redirect } from './site-files.js';
import { trimChars } from '../text/linear-text.js';
import { agentInstructions } from './agent-instructions.js';

export interface ExtrasInput {
  readonly project: Project;
  readonly site: Site;
  readonly noindex: ReadonlySet<string>;
  /** The pages' parts of llms-full.txt, with their URLs when known (`MarkdownCopy.urls`). */
  readonly copies: readonly { route: string; markdown: string; urls?: readonly string[] }[];
  readonly assets: SiteAssets;
  readonly features: LayoutInput['features'];
  /** How pages, redirect pages and the 404 page's links are written (`LayoutInput.urlStyle`). */
  readonly urlStyle: LayoutInput['urlStyle'];
  readonly assistant?: LayoutInput['assistant'];
  readonly siteUrl?: string;
  readonly groupOf: (route: string) => string;
  /** docs.json `errors.404.description` rendered (`renderNotFoundDescription`). */
  readonly notFound?: NotFoundDescription;
}

/** sitemap.xml, robots.txt, llms.txt, llms-full.txt, 404.html, redirect pages and `_redirects`. */
export function siteExtras(input: ExtrasInput): { files: OutputFile[]; diagnostics: Diagnostic[]; urls?: ReadonlyMap<string, readonly string[]> } {
  const { project, site } = input;
  const config = project.config.config;
  const visible = indexablePages(site.pages, input.noindex);
  const description = config.description;
  const instructions = agentInstructions(config);
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
  const served = siteRedirects(project, site, input.assets.files);
  const redirects = served.redirects;
  const pages = redirectPages(redirects, redirectTargets(project, site, input.assets.files), project.config.origins, input.urlStyle);
  diagnostics.push(...served.diagnostics, ...pages.diagnostics);
  const files: OutputFile[] = [
    { path: 'sitemap.xml', content: renderSitemap(visible, input.siteUrl, input.urlStyle) },
    { path: 'robots.txt', content: renderRobots(input.siteUrl) },
    { path: 'llms.txt', content: renderLlmsTxt(site.name, description, visible, input.groupOf, instructions) },
    { path: 'llms-full.txt', content: renderLlmsFull(site.name, input.copies, instructions) },
    { path: '404.html', content: notFoundPage(input) },
    { path: '_redirects', content: renderRedirectsFile(redirects) },
    ...pages.files,
  ];
  // The link check reads llms-full.txt's URLs from its parts when they are known (link-check.ts `known`).
  const fullUrls = llmsFullUrls(site.name, input.copies, instructions, input.siteUrl);
  return { files, diagnostics, ...(fullUrls ? { urls: new Map([['llms-full.txt', fullUrls]]) } : {}) };
}

/** A redirect with its index in docs.json `redirects`. */
type IndexedRedirect = Redirect & NumberedRedirect;

/** Files every site holds besides the copied project files and the pages' Markdown copies. */
const GENERATED_FILES = ['sitemap.xml', 'robots.txt', 'llms.txt', 'llms-full.txt', '404.html', '_redirects'];

/**
 * The docs.json redirects the site serves (see `usableRedirects`: a source with a query or an
 * anchor, or one that is a file of the site, is left out with a warning), each destination as a
 * static host must follow it (`redirectDestination`: `/agent/index` is the page `/agent`).
 * `copied`: the project files copied into the site.
 */
export function siteRedirects(project: Project, site: Site, copied: ReadonlySet<string>): { redirects: IndexedRedirect[]; diagnostics: Diagnostic[] } {
  const numbered = (project.config.config.redirects ?? []).map((r, index): IndexedRedirect => ({ ...r, index }));
  const usable = usableRedirects(numbered, siteFiles(site, copied), project.config.origins);
  const targets = redirectTargets(project, site, copied);
  return { redirects: usable.redirects.map((r) => ({ ...r, destination: redirectDestination(r.destination, targets) })), diagnostics: usable.diagnostics };
}

/** The files of the site besides its pages: copied project files, generated files, the pages' Markdown copies. */
const siteFiles = (site: Site, copied: ReadonlySet<string>): Set<string> =>
  new Set([...copied, ...GENERATED_FILES, ...site.pages.map((p) => markdownPathOf(p.route))]);

/** What a redirect destination may name: the pages, the files of the site and the redirect sources (served by their pages). */
function redirectTargets(project: Project, site: Site, copied: ReadonlySet<string>): LinkTargets {
  const redirects = project.config.config.redirects ?? [];
  const sources = redirects.map((r) => trimChars(r.source.trim(), '/'));
  return { routes: new Set(site.pages.map((p) => p.route)), files: new Set([...siteFiles(site, copied), ...sources]), redirects: redirectPagePaths(redirects) };
}

/**
 * Every diagnostic the build gives about docs.json redirects, without writing anything: those of
 * `siteRedirects` and of the redirect pages (`sheaf check` reports them as `sheaf build` does).
 */
export function redirectDiagnostics(project: Project, site: Site, copied: ReadonlySet<string>): Diagnostic[] {
  const served = siteRedirects(project, site, copied);
  // The diagnostics do not depend on the URL style: the build's default is checked.
  return [...served.diagnostics, ...redirectPages(served.redirects, redirectTargets(project, site, copied), project.config.origins, 'directory').diagnostics];
}

/**
 * A static page per redirect source without wildcards, written where a page of that route would
 * be in `style` (`old/index.html` or `old.html`), sending the reader on with a meta refresh (and
 * a link, for readers without refresh) to the destination's file in that style. Sources that are pages keep the page. A
 * source no file system can hold (`..`, an empty segment…) gets no page and a
 * `nav/unwritable-route` error; a `javascript:` destination gives a page without a target and a
 * `build/script-url` warning.
 */
function redirectPages(redirects: readonly IndexedRedirect[], targets: LinkTargets, origins: ConfigOrigins, style: UrlStyle): { files: OutputFile[]; diagnostics: Diagnostic[] } {
  const files: OutputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const r of redirects) {
    const source = '/' + trimChars(r.source.trim(), '/');
    // A redirect from `/` (no page there) writes index.html: the site's root follows it.
    if (/[*:]/.test(source) || targets.routes.has(source)) continue;
    const problem = unwritableSegment(source);
    if (problem) {
      diagnostics.push(
        createDiagnostic('nav/unwritable-route', {
          message: `The redirect source \`${shortText(source)}\` has the segment \`${shortText(problem.segment)}\`, which ${problem.reason}; no redirect page is written for it.`,
          ...originOf(origins, `/redirects/${r.index}/source`),
          hint: 'Write the source as a site path of ordinary names, such as `/old/page`.',
        }),
      );
      continue;
    }
    const base = baseOf(source, style);
    let dest: string | undefined;
    let canonical: string | undefined;
    if (isScriptUrl(r.destination)) {
      diagnostics.push(
        createDiagnostic('build/script-url', {
          message: `The redirect from \`${shortText(source)}\` goes to a \`javascript:\` URL (\`${describeScriptUrl(r.destination.trim())}\`); its page links nowhere.`,
          ...originOf(origins, `/redirects/${r.index}/destination`),
          hint: 'Redirect to a page of the site or an http(s) URL.',
        }),
      );
    } else if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(r.destination.trim())) dest = r.destination.trim();
    else {
      // A site path (root-absolute, see redirectDestination), resolved as a body link is: a
      // page (`/agent`, `/agent/index`) is its folder or file, a file its path; the root for `/`.
      const link = resolveSiteLink(r.destination, { route: source, base, style }, targets);
      const route = link?.url ? link.route : '/';
      dest = link?.url || routeHref(base, '/', style);
      // The canonical names a page by its public URL (extensionless in the `html` style).
      if (route !== undefined) canonical = (base + publicRoutePath(route, style) || './') + dest.slice(routeHref(base, route, style).length);
    }
    files.push({ path: htmlPathOf(source, style), content: renderRedirectPage(dest, canonical) });
  }
  return { files, diagnostics };
}

/** A value for a message: at most 80 characters. */
const shortText = (text: string): string => (text.length > 80 ? `${text.slice(0, 80)}…` : text).replace(/\0/g, '\\0');

/**
 * 404.html in the site's layout. Hosts serve it for any missing path, so its links cannot be
 * relative to its own place: they are written from the site's root path (`siteRootPath`: `/`,
 * or the path of `--site-url`, `/docs/`), which its `errors.404.redirect` refresh goes to.
 */
function notFoundPage(input: ExtrasInput): string {
  return render404({
    config: input.project.config.config,
    navigation: input.site.navigation,
    base: siteRootPath(input.siteUrl),
    urlStyle: input.urlStyle,
    assets: input.assets,
    pages: new Map(input.site.pages.map((p) => [p.route, p])),
    features: input.features,
    ...(input.assistant ? { assistant: input.assistant } : {}),
    ...(input.notFound ? { description: input.notFound } : {}),
  });
}
