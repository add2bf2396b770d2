import path from 'node:path';
import { analyticsDiagnostics } from './analytics-diagnostics.js';
import { contextualDiagnostics } from './contextual-diagnostics.js';
import { fontDiagnostics } from './font-diagnostics.js';
import { resolveAssistant, type AssistantOptions } from '../deployment/assistant-config.js';
import { featureTable, resolveFeatures, type FeatureOverrides } from '../deployment/features.js';
import type { Deployment, DeploymentFeatures, Precompressed } from '../model/bundle.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site } from '../model/site.js';
import type { UrlStyle } from '../model/url-style.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { emitSite, type BuildStats } from '../emit/emit-site.js';
import { MissingAssetError, notBuiltDiagnostic } from '../emit/missing-asset-error.js';
import { prepareOutput } from '../emit/write-site.js';
import { saveOutputState, takeOutputState, type OutputState } from '../emit/output-state.js';
import { policyOf } from '../load/load-project.js';
import { createRenderCache } from '../render/render-cache.js';
import { createRenderPool } from '../render/render-pool.js';
import { createImageCache } from '../render/social-image/image-cache.js';
import { readSocialImageSettings } from '../render/social-image/social-image-settings.js';
import { analyze, countBySeverity, locate, type AnalyzeOptions } from './analyze.js';
import { defaultRenderWorkers } from './page-diagnostics.js';
import { internalError } from '../diagnostics/internal-error.js';
import { precompressSite } from '../emit/precompress.js';
import { applyPageSelection, type PagesOption } from './page-selection.js';

export type { Deployment } from '../model/bundle.js';

export interface BuildProgress {
  readonly done: number;
  readonly total: number;
}

export interface BuildOptions extends AnalyzeOptions {
  /** Output folder; defaults to `<root>/_site`. */
  readonly outDir?: string;
  /** Feature gating per deployment profile (interface table); default `cloud`. */
  readonly deployment?: Deployment;
  /** Features to turn on or off against the profile's defaults (see `resolveFeatures`). */
  readonly features?: FeatureOverrides;
  /** Public URL of the site (`https://docs.example.com/`), for absolute sitemap entries. */
  readonly siteUrl?: string;
  /**
   * The Ask AI panel in the search dialog: the assistant message endpoint and the public
   * assistant key (`svc_dsc_…`). Rendered when the `assistant` feature is on; never air-gapped.
   */
  readonly assistant?: AssistantOptions;
  /** Worker threads rendering MDX; default: the cores, at most 4, and none for small sites. */
  readonly workers?: number;
  /** Cache folder of rendered bodies; default `<root>/.sheaf/cache`; `false` turns it off. */
  readonly cacheDir?: string | false;
  /**
   * Build incrementally (output-state.ts): keep what the last build into `outDir` wrote and is
   * unchanged, and save the state for the next one in the cache folder. Default: with a cache; off
   * for a throwaway folder (`sheaf export`'s), whose state would never be read.
   */
  readonly incremental?: boolean;
  /** Called as pages are written. */
  readonly onProgress?: (progress: BuildProgress) => void;
  /**
   * Also write brotli (`.br`) and gzip (`.gz`) copies of the text files, where smaller, for hosts
   * that serve precompressed files (nginx `gzip_static`/`brotli_static`, `sheaf host` through a
   * bundle). `sheaf export` always does.
   */
  readonly precompress?: boolean;
  /**
   * Only these pages, with the navigation pruned to them; search records, sitemap, llms.txt and
   * the Markdown copies cover only them, and links to pages left out lead to where those are
   * published (see `applyPageSelection`). A path naming no page is `bundle/unknown-page`, and
   * nothing is written.
   */
  readonly pages?: PagesOption;
  /**
   * How pages are written and linked: `directory` (`guides/x/index.html`, linked as `guides/x/`;
   * the default) or `html` (`guides/x.html`, linked as that file: Mintlify's static-export layout).
   */
  readonly urlStyle?: UrlStyle;
}

export interface BuildResult {
  readonly site: Site | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly outDir: string;
  readonly deployment: Deployment;
  /** The features the site was built with (the defaults when the overrides were refused). */
  readonly features: DeploymentFeatures;
  /** The endpoint the pages' Ask AI panel talks to; absent when they have none. */
  readonly assistant?: { readonly endpoint: string };
  /** Undefined when nothing was written (no project, or the output folder was refused). */
  readonly stats?: BuildStats;
  /** The precompressed copies written (with `precompress`). */
  readonly precompressed?: Precompressed;
  readonly durationMs: number;
}

/** Builds the static site: load, resolve, render every page, emit every file. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root ?? '.');
  const outDir = path.resolve(options.outDir ?? path.join(root, '_site'));
  const insideRoot = path.relative(root, outDir);
  const outputDirs = insideRoot && !insideRoot.startsWith('..') ? [insideRoot.split(path.sep).join('/')] : [];
  const cacheDir = options.cacheDir === false ? undefined : (options.cacheDir ?? path.join(root, '.sheaf', 'cache'));
  // With a cache, the build is incremental: what the last build into this folder wrote and is
  // unchanged stays (output-state.ts); without one, or without a usable state, the folder is emptied.
  const stateDir = options.incremental === false ? undefined : cacheDir;
  const previous = stateDir ? await takeOutputState(stateDir, outDir) : undefined;
  const analysis = await analyze({ ...options, root, outputDirs: [...(options.outputDirs ?? []), ...outputDirs] });
  const deployment = options.deployment ?? 'cloud';
  const { features, diagnostics: featureProblems } = resolveFeatures(deployment, options.features);
  const { assistant, diagnostics: assistantProblems } = resolveAssistant(options.assistant, features);
  // Only some pages: the site and project the rest of the build sees (a path naming no page is refused).
  const selected = options.pages && analysis.project && analysis.site ? applyPageSelection(analysis.project, analysis.site, options.pages, options.siteUrl) : undefined;
  const refusals = [...featureProblems, ...assistantProblems, ...(selected?.diagnostics ?? [])];
  const diagnostics: Diagnostic[] = [...refusals, ...analysis.diagnostics];
  const project = selected?.project ?? analysis.project;
  const site = selected?.site ?? analysis.site;
  const finish = async (stats?: BuildStats, precompressed?: Precompressed): Promise<BuildResult> => {
    const all = await locate(diagnostics, root, analysis.project?.policy ?? policyOf(options));
    const panel = stats && assistant ? { assistant: { endpoint: assistant.endpoint } } : {};
    const copies = precompressed ? { precompressed } : {};
    return { site, diagnostics: all, ...countBySeverity(all), outDir, deployment, features: featureTable(features), ...panel, ...(stats ? { stats } : {}), ...copies, durationMs: performance.now() - started };
  };
  // Refused feature flags or assistant settings are the caller's mistake (an admin key would be
  // published): nothing is written rather than a site built otherwise.
  if (!project || !site || refusals.some((d) => d.severity === 'error')) return finish();
  diagnostics.push(...analyticsDiagnostics(project.config, features));
  diagnostics.push(...fontDiagnostics(project.config, features));
  // The pages have the Ask AI panel when the layout gets one (layout-context.ts: the feature and the network on).
  diagnostics.push(...contextualDiagnostics(project, features, assistant !== undefined && features.assistant && features.network));
  const refused = await prepareOutput(outDir, root, { keep: previous !== undefined });
  if (refused) {
    diagnostics.push(createDiagnostic('build/output-refused', { message: refused, file: '.', hint: 'Pass an empty or new folder with `-o`, or delete this one yourself.' }));
    return finish();
  }
  // Every page is rendered in the pool (MDX pages and pages generated from API documents), and so
  // are social images: GitHub's REST site (1,223 operations) takes 21.0 s without threads, 18.0 s with two.
  const imagePages = readSocialImageSettings(project.config.config) ? site.pages.length : 0;
  const workers = options.workers ?? defaultRenderWorkers(site.pages.length + imagePages);
  const pool = createRenderPool(workers, options.debug ?? false);
  try {
    const stats = await emitSite({
      project,
      site,
      outDir,
      features,
      urlStyle: options.urlStyle ?? 'directory',
      ...(assistant ? { assistant } : {}),
      ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
      pool,
      // Two pages per worker keep each thread busy while the main thread writes; one in-process.
      concurrency: Math.max(1, workers * 2),
      cache: createRenderCache(cacheDir),
      imageCache: createImageCache(cacheDir),
      ...(stateDir ? { incremental: { ...(previous ? { previous } : {}), save: (state: OutputState) => saveOutputState(stateDir, outDir, state) } } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    diagnostics.push(...stats.diagnostics);
    // After the writes (and the removal of stale files): every text file of the output, once.
    return finish(stats, options.precompress ? await precompressSite(outDir) : undefined);
  } catch (error) {
    diagnostics.push(error instanceof MissingAssetError ? notBuiltDiagnostic(error) : internalError(error, 'while building the site', options.debug ?? false));
    return finish();
  } finally {
    await pool.close();
  }
}
