import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site } from '../model/site.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { emitSite, type BuildStats } from '../emit/emit-site.js';
import { prepareOutput } from '../emit/write-site.js';
import { createRenderCache } from '../render/render-cache.js';
import { createRenderPool } from '../render/render-pool.js';
import { analyze, countBySeverity, internalError, locate, type AnalyzeOptions } from './analyze.js';

export type Deployment = 'cloud' | 'client-hosted' | 'air-gapped';

export interface BuildProgress {
  readonly done: number;
  readonly total: number;
}

export interface BuildOptions extends AnalyzeOptions {
  /** Output folder; defaults to `<root>/_site`. */
  readonly outDir?: string;
  /** Feature gating per deployment profile (interface table); default `cloud`. */
  readonly deployment?: Deployment;
  /** Public URL of the site (`https://docs.example.com/`), for absolute sitemap entries. */
  readonly siteUrl?: string;
  /** Worker threads rendering MDX; default: the cores, at most 4, and none for small sites. */
  readonly workers?: number;
  /** Cache folder of rendered bodies; default `<root>/.sheaf/cache`; `false` turns it off. */
  readonly cacheDir?: string | false;
  /** Called as pages are written. */
  readonly onProgress?: (progress: BuildProgress) => void;
}

export interface BuildResult {
  readonly site: Site | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly outDir: string;
  /** Undefined when nothing was written (no project, or the output folder was refused). */
  readonly stats?: BuildStats;
  readonly durationMs: number;
}

/** Builds the static site: load, resolve, render every page, emit every file. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root ?? '.');
  const outDir = path.resolve(options.outDir ?? path.join(root, '_site'));
  const insideRoot = path.relative(root, outDir);
  const outputDirs = insideRoot && !insideRoot.startsWith('..') ? [insideRoot.split(path.sep).join('/')] : [];
  const analysis = await analyze({ ...options, root, outputDirs: [...(options.outputDirs ?? []), ...outputDirs] });
  const diagnostics: Diagnostic[] = [...analysis.diagnostics];
  const finish = async (stats?: BuildStats): Promise<BuildResult> => {
    const all = await locate(diagnostics, root);
    return { site: analysis.site, diagnostics: all, ...countBySeverity(all), outDir, ...(stats ? { stats } : {}), durationMs: performance.now() - started };
  };
  if (!analysis.project || !analysis.site) return finish();
  const refused = await prepareOutput(outDir, root);
  if (refused) {
    diagnostics.push(createDiagnostic('build/output-refused', { message: refused, file: '.', hint: 'Pass an empty or new folder with `-o`, or delete this one yourself.' }));
    return finish();
  }
  const mdxPages = analysis.site.pages.filter((p) => /\.mdx?$/i.test(p.source)).length;
  const workers = options.workers ?? (mdxPages >= 60 ? Math.min(4, availableParallelism()) : 0);
  const pool = createRenderPool(workers);
  try {
    const stats = await emitSite({
      project: analysis.project,
      site: analysis.site,
      outDir,
      deployment: options.deployment ?? 'cloud',
      ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
      pool,
      // Two pages per worker keep each thread busy while the main thread writes; one in-process.
      concurrency: Math.max(1, workers * 2),
      cache: createRenderCache(options.cacheDir === false ? undefined : (options.cacheDir ?? path.join(root, '.sheaf', 'cache'))),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    diagnostics.push(...stats.diagnostics);
    return finish(stats);
  } catch (error) {
    diagnostics.push(internalError(error, 'while building the site'));
    return finish();
  } finally {
    await pool.close();
  }
}
