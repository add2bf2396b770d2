import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { resolveAssistant, type AssistantOptions } from '../deployment/assistant-config.js';
import { resolveFeatures, type FeatureOverrides } from '../deployment/features.js';
import { internalError } from '../diagnostics/internal-error.js';
import { createSiteEmitter, tailwindColorsOf, type SiteEmitter } from '../emit/emit-site.js';
import { createTailwindMatcher, type TailwindMatcher } from '../render/tailwind/index.js';
import { prepareOutput } from '../emit/write-site.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site, SitePage } from '../model/site.js';
import type { Project } from '../load/project.js';
import { routeOfUrlPath } from '../resolve/route-segments.js';
import { createRenderCache } from '../render/render-cache.js';
import { renderBodies, SNIPPET } from '../render/render-bodies.js';
import { resolveSpecifier } from '../render/mdx/snippets/resolve-specifier.js';
import { createRenderPool, type RenderPool } from '../render/render-pool.js';
import { createImageCache } from '../render/social-image/image-cache.js';
import { trimChars } from '../text/linear-text.js';
import { projectTextReader } from '../load/project-texts.js';
import { isSkillSource } from '../load/skill-files.js';
import { analyze, locate } from './analyze.js';
import { defaultRenderWorkers } from './page-diagnostics.js';

/** Where `sheaf dev` writes the pages it serves: inside the project's cache folder, never beside its files. */
export const DEV_FOLDER = path.join('.sheaf', 'dev');

export interface DevSessionOptions {
  readonly root: string;
  /** Features against the `cloud` profile (the Ask AI panel needs `assistant`). */
  readonly features?: FeatureOverrides;
  readonly assistant?: AssistantOptions;
  /** Worker threads warming the pages in the background; default as for `sheaf build`. */
  readonly workers?: number;
  readonly debug?: boolean;
}

/** What the open browsers should do after a change. */
export interface DevUpdate {
  /** Routes whose page changed (`'all'`: every page, e.g. after docs.json changed). */
  readonly reload: 'all' | readonly string[];
  /** A page that moved (its operation's summary changed): the browsers showing the old route go to the new one. */
  readonly moved: ReadonlyMap<string, string>;
}

/**
 * The state of `sheaf dev`: the project loaded and resolved, its site written page by page into
 * `.sheaf/dev/` as browsers ask for them (and in the background, from the render cache shared
 * with `sheaf build`), and kept current as files change: an edited page renders again alone,
 * pages importing an edited snippet with it, and a change to docs.json, an API document or the
 * set of files loads the project again.
 */
export interface DevSession {
  /** The folder the server serves (it changes when the project loads again). */
  outDir(): string;
  /** Problems of loading the project (docs.json, API documents), located. */
  projectDiagnostics(): readonly Diagnostic[];
  /** The pages of the site served now. */
  pages(): readonly SitePage[];
  /** The page served at a URL path (`/a/b/`, `/a/b`, `/a/b/index.html`), if any. */
  pageAt(urlPath: string): SitePage | undefined;
  /** Renders and writes the page if it is not written yet; resolves once its files exist. */
  ensure(page: SitePage): Promise<void>;
  /**
   * Resolves once the site files of the current load are written (assets, navigation, the 404
   * page, the project's own files): written beside the first page a browser asks for, which
   * needs none of them to be rendered; serving them waits for this. Resolves with the problems of
   * writing them (none, unless the disk refuses).
   */
  siteReady(): Promise<readonly Diagnostic[]>;
  /** A page's problems from its last rendering, located (file, line, column), for the overlay and the terminal. */
  pageDiagnostics(route: string): Promise<readonly Diagnostic[]>;
  /** Files of the project changed (project-relative paths): renders what depends on them. */
  changed(files: readonly string[]): Promise<DevUpdate>;
  /** Every page rendered (the background warm-up ended): the search index and site files are complete. */
  warmed(): Promise<void>;
  close(): Promise<void>;
}

/** One load of the project and the site it gives. */
interface Generation {
  readonly n: number;
  readonly outDir: string;
  readonly project: Project | undefined;
  readonly site: Site | undefined;
  readonly emitter: SiteEmitter | undefined;
  /** The site files are written (DevSession `siteReady`), with the problems of writing them. */
  readonly ready: Promise<readonly Diagnostic[]>;
  readonly diagnostics: readonly Diagnostic[];
  readonly byRoute: ReadonlyMap<string, SitePage>;
  /** Routes of the pages written. */
  readonly rendered: Set<string>;
  /** Pages being rendered on demand, by route. */
  readonly rendering: Map<string, Promise<void>>;
  /** The texts of pages and snippets read for pagesImporting, by file (dropped when a file changes). */
  readonly texts: Map<string, Promise<string | undefined>>;
}

/** Thrown into a render of a generation that is no longer served (the project loaded again). */
class Superseded extends Error {}

const PAGE_SOURCE = /\.mdx?$/i;
/** Quiet time after an edit before the site-wide files are written again. */
const REFRESH_AFTER_MS = 1000;
/** The background warm-up starts this long after start-up when no browser asked for a page before. */
const BACKGROUND_AFTER_MS = 1500;

/** Starts a dev session: loads the project and writes the site-wide files; pages come on demand. */
export async function startDevSession(options: DevSessionOptions): Promise<DevSession> {
  const root = path.resolve(options.root);
  const base = path.join(root, DEV_FOLDER);
  const { features } = resolveFeatures('cloud', options.features);
  const { assistant } = resolveAssistant(options.assistant, features);
  const cache = createRenderCache(path.join(root, '.sheaf', 'cache'));
  let pool: RenderPool | undefined;
  let tailwind: { readonly key: string; readonly matcher: TailwindMatcher } | undefined;
  let workers = 0;
  let current: Generation;
  let warm: Promise<void> = Promise.resolve();
  // Site-wide files (search index, llms-full.txt…) are written again after changes, one at a time.
  let finishing: Promise<unknown> = Promise.resolve();

  const load = async (n: number): Promise<Generation> => {
    const outDir = path.join(base, `site-${n}`);
    const analysis = await analyze({ root, outputDirs: [DEV_FOLDER.split(path.sep).join('/')] });
    const byRoute = new Map((analysis.site?.pages ?? []).map((p) => [p.route, p]));
    const generation = { n, outDir, project: analysis.project, site: analysis.site, diagnostics: analysis.diagnostics, byRoute, rendered: new Set<string>(), rendering: new Map<string, Promise<void>>(), texts: new Map<string, Promise<string | undefined>>() };
    if (!analysis.project || !analysis.site) return { ...generation, emitter: undefined, ready: Promise.resolve([]) };
    await rm(outDir, { recursive: true, force: true });
    await prepareOutput(outDir, root);
    workers = options.workers ?? defaultRenderWorkers(analysis.site.pages.length);
    pool ??= createRenderPool(workers, options.debug ?? false);
    // A thread is needed at once: it loads the renderer while the site files are written (one: a
    // second would slow the writing on two cores; it starts with the first page).
    pool.warm(1);
    // One Tailwind matcher while the colours stay: loading again after an edit builds no new context.
    const colors = tailwindColorsOf(analysis.project.config.config);
    const colorsKey = JSON.stringify(colors);
    if (tailwind?.key !== colorsKey) tailwind = { key: colorsKey, matcher: createTailwindMatcher(colors) };
    const emitter = await createSiteEmitter({
      tailwind: tailwind.matcher,
      project: analysis.project,
      site: analysis.site,
      outDir,
      // Served from memory by `sheaf dev`, which answers folder URLs (`/a/b/`).
      urlStyle: 'directory',
      features,
      ...(assistant ? { assistant } : {}),
      pool,
      concurrency: Math.max(1, workers * 2),
      cache,
      imageCache: createImageCache(path.join(root, '.sheaf', 'cache')),
      readLinks: false,
      // Preview images are for sharing a published page; drawing them all would hold the first page for seconds.
      socialImages: false,
    });
    // The assets, navigation files, 404 page and project files, beside the first page (siteReady);
    // Tailwind's context too, which a page with classes needs (0.6 s on mintlify__docs).
    const ready = emitter
      .finish({ cachedPages: 0, check: false })
      .then(() => emitter.prepare())
      .then(
        (): readonly Diagnostic[] => [],
        (error: unknown) => [devError(error, options.debug ?? false)],
      );
    finishing = ready;
    return { ...generation, emitter, ready };
  };

  /** Renders and writes `pages` of `generation`; a page written already is skipped unless `again`. */
  const render = (generation: Generation, pages: readonly SitePage[], again: boolean, urgent: boolean): Promise<void> => {
    const { project, emitter } = generation;
    if (!project || !emitter || pages.length === 0) return Promise.resolve();
    return renderBodies({
      project,
      pages,
      pool: pool as RenderPool,
      cache,
      onBody: async (page, body, linked) => {
        if (current !== generation) throw new Superseded();
        if (!again && generation.rendered.has(page.route)) return;
        await emitter.page(page, body, linked);
        generation.rendered.add(page.route);
      },
      concurrency: Math.max(2, workers * 2),
      settings: emitter.renderSettings,
      ...(emitter.links ? { links: emitter.links } : {}),
      urgent,
    }).then(() => undefined);
  };

  const ensureIn = (generation: Generation, page: SitePage, again = false): Promise<void> => {
    if (!again && generation.rendered.has(page.route)) return Promise.resolve();
    const existing = generation.rendering.get(page.route);
    if (existing && !again) return existing;
    const done = (existing ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => render(generation, [page], again, true))
      .finally(() => {
        if (generation.rendering.get(page.route) === done) generation.rendering.delete(page.route);
      });
    generation.rendering.set(page.route, done);
    return done;
  };

  /** Renders every page not rendered yet (from the render cache when it can), then writes the site files once more. */
  const warmUp = (generation: Generation): Promise<void> => {
    const todo = (generation.site?.pages ?? []).filter((p) => !generation.rendered.has(p.route));
    return render(generation, todo, false, false)
      .then(() => refreshSiteFiles(generation))
      .then(
        () => undefined,
        () => undefined,
      );
  };

  /** Reads a project file for pagesImporting, once per generation (a changed file is read again). */
  const textReader = (generation: Generation): ((file: string) => Promise<string | undefined>) => {
    const read = projectTextReader(root, generation.project?.policy);
    return (file) => {
      let text = generation.texts.get(file);
      if (!text) {
        text = read(file);
        generation.texts.set(file, text);
      }
      return text;
    };
  };

  const refreshSiteFiles = (generation: Generation): Promise<unknown> => {
    finishing = finishing.then(() => (current === generation ? generation.emitter?.finish({ cachedPages: 0, check: false }) : undefined)).catch(() => undefined);
    return finishing;
  };

  // After an edit the site files (search index, llms-full.txt…) follow once the edits pause, so
  // they never hold up the page the browser is reloading.
  let refreshTimer: NodeJS.Timeout | undefined;
  const refreshLater = (generation: Generation) => {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void refreshSiteFiles(generation), REFRESH_AFTER_MS);
    refreshTimer.unref();
  };

  current = await load(0);
  // The background warm-up starts once the first page a browser asks for is written (or after
  // BACKGROUND_AFTER_MS without one): that page never waits behind pages nobody asked for.
  // A reload starts its own warm-up (`run` false: this one has nothing left to do).
  let startBackground: (run?: boolean) => void = () => {};
  warm = new Promise<void>((resolve) => {
    const timer = setTimeout(() => startBackground(), BACKGROUND_AFTER_MS);
    timer.unref();
    startBackground = (run = true) => {
      startBackground = () => {};
      clearTimeout(timer);
      resolve(run ? warmUp(current) : undefined);
    };
  });

  const reload = async (): Promise<DevUpdate> => {
    const previous = current;
    const next = await load(previous.n + 1);
    current = next;
    const previousWarm = warm;
    startBackground(false);
    warm = warmUp(next);
    // The old warm-up stops at its next page (Superseded); then its folder goes.
    void previousWarm.then(() => rm(previous.outDir, { recursive: true, force: true }));
    // A generated page whose route changed (an operation's summary): followed by the browsers on it.
    const moved = new Map<string, string>();
    const bySource = new Map<string, SitePage[]>();
    for (const page of next.site?.pages ?? []) bySource.set(pageKey(page), [...(bySource.get(pageKey(page)) ?? []), page]);
    for (const page of previous.site?.pages ?? []) {
      if (next.byRoute.has(page.route)) continue;
      const same = bySource.get(pageKey(page));
      if (same?.length === 1 && same[0]) moved.set(page.route, same[0].route);
    }
    return { reload: 'all', moved };
  };

  return {
    outDir: () => current.outDir,
    projectDiagnostics: () => current.diagnostics,
    pages: () => current.site?.pages ?? [],
    pageAt(urlPath) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return undefined;
      }
      const trimmed = trimChars(decoded.replace(/\/index\.html$/, '/'), '/');
      return current.byRoute.get(routeOfUrlPath('/' + trimmed));
    },
    siteReady: () => current.ready,
    ensure: (page) => {
      const done = ensureIn(current, page);
      void done.finally(() => startBackground()).catch(() => undefined);
      return done;
    },
    async pageDiagnostics(route) {
      const raw = current.emitter?.pageDiagnostics(route) ?? [];
      return raw.length ? locate(raw, root, current.project?.policy) : [];
    },
    async changed(changedFiles) {
      const generation = current;
      const { project, site } = generation;
      if (!project || !site) return reload();
      const known = new Set([...project.pages.map((p) => p.file), ...project.files, project.config.file]);
      const exists = new Map(await Promise.all(changedFiles.map(async (f) => [f, await stat(path.join(root, f)).then(() => true, () => false)] as const)));
      // A file that came and went unseen by the project (an editor's temporary file): nothing changed.
      const files = changedFiles.filter((f) => known.has(f) || exists.get(f));
      if (files.length === 0) return { reload: [], moved: new Map() };
      const reloads = files.some(
        (f) =>
          // docs.json and what it includes, API documents, new or deleted files: the site itself may change;
          // so may a skill's file (the skills index, the copies under .well-known/skills/).
          !PAGE_SOURCE.test(f) && !SNIPPET.test(f) ? true : !known.has(f) || /(^|\/)(docs|mint)\.json$/.test(f) || isSkillSource(f),
      );
      // A deleted file (a page, a snippet) changes what the site holds, or breaks an import: load again.
      const gone = files.some((f) => !exists.get(f));
      if (reloads || gone) return reload();
      // The edited pages first; then the pages importing an edited file (a snippet, an MDX file
      // that is no page, or a page another imports), from the texts read before (the edited ones again).
      const pages = new Set<SitePage>(site.pages.filter((p) => files.includes(p.source)));
      await Promise.all([...pages].map((p) => ensureIn(generation, p, true)));
      for (const file of files) generation.texts.delete(file);
      const read = textReader(generation);
      const importers: Promise<void>[] = [];
      for (const file of files) {
        for (const page of await pagesImporting(project, site, file, read)) {
          if (pages.has(page)) continue;
          pages.add(page);
          importers.push(ensureIn(generation, page, true));
        }
      }
      await Promise.all(importers);
      refreshLater(generation);
      return { reload: [...pages].map((p) => p.route), moved: new Map() };
    },
    warmed: () => warm,
    async close() {
      await pool?.close();
    },
  };
}

/** What a generated page is, whatever its route: its document and operation, or its source file. */
function pageKey(page: SitePage): string {
  if (page.operation) return `op\0${page.source}\0${page.operation.document}\0${page.operation.method}\0${page.operation.path}\0${page.operation.webhookMethod ?? ''}`;
  return `src\0${page.source}\0${page.channel ? JSON.stringify(page.channel) : ''}`;
}

/**
 * The MDX pages that import `file`, directly or through snippets that import it (a snippet
 * importing another), read through `read` (default: the project's reader): an import whose specifier resolves to it
 * (`resolveSpecifier`: from the root or the importer's folder). A snippet is also named by its
 * path without extension (`<Snippet file="…" />`, an import without the extension): a page
 * naming it so is rendered again too, at worst for nothing.
 */
export async function pagesImporting(project: Project, site: Site, file: string, read: (file: string) => Promise<string | undefined> = projectTextReader(project.root, project.policy)): Promise<SitePage[]> {
  const texts = new Map<string, string | undefined>();
  const textOf = async (f: string): Promise<string | undefined> => {
    if (!texts.has(f)) texts.set(f, await read(f));
    return texts.get(f);
  };
  const targets = new Set<string>([file]);
  const names = (importer: string, text: string): boolean => {
    for (const match of text.matchAll(IMPORT_SPECIFIER)) {
      const target = resolveSpecifier(match[2] as string, importer);
      if (target.kind === 'file' && targets.has(target.file)) return true;
    }
    return [...targets].some((t) => SNIPPET.test(t) && text.includes(t.replace(/\.(mdx?|jsx|tsx|js)$/i, '')));
  };
  // The snippets importing one of the targets, until none is new.
  const snippets = project.files.filter((f) => SNIPPET.test(f) || /\.mdx?$/i.test(f));
  for (let grown = true; grown; ) {
    grown = false;
    for (const snippet of snippets) {
      if (targets.has(snippet)) continue;
      const text = await textOf(snippet);
      if (text !== undefined && names(snippet, text)) {
        targets.add(snippet);
        grown = true;
      }
    }
  }
  const out: SitePage[] = [];
  for (const page of site.pages) {
    if (!PAGE_SOURCE.test(page.source) || page.source === file) continue;
    const text = await textOf(page.source);
    if (text !== undefined && names(page.source, text)) out.push(page);
  }
  return out;
}

/** An import's specifier in MDX or a script (`import X from '…'`, `import '…'`, `export … from '…'`). */
const IMPORT_SPECIFIER = /\b(?:from|import)\s*(['"])([^'"\n]+)\1/g;

/** An unexpected error of a dev session as a diagnostic (the server keeps running). */
export function devError(error: unknown, debug: boolean): Diagnostic {
  return internalError(error, 'while rendering a page for sheaf dev', debug);
}
