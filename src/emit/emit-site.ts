import type { AssistantOptions } from '../deployment/assistant-config.js';
import type { BuildFeatures } from '../model/build-features.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import type { Project } from '../load/project.js';
import type { RenderedBody, SearchRecord } from '../model/render.js';
import type { Site, SitePage } from '../model/site.js';
import type { UrlStyle } from '../model/url-style.js';
import { createLayoutMemo, renderDocument, renderNavFragments } from '../render/layout/index.js';
import type { SiteAssets } from '../render/layout/types.js';
import { renderBodies, type RenderBodiesInput } from '../render/render-bodies.js';
import type { RenderCache } from '../render/render-cache.js';
import type { RenderPool } from '../render/render-pool.js';
import { createTailwindMatcher, type TailwindColors, type TailwindMatcher } from '../render/tailwind/index.js';
import { brokenLinkDiagnostics } from './broken-links.js';
import { withoutRemoteResources } from './offline-resources.js';
import { firstGroupOf } from './nav-groups.js';
import { baseOf, htmlPathOf, markdownPathOf } from './paths.js';
import { projectFiles } from './project-files.js';
import type { BrokenLink } from '../render/links/rewrite-body-links.js';
import { linkBody, type LinkedBody } from '../render/links/link-body.js';
import type { LinkTargets } from '../render/links/site-link.js';
import { publicRoutePath } from '../render/layout/href.js';
import { redirectPagePaths } from './redirect-sources.js';
import { checkBuiltSite, markdownUrls, mayNameSiteUrl } from './link-check.js';
import { documentAtRoot, firstNavigationRoute } from './site-root.js';
import { LINK_SYNTAX, plainEnds, trimsOnlyMarkdownSpace, type MarkdownCopy } from '../render/links/markdown-links.js';
import { unresolvedLinkDiagnostics } from './unresolved-links.js';
import { configScriptUrlDiagnostics, openapiScriptUrlDiagnostics } from './script-url-diagnostics.js';
import { backgroundImageDiagnostics } from './background-image-diagnostics.js';
import { SEARCH_CLIENT_FILES, buildSearchIndex } from './search-index.js';
import { buildSiteAssets } from './site-assets.js';
import { siteHasContextualMenu } from '../render/layout/contextual-plan.js';
import { siteExtras } from './site-extras.js';
import { llmsPartUrls } from './site-files.js';
import { publicSiteUrl } from './site-url.js';
import { indexingOf, noindexRoutes } from './indexing.js';
import { agentInstructions, withAgentInstructions } from './agent-instructions.js';
import { renderNotFoundDescription } from './not-found-description.js';
import { siteRootPath } from '../render/layout/not-found-redirect.js';
import { TAILWIND_CSS, TAILWIND_FEATURE, tailwindStylesheet } from './tailwind-stylesheet.js';
import { createSiteWriter } from './write-site.js';
import { createLinkReader } from './link-reader.js';
import { startSocialImages } from './social-images.js';
import { createImageCache, type ImageCache } from '../render/social-image/image-cache.js';
import { socialImageMeta, socialImageUrl } from '../render/social-image/social-image-path.js';
import { trimChars } from '../text/linear-text.js';
import { codeSurfaceCss } from '../render/code-theme/code-surface-css.js';
import { resolveRenderSettings, type RenderSettings } from '../render/render-settings.js';
import { codeFingerprint } from '../render/code-fingerprint.js';
import { removeStale, type ExtrasRecord, type OutputState, type PageRecord } from './output-state.js';
import { digestOf } from '../render/render-cache.js';
import type { LinkCheckMemo } from './link-check.js';
import { forEachLimited } from '../project-fs/map-limited.js';
import type { OutputFile } from './output-file.js';

export interface EmitInput {
  readonly project: Project;
  readonly site: Site;
  readonly outDir: string;
  /**
   * Features of the build: without `search` no index, search box or search files are written;
   * without `network` no page loads anything from the network.
   */
  readonly features: BuildFeatures;
  /** How pages are written and linked: `route/index.html` or `route.html` (see UrlStyle). */
  readonly urlStyle: UrlStyle;
  /** The Ask AI panel's settings, validated (`resolveAssistant`); absent: no panel, no assistant files. */
  readonly assistant?: AssistantOptions;
  readonly siteUrl?: string;
  readonly pool: RenderPool;
  /** Pages in flight at once (see renderBodies). */
  readonly concurrency: number;
  readonly cache: RenderCache;
  /** Cache of social preview images (drawn only for a project that asks for them); default: none. */
  readonly imageCache?: ImageCache;
  readonly onProgress?: (progress: { done: number; total: number }) => void;
  /** Draw the social preview images the project asks for (docs.json `thumbnails`); false: none (`sheaf dev`). */
  readonly socialImages?: boolean;
  /** Read the written pages' links beside the build (link-reader.ts); false when the link check will not run (`sheaf dev`). */
  readonly readLinks?: boolean;
  /**
   * An incremental build (output-state.ts): the output folder holds what the build that left
   * `previous` wrote (absent: it is empty); a page whose key is unchanged and whose files are as
   * written is not rendered again, a file whose bytes are unchanged is not written again, and what
   * the build did not write is removed. `save` receives the state for the next build.
   */
  readonly incremental?: { readonly previous?: OutputState; save(state: OutputState): Promise<void> };
  /** The Tailwind matcher for the site's colours, when the caller keeps one across emitters (`sheaf dev` loading again); default: a new one. */
  readonly tailwind?: TailwindMatcher;
}

export interface BuildStats {
  readonly pages: number;
  /** Pages whose body came from the render cache. */
  readonly cachedPages: number;
  readonly files: number;
  readonly bytes: number;
  readonly searchRecords: number;
  /** The link check over the written site (link-check.ts): internal links read, and those leading to no file. */
  readonly links: { readonly checked: number; readonly unresolved: number };
  /** Social preview images written (`_sheaf/og/`): drawn in this build, and taken from the image cache; absent when the project asks for none. */
  readonly socialImages?: { readonly drawn: number; readonly cached: number };
  readonly diagnostics: readonly Diagnostic[];
}

/** The project's own files copied at once (a stat or two each when kept). */
const OWN_FILES_AT_ONCE = 16;

/** Path of the search index script: fixed, so pages can name it before the index exists. */
const SEARCH_INDEX = '_sheaf/search-index.js';
/** The search records as JSON (the assistant retrieves from them). */
const SEARCH_RECORDS = '_sheaf/search-records.json';

/**
 * Renders and writes every page as soon as its body is ready (memory stays flat on large
 * sites), then the site-wide files: assets, search index, sitemap, robots.txt, llms.txt,
 * llms-full.txt, 404 page, redirects and the project's own files.
 */
export async function emitSite(input: EmitInput): Promise<BuildStats> {
  const emitter = await createSiteEmitter(input);
  const { cached } = await renderBodies({
    project: input.project,
    pages: input.site.pages,
    pool: input.pool,
    cache: input.cache,
    onBody: emitter.page,
    concurrency: input.concurrency,
    settings: emitter.renderSettings,
    ...(emitter.links ? { links: emitter.links } : {}),
    // Nothing to reuse in a first build: its pages are rendered as they are read.
    ...(input.incremental?.previous ? { reuse: emitter.reuse } : {}),
    ...(input.incremental ? { keys: true } : {}),
  });
  const stats = await emitter.finish({ cachedPages: cached, check: true });
  if (input.incremental) await input.incremental.save(emitter.state());
  return stats;
}

/** Writes a site page by page as the bodies come (emitSite), or page by page on demand (`sheaf dev`). */
export interface SiteEmitter {
  /**
   * Writes one page from its body: its HTML and `.md` copy, its search records and problems. A
   * page written again (an edit, in `sheaf dev`) replaces what it wrote before. `bodyKey` (from
   * renderBodies) stands for everything the body was made from: the page is remembered for the
   * next incremental build.
   */
  page(page: SitePage, body: RenderedBody, linked?: Omit<LinkedBody, 'body'>, bodyKey?: string): Promise<void>;
  /**
   * For renderBodies, in an incremental build: true when the page is written already — its key,
   * made of `bodyKey` and everything else its files depend on, is the last build's, and its files
   * are as that build left them — and what the last build learnt of it is taken over.
   */
  reuse(page: SitePage, bodyKey: string): Promise<boolean>;
  /** The state of the output folder for the next incremental build: the files written and kept, and the pages remembered. */
  state(): OutputState;
  /** Loads what writing a page may need before the first page comes (Tailwind's context): `sheaf dev`, while its threads start. */
  prepare(): Promise<void>;
  /** docs.json's code themes and `styling.latex`, for renderBodies. */
  readonly renderSettings: RenderSettings;
  /** For renderBodies: generated pages are linked where they are rendered (absent: here). */
  readonly links: RenderBodiesInput['links'];
  /** The problems each written page has, by route (the last writing of the page). */
  pageDiagnostics(route: string): readonly Diagnostic[];
  /**
   * Writes the site-wide files from the pages written so far (again after more pages: the
   * search index, llms-full.txt… follow them). With `check`, the link check over the written site.
   */
  finish(options: { readonly cachedPages: number; readonly check: boolean }): Promise<BuildStats>;
}

/** The emitter of `input`'s site (see SiteEmitter): the site's assets, targets and settings, ready for pages. */
export async function createSiteEmitter(input: EmitInput): Promise<SiteEmitter> {
  const { project, site } = input;
  const previous = input.incremental?.previous;
  const writer = createSiteWriter(input.outDir, { root: project.root, allowOutside: (project.policy ?? DEFAULT_READ_POLICY).allowOutside }, input.incremental ? (previous?.files ?? {}) : undefined);
  const own = await projectFiles(project, input.features);
  const search = input.features.search;
  // docs.json code themes and styling.latex, read once: the bodies and the site stylesheet follow them.
  const renderSettings = await resolveRenderSettings(project);
  const codeCss = codeSurfaceCss(renderSettings.code);
  const contextual = siteHasContextualMenu(project.config.config.contextual, project.pages.map((p) => p.frontmatter));
  const siteAssets = buildSiteAssets(own.styles, search ? SEARCH_CLIENT_FILES : [], { assistant: input.assistant !== undefined, contextual, ...(codeCss ? { codeCss } : {}) });
  const assets: SiteAssets = { ...siteAssets.assets, ...(search ? { searchIndex: SEARCH_INDEX } : {}), files: own.copied };
  const pages = new Map(site.pages.map((p) => [p.route, p]));
  const routes = new Set(pages.keys());
  // Links may point at redirect sources (old paths): those resolve through the redirect pages.
  const redirects = project.config.config.redirects ?? [];
  const known = new Set([...own.copied, ...redirects.map((r) => trimChars(r.source, '/'))]);
  const style = input.urlStyle;
  const targets: LinkTargets = { routes, files: known, redirects: redirectPagePaths(redirects) };
  const htmlPath = (route: string): string => htmlPathOf(route, style);
  // No page at `/`: the first page of the navigation is written there too, as Mintlify serves it
  // (item 3 of issue 11), unless a redirect from `/` takes the place (siteExtras writes it).
  const rootRedirect = redirects.some((r) => trimChars(r.source.trim(), '/') === '');
  const rootCopy = routes.has('/') || rootRedirect ? undefined : firstNavigationRoute(site.navigation);
  // Broken links the build reports, by written file and site path, for the link check.
  const reported = new Set<string>();
  const report = (file: string, links: readonly BrokenLink[], into: string[]) =>
    links.forEach((l) => {
      const entry = `${file}\0${l.path}`;
      reported.add(entry);
      into.push(entry);
    });
  const frontmatter = new Map(project.pages.map((p) => [p.file, p.frontmatter]));
  const noindexFiles = new Set(project.pages.filter((p) => p.frontmatter['noindex'] === true).map((p) => p.file));
  const noindex = noindexRoutes(site.pages, noindexFiles, indexingOf(project.config.config));
  const instructions = agentInstructions(project.config.config);
  const instructionUrls = instructions ? markdownUrls(instructions) : [];
  // The pages' JSON-LD is absolute under the site's URL when the build knows it.
  const siteUrl = publicSiteUrl(input.siteUrl, project.config.config);
  // By route: a page written again replaces its own.
  const records = new Map<string, SearchRecord[]>();
  const copies = new Map<string, { route: string; markdown: string; urls?: readonly string[] }>();
  // The URLs of the Markdown files written, where known without reading them again (link check).
  const knownUrls = new Map<string, readonly string[]>();
  const features = new Set<string>();
  const broken = new Map<string, { page: SitePage; links: BrokenLink[] }>();
  const pageDiagnostics = new Map<string, Diagnostic[]>();
  const written = new Set<string>();
  // The links of the pages written, read beside the build for the link check at its end.
  const linkReader = createLinkReader(input.outDir, input.readLinks === false ? 0 : site.pages.length);
  // Renders the parts of large sidebars shared by many pages once per build.
  const memo = createLayoutMemo();
  // Tailwind: each page links the site's stylesheet when its own classes hold a Tailwind class;
  // the stylesheet is generated once, from the classes of those pages, after the last page.
  const tailwindColors = tailwindColorsOf(project.config.config);
  const tailwind = input.tailwind ?? createTailwindMatcher(tailwindColors);
  // Each class with the first page using it in the site's order (which its warnings name), whatever order pages finish in.
  const tailwindClasses = new Map<string, { source: string; index: number }>();
  const pageIndex = new Map(site.pages.map((p, i) => [p.route, i]));
  const noteTailwind = (page: SitePage, classes: readonly string[]): void => {
    const index = pageIndex.get(page.route) ?? site.pages.length;
    for (const name of classes) {
      const first = tailwindClasses.get(name);
      if (!first || first.index > index) tailwindClasses.set(name, { source: page.source, index });
    }
  };
  // Social preview images, when the project asks for them: drawn by the pool beside the bodies;
  // each page waits for its own image before naming it in its <head>.
  const images = input.socialImages === false ? undefined : await startSocialImages({
    project,
    site,
    pool: input.pool,
    cache: input.imageCache ?? createImageCache(undefined),
    writer,
    ...(input.siteUrl ? { siteUrl: input.siteUrl } : {}),
    concurrency: input.concurrency,
  });

  // Everything a page's files depend on besides the page and its body, as one digest (incremental builds).
  const siteKey = input.incremental
    ? digestOf(codeFingerprint(), [
        project.config.config,
        // Where each setting was written (diagnostics name the file and pointer) and what may be read.
        project.config.file,
        project.config.origins,
        project.policy ?? null,
        site.navigation,
        site.pages,
        assets,
        input.features,
        style,
        input.assistant ?? null,
        input.siteUrl ?? null,
        [...known],
        rootCopy ?? null,
        [...noindex],
        instructions ?? null,
        renderSettings.key,
        images ? (images.siteUrl ?? '') : null,
      ])
    : '';
  const pageKey = (page: SitePage, bodyKey: string): string => digestOf(siteKey, bodyKey, [page, frontmatter.get(page.source) ?? null, project.pageDates?.[page.source] ?? null]);
  // The pages written or kept in this build, for the next one.
  const remembered = new Map<string, PageRecord>();
  // The links of kept HTML files, from the last build (the link reader reads only what is written).
  const keptUrls = new Map<string, readonly string[]>();

  // Keeps the files the last build wrote (writer.keep), up to the first that must be written again: true when all are kept.
  const keepAll = async (paths: readonly string[], key?: string): Promise<boolean> => {
    for (const file of paths) if (!(await writer.keep(file, key))) return false;
    return true;
  };

  const reuse = async (page: SitePage, bodyKey: string): Promise<boolean> => {
    const last = previous?.pages[page.route];
    if (!last || last.key !== pageKey(page, bodyKey)) return false;
    const hasImage = images ? await images.has(page.route) : false;
    if (hasImage !== last.hasImage) return false;
    if (!(await keepAll(last.files))) return false;
    pageDiagnostics.set(page.route, [...last.diagnostics]);
    last.features.forEach((f) => features.add(f));
    if (last.tailwindClasses) noteTailwind(page, last.tailwindClasses);
    if (last.broken.length) broken.set(page.route, { page, links: [...last.broken] });
    else broken.delete(page.route);
    last.reportedIn.forEach((entry) => reported.add(entry));
    if (last.copy) copies.set(page.route, { route: page.route, markdown: last.copy.markdown, ...(last.copy.urls ? { urls: last.copy.urls } : {}) });
    if (last.records) records.set(page.route, [...last.records]);
    for (const [file, urls] of Object.entries(last.urls)) (file.endsWith('.md') ? knownUrls : keptUrls).set(file, urls);
    remembered.set(page.route, last);
    written.add(page.route);
    input.onProgress?.({ done: written.size, total: site.pages.length });
    return true;
  };

  const onBody = async (page: SitePage, body: RenderedBody, linkedAtRender?: Omit<LinkedBody, 'body'>, bodyKey?: string): Promise<void> => {
    const original = body;
    const diagnostics: Diagnostic[] = [...body.diagnostics];
    pageDiagnostics.set(page.route, diagnostics);
    body.features.forEach((f) => features.add(f));
    const base = baseOf(page.route, style);
    if (!input.features.network) body = offlineBody(page, body, diagnostics);
    // Whether the classes hold a Tailwind class: the last build's answer for the same classes under the same settings (loading Tailwind costs 0.2 s).
    const last = previous?.pages[page.route];
    const classes = body.classes;
    const usesTailwind =
      classes !== undefined &&
      (last?.site === siteKey && last.classes !== undefined && sameList(last.classes, classes) ? last.tailwindClasses !== undefined : await tailwind.usesTailwind(classes));
    if (body.classes && usesTailwind) {
      noteTailwind(page, body.classes);
      body = { ...body, features: [...body.features, TAILWIND_FEATURE] };
    }
    const hasImage = images ? await images.has(page.route) : false;
    const documentOf = (linked: LinkedBody, placeBase: string, canonical?: string) =>
      renderDocument({
        config: project.config.config,
        navigation: site.navigation,
        page,
        body: linked.body,
        base: placeBase,
        urlStyle: style,
        assets,
        pages,
        features: input.features,
        ...(input.assistant ? { assistant: input.assistant } : {}),
        memo,
        ...(frontmatter.has(page.source) ? { frontmatter: frontmatter.get(page.source) } : {}),
        ...(project.pageDates?.[page.source] !== undefined ? { lastModified: project.pageDates[page.source] } : {}),
        ...(canonical !== undefined ? { canonical } : {}),
        ...(siteUrl !== undefined ? { siteUrl } : {}),
        ...(hasImage && images ? { socialImage: socialImageMeta(socialImageUrl(page.route, placeBase, images.siteUrl)) } : {}),
      });
    // Linked where it was rendered (a pool thread) for this page's own place, or here.
    const linked = linkedAtRender ? { ...linkedAtRender, body } : linkBody(body, { route: page.route, base, style }, targets);
    const document = documentOf(linked, base);
    const links = [...linked.broken];
    if (links.length) broken.set(page.route, { page, links });
    else broken.delete(page.route);
    const reportedIn: string[] = [];
    report(htmlPath(page.route), links, reportedIn);
    report(markdownPathOf(page.route), links, reportedIn);
    // llms-full.txt holds the copy with its relative links made root-absolute (it is read from the root).
    if (!noindex.has(page.route)) report('llms-full.txt', links, reportedIn);
    const markdown = linked.markdown;
    const files = [htmlPath(page.route), markdownPathOf(page.route)];
    let copyUrls: readonly string[] | undefined;
    let complete = false;
    try {
      await writer.write({ path: htmlPath(page.route), content: document });
      linkReader.read(htmlPath(page.route));
      const copyText = withAgentInstructions(withSpecification(markdown.copy, body.specification), instructions);
      await writer.write({ path: markdownPathOf(page.route), content: copyText });
      copyUrls = markdownFileUrls(copyText, markdown, instructions, instructionUrls, input.siteUrl);
      if (copyUrls) knownUrls.set(markdownPathOf(page.route), copyUrls);
      if (page.route === rootCopy) {
        // The links keep pointing where they point on the page itself; the canonical names it;
        // `data-current-path` is `/`, where it is served.
        // (The root copy's body is never linked where it is rendered: see `links` below.)
        const copy = linkBody(body, { route: page.route, base: '', style }, targets);
        report('index.html', copy.broken, reportedIn);
        const rootDocument = documentOf(copy, '', publicRoutePath(page.route, style));
        await writer.write({ path: 'index.html', content: documentAtRoot(rootDocument) });
        linkReader.read('index.html');
        files.push('index.html');
      }
      complete = true;
    } catch (error) {
      // One page that cannot be written (a name the file system refuses…) must not stop the rest.
      diagnostics.push(
        createDiagnostic('build/write-failed', {
          message: `The page \`${page.route}\` could not be written: ${error instanceof Error ? error.message : String(error)}`,
          file: page.source,
          line: 1,
          column: 1,
          hint: 'Shorten or rename the page path (for OpenAPI pages: the summary, or set `x-mint.href`).',
        }),
      );
    }
    // The page's part of llms-full.txt: in an incremental build with its URLs read now, once, for
    // this build's llms-full.txt check and the next build (rememberedCopy).
    const fullPart = input.incremental ? rememberedCopy(markdown.full, markdown.urls?.full) : { markdown: markdown.full, ...(markdown.urls ? { urls: markdown.urls.full } : {}) };
    if (!noindex.has(page.route)) {
      copies.set(page.route, { route: page.route, ...fullPart });
      records.set(page.route, body.sections.map((s) => searchRecord(page, s.anchor, s.heading, s.text)));
    }
    // Remembered for the next incremental build when every file of the page was written.
    if (input.incremental && bodyKey !== undefined && complete) {
      remembered.set(page.route, {
        key: pageKey(page, bodyKey),
        site: siteKey,
        files,
        diagnostics,
        features: original.features,
        ...(original.classes ? { classes: original.classes } : {}),
        ...(usesTailwind && original.classes ? { tailwindClasses: original.classes } : {}),
        broken: links,
        reportedIn,
        ...(noindex.has(page.route) ? {} : { copy: fullPart, records: records.get(page.route) ?? [] }),
        urls: copyUrls ? { [markdownPathOf(page.route)]: copyUrls } : {},
        hasImage,
      });
    } else remembered.delete(page.route);
    written.add(page.route);
    input.onProgress?.({ done: written.size, total: site.pages.length });
  };

  // Generated pages are linked where they are rendered, for their own place, unless their body is
  // needed raw here: held back offline (offlineBody) or written at the root too (rootCopy).
  const links = input.features.network ? { targets, placeOf: (page: SitePage) => (page.route === rootCopy ? undefined : { route: page.route, base: baseOf(page.route, style), style }) } : undefined;

  const finish = async (options: { readonly cachedPages: number; readonly check: boolean }): Promise<BuildStats> => {
    const diagnostics: Diagnostic[] = [...pageDiagnostics.values()].flat();
    const imageStats = images ? await images.done : undefined;
    if (imageStats) diagnostics.push(...imageStats.diagnostics);
    const copyList = [...copies.values()].sort((a, b) => (pageIndex.get(a.route) ?? 0) - (pageIndex.get(b.route) ?? 0));
    const recordList = [...records.values()].flat().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // The pages' keys, when every page has one (an incremental build): the search index and the
    // site-wide files are made from the pages and the site's settings alone, so the same keys make the same files.
    const pagesKey = input.incremental && site.pages.every((p) => remembered.has(p.route)) ? digestOf(siteKey, site.pages.map((p) => [p.route, remembered.get(p.route)?.key])) : undefined;
    const indexFiles = [SEARCH_INDEX, SEARCH_RECORDS];
    const indexKept = search && pagesKey !== undefined && (await keepAll(indexFiles, pagesKey));
    // The Tailwind stylesheet, made from the pages' classes (and the first page of each, which its warnings name).
    const classes = new Map([...tailwindClasses].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, first]) => [name, first.source]));
    const tailwindKey = input.incremental && classes.size > 0 ? digestOf(siteKey, [...classes]) : undefined;
    const tailwindKept = tailwindKey !== undefined && previous?.tailwind?.key === tailwindKey && (await writer.keep(TAILWIND_CSS, tailwindKey));
    const tailwindCss = tailwindKept ? undefined : classes.size > 0 ? await tailwindStylesheet(classes, tailwindColors) : undefined;
    const tailwindDiagnostics = tailwindKept && previous?.tailwind ? previous.tailwind.diagnostics : (tailwindCss?.diagnostics ?? []);
    diagnostics.push(...tailwindDiagnostics);
    tailwindRecord = tailwindKey === undefined ? undefined : { key: tailwindKey, diagnostics: tailwindDiagnostics };
    // 404.html is written from the site's root path (`/`, or `--site-url`'s `/docs/`): hosts serve it at any depth.
    const notFound = await renderNotFoundDescription(project, targets, style, siteRootPath(input.siteUrl));
    diagnostics.push(...notFound.diagnostics);
    notFound.description?.features.forEach((f) => features.add(f));
    const extrasKey = pagesKey === undefined ? undefined : digestOf(pagesKey, [notFound.description ?? null]);
    const lastExtras = previous?.extras;
    const extrasKept = extrasKey !== undefined && lastExtras?.key === extrasKey && (await keepAll(lastExtras.files));
    const extras = extrasKept && lastExtras
      ? { files: [], diagnostics: [...lastExtras.diagnostics], urls: new Map(lastExtras.urls) }
      : siteExtras({ project, site, noindex, copies: copyList, assets, features: input.features, urlStyle: style, ...(notFound.description ? { notFound: notFound.description } : {}), ...(input.assistant ? { assistant: input.assistant } : {}), groupOf: (r) => firstGroupOf(site.navigation, r), ...(input.siteUrl ? { siteUrl: input.siteUrl } : {}) });
    diagnostics.push(...extras.diagnostics);
    extrasRecord = extrasKey === undefined
      ? undefined
      : { key: extrasKey, files: extrasKept && lastExtras ? lastExtras.files : extras.files.map((f) => f.path), diagnostics: extras.diagnostics, urls: [...(extras.urls ?? [])] };
    for (const loaded of project.openapi) diagnostics.push(...openapiScriptUrlDiagnostics(loaded));
    diagnostics.push(...configScriptUrlDiagnostics(project.config.config, project.config.origins));
    // docs.json background.image left out of the pages (a missing file; a URL, air-gapped).
    diagnostics.push(...backgroundImageDiagnostics(project.config, { network: input.features.network, copied: own.copied, projectFiles: project.files }));
    // Files written from here on may take a page's path (a redirect page): the check reads those.
    const late = new Set<string>([...(extrasKept && lastExtras ? lastExtras.files : [])]);
    const writeLate = async (file: OutputFile): Promise<void> => {
      late.add(file.path);
      const key = indexFiles.includes(file.path) ? pagesKey : file.path === TAILWIND_CSS ? tailwindKey : undefined;
      try {
        await writer.write(file, key);
      } catch (error) {
        // As for pages: one file that cannot be written (the writer refuses a path outside the
        // output folder, the disk refuses a name) is reported, and the rest are written.
        diagnostics.push(
          createDiagnostic('build/write-failed', {
            message: `The site file \`${file.path}\` could not be written: ${error instanceof Error ? error.message : String(error)}`,
            file: project.config.file,
            hint: 'Check the paths docs.json names (redirect sources, files to copy) and the space left on the disk.',
          }),
        );
      }
    };
    for (const file of [
      ...siteAssets.files,
      ...siteAssets.featureFiles(features),
      ...(tailwindCss ? [{ path: TAILWIND_CSS, content: tailwindCss.css }] : []),
      ...(search && !indexKept ? searchIndexFiles(recordList) : []),
      ...extras.files,
      ...renderNavFragments({ navigation: site.navigation, pages, config: project.config.config, features: input.features }),
    ]) await writeLate(file);
    // The project's own files last (one may take a generated file's path: its own llms-full.txt),
    // many at once: each is a path of its own, and most are kept as they are.
    await forEachLimited(own.files, OWN_FILES_AT_ONCE, writeLate);
    if (search && indexKept) indexFiles.forEach((f) => late.add(f));
    if (tailwindKept) late.add(TAILWIND_CSS);
    diagnostics.push(...(await brokenLinkDiagnostics(project, [...broken.values()])));
    // What the last build wrote and this one did not (a removed page's files) goes before the check reads the folder.
    const siteFiles = input.incremental ? await removeStale(input.outDir, new Set(writer.stamps().keys())) : undefined;
    const { files, bytes } = writer.stats();
    // The link check over what was written: a link that leads to no file and that the build did
    // not report above is reported now (build/unresolved-link), so no 404 is ever silent.
    let linkStats = { checked: 0, unresolved: 0 };
    if (options.check) {
      const read = await linkReader.done();
      // The HTML files of the pages, as read: remembered for the next build, which may keep them.
      for (const [route, record] of remembered) {
        const urls: Record<string, readonly string[]> = { ...record.urls };
        for (const file of record.files) {
          const found = read.get(file) ?? keptUrls.get(file);
          if (found && !late.has(file)) urls[file] = found;
        }
        remembered.set(route, { ...record, urls });
      }
      for (const [file, urls] of keptUrls) if (!late.has(file)) knownUrls.set(file, urls);
      for (const [file, urls] of read) if (!late.has(file)) knownUrls.set(file, urls);
      for (const [file, urls] of extras.urls ?? []) knownUrls.set(file, urls);
      // A project's own file written over a generated one (its own llms-full.txt) is read.
      for (const file of own.files) knownUrls.delete(file.path);
      // The skill files: written for agents, their links relative to the skill's own folder.
      for (const file of own.skills) knownUrls.set(file, []);
      const stamps = writer.stamps();
      const memo = input.incremental ? { memo: { ...(previous?.links ? { previous: previous.links } : {}), digestOf: (file: string) => stamps.get(file)?.hash } } : {};
      const check = await checkBuiltSite(input.outDir, { ...(input.siteUrl ? { siteUrl: input.siteUrl } : {}), urlStyle: style, known: knownUrls, ...memo, ...(siteFiles ? { files: siteFiles } : {}) });
      linkMemo = check.memo;
      const silent = check.unresolved.filter((u) => !reported.has(`${u.file}\0${u.path}`));
      diagnostics.push(...unresolvedLinkDiagnostics(silent, site.pages, project.config.file, style));
      linkStats = { checked: check.checked, unresolved: check.unresolved.length };
    }
    const socialImages = imageStats ? { socialImages: { drawn: imageStats.drawn, cached: imageStats.cached } } : {};
    return { pages: site.pages.length, cachedPages: options.cachedPages, files, bytes, searchRecords: search ? recordList.length : 0, links: linkStats, ...socialImages, diagnostics };
  };
  let extrasRecord: ExtrasRecord | undefined;
  let tailwindRecord: OutputState['tailwind'];
  let linkMemo: LinkCheckMemo | undefined;

  return {
    page: onBody,
    reuse,
    prepare: () => tailwind.prepare(),
    state: () => ({ files: Object.fromEntries(writer.stamps()), pages: Object.fromEntries(remembered), ...(extrasRecord ? { extras: extrasRecord } : {}), ...(tailwindRecord ? { tailwind: tailwindRecord } : {}), ...(linkMemo ? { links: linkMemo } : {}) }),
    renderSettings,
    links,
    pageDiagnostics: (route) => pageDiagnostics.get(route) ?? [],
    finish,
  };
}

/** The body with every remote image, video, frame… held back (no network: air-gapped), and a warning saying which. */
function offlineBody(page: SitePage, body: RenderedBody, diagnostics: Diagnostic[]): RenderedBody {
  const html = withoutRemoteResources(body.html);
  const aside = body.aside === undefined ? undefined : withoutRemoteResources(body.aside);
  const removed = [...new Set([...html.removed, ...(aside?.removed ?? [])])];
  if (!removed.length) return body;
  const shown = removed.slice(0, 3).map((u) => `\`${u}\``).join(', ') + (removed.length > 3 ? ` and ${removed.length - 3} more` : '');
  diagnostics.push(
    createDiagnostic('bundle/external-resource', {
      message: `The page \`${page.route}\` loads ${shown} from the network; the air-gapped bundle leaves ${removed.length === 1 ? 'it' : 'them'} out.`,
      file: page.source,
      hint: 'Put the file in the project (e.g. `images/`) and link it by its path, so it ships inside the bundle.',
    }),
  );
  return { ...body, html: html.html, ...(aside ? { aside: aside.html } : {}) };
}

/** The search index's two files (search-index.ts): the script pages load, and the records as JSON. */
function searchIndexFiles(records: readonly SearchRecord[]): { path: string; content: string }[] {
  const index = buildSearchIndex(records);
  return [
    { path: SEARCH_INDEX, content: index.script },
    { path: SEARCH_RECORDS, content: index.records },
  ];
}

function searchRecord(page: SitePage, anchor: string, section: string, text: string): SearchRecord {
  return {
    id: anchor ? `${page.route}#${anchor}` : page.route,
    route: page.route,
    anchor,
    title: page.title,
    section,
    text,
    ...(page.version ? { version: page.version } : {}),
    ...(page.language ? { language: page.language } : {}),
    ...(page.tag ? { tag: page.tag } : {}),
  };
}

/**
 * The URLs of a written `.md` copy without reading it again: none without link syntax; else,
 * when the copy ends at the top level, its own, none from the specification section (a closed
 * fenced block) and those of the instructions after it. Undefined when only a read tells.
 */
function markdownFileUrls(text: string, markdown: MarkdownCopy, instructions: string | undefined, instructionUrls: readonly string[], siteUrl: string | undefined): readonly string[] | undefined {
  // An autolink may name the site: only a read tells (link-check.ts markdownUrls).
  if (mayNameSiteUrl(text, siteUrl)) return undefined;
  if (!LINK_SYNTAX.test(text)) return [];
  const { copy } = markdown;
  // The copy is trimmed before what follows it: only of what Markdown reads as white space.
  if (text !== copy && !trimsOnlyMarkdownSpace(copy, copy.trimEnd())) return undefined;
  // A definition (`[x]: …`, `[^x]: …`) in one part changes how brackets read in the other.
  if (instructions && ((/\]\s*:/.test(instructions) && copy.includes('[')) || (/\]\s*:/.test(copy) && instructions.includes('[')))) return undefined;
  const own = markdown.urls?.copy ?? (plainEnds(copy) ? [] : undefined);
  return own && [...own, ...instructionUrls];
}

/** The colours Tailwind's classes name on the site: docs.json `colors`, with `background.color` as `background`. */
export function tailwindColorsOf(config: Project['config']['config']): TailwindColors {
  const { colors, background } = config;
  return { ...colors, ...(background?.color ? { background: background.color } : {}) };
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * A page's part of llms-full.txt as the next build takes it over: with its URLs, read now when
 * rendering did not know them (llmsPartUrls: the same reading llms-full.txt's check would do).
 */
function rememberedCopy(markdown: string, urls: readonly string[] | undefined): { markdown: string; urls?: readonly string[] } {
  const known = urls ?? llmsPartUrls(markdown);
  return known ? { markdown, urls: known } : { markdown };
}

/** A page's `.md` copy with its API specification section (docs.json `markdown.schema`) at the end. */
function withSpecification(copy: string, specification: string | undefined): string {
  return specification === undefined ? copy : `${copy.trimEnd()}\n\n${specification}\n`;
}
