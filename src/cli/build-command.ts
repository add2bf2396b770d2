import path from 'node:path';
import type { BuildOptions, Deployment } from '../api/build.js';
import { mb, printBuildDiagnostics, progressBar } from './build-output.js';
import { Option, type Command } from 'commander';
import { DEPLOYMENTS } from '../deployment/features.js';
import { addReadOptions, readOptions, workerCount, type ReadFlags } from './check-command.js';
import { collectList, describeFeatures, featureOverrides, type FeatureFlags } from './feature-flags.js';
import type { CliIO } from './io.js';
import { URL_STYLES, type UrlStyle } from '../model/url-style.js';

export interface BuildFlags extends FeatureFlags, ReadFlags {
  readonly format: 'text' | 'json';
  readonly out?: string;
  /** `sheaf build --precompress` (export always precompresses). */
  readonly precompress?: boolean;
  readonly deployment: Deployment;
  readonly siteUrl?: string;
  readonly strict: boolean;
  readonly cache: boolean;
  /** Parsed by `workerCount`. */
  readonly workers?: number;
  readonly allowNetwork: boolean;
  readonly assistantUrl?: string;
  readonly assistantKey?: string;
  /** `--url-style`: `directory` by default for `sheaf build`, `html` for `sheaf export`. */
  readonly urlStyle: UrlStyle;
}

/**
 * `--assistant-url` / `--assistant-key` as build options: passed on when either is given, so the
 * build can say which one is missing (`bundle/assistant-incomplete`).
 */
export function assistantOption(flags: Pick<BuildFlags, 'assistantUrl' | 'assistantKey'>): { assistant?: { endpoint: string; key: string } } {
  if (flags.assistantUrl === undefined && flags.assistantKey === undefined) return {};
  return { assistant: { endpoint: flags.assistantUrl ?? '', key: flags.assistantKey ?? '' } };
}

/** The build options `sheaf build` and `sheaf export` both take from their flags (all but the output). */
export function sharedBuildOptions(root: string, flags: Omit<BuildFlags, 'out'>, io: Pick<CliIO, 'debug'>, onProgress: BuildOptions['onProgress'] | undefined) {
  return {
    root,
    deployment: flags.deployment,
    features: featureOverrides(flags),
    ...(flags.siteUrl ? { siteUrl: flags.siteUrl } : {}),
    ...assistantOption(flags),
    ...(flags.cache ? {} : { cacheDir: false as const }),
    ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
    allowNetwork: flags.allowNetwork,
    urlStyle: flags.urlStyle,
    ...readOptions(flags, io),
    ...(onProgress ? { onProgress } : {}),
  } satisfies BuildOptions;
}

/** The report line naming the endpoint of the pages' Ask AI panel (never the key). */
export function describeAssistant(assistant: { readonly endpoint: string } | undefined): string[] {
  return assistant ? [`  Ask AI panel: questions go to ${assistant.endpoint}`] : [];
}

/**
 * `sheaf build [dir]`: builds the site, shows a progress bar on a terminal, then the diagnostics
 * and a report (pages, cached, files, size, time). Exit code 1 on errors (and warnings with
 * --strict); the site is written all the same, so a reader gets what could be built.
 */
export async function runBuild(dir: string, flags: BuildFlags, io: CliIO): Promise<number> {
  const root = path.resolve(dir);
  const onProgress = progressBar(io);
  // The compiler loads when a command needs it: `sheaf --version`, `--help` and the servers never do.
  const [{ build }, { policyOf }] = await Promise.all([import('../api/build.js'), import('../load/load-project.js')]);
  const result = await build({ ...sharedBuildOptions(root, flags, io, onProgress), ...(flags.out ? { outDir: path.resolve(flags.out) } : {}), ...(flags.precompress ? { precompress: true } : {}) });
  const failed = !result.stats || result.errorCount > 0 || (flags.strict && result.warningCount > 0);
  if (flags.format === 'json') {
    const summary = { errors: result.errorCount, warnings: result.warningCount, durationMs: Math.round(result.durationMs) };
    const stats = result.stats ? { pages: result.stats.pages, cachedPages: result.stats.cachedPages, files: result.stats.files, bytes: result.stats.bytes, searchRecords: result.stats.searchRecords, links: result.stats.links, ...(result.stats.socialImages ? { socialImages: result.stats.socialImages } : {}) } : undefined;
    io.stdout(JSON.stringify({ ok: !failed, outDir: result.outDir, summary, stats, deployment: result.deployment, features: result.features, assistant: result.assistant, diagnostics: result.diagnostics }, null, 2) + '\n');
    return failed ? 1 : 0;
  }
  await printBuildDiagnostics(result, root, io, policyOf(readOptions(flags, io)));
  if (result.stats) {
    const s = result.stats;
    const seconds = result.durationMs / 1000;
    io.stderr(
      [
        `Built ${s.pages} pages (${s.cachedPages} from cache) into ${path.relative(process.cwd(), result.outDir) || '.'}`,
        `  ${s.files} files, ${mb(s.bytes)}, ${s.searchRecords} search records`,
        ...(result.precompressed ? [`  brotli and gzip copies of ${Object.keys(result.precompressed).length} text files (.br, .gz)`] : []),
        ...(s.socialImages ? [`  ${s.socialImages.drawn + s.socialImages.cached} social preview images (${s.socialImages.cached} from cache)`] : []),
        `  ${s.links.checked} internal links checked: ${s.links.unresolved ? `${s.links.unresolved} lead to no file (reported above)` : 'each leads to a file'}`,
        `  ${describeFeatures(result.deployment, result.features)}`,
        ...describeAssistant(result.assistant),
        `  ${seconds.toFixed(1)} s, ${(s.pages / Math.max(seconds, 0.001)).toFixed(0)} pages/s`,
      ].join('\n') + '\n',
    );
  }
  return failed ? 1 : 0;
}

/**
 * The options `sheaf build` and `sheaf export` share: report format, URL style (`urlStyle` by
 * default), features, site URL, the Ask AI panel, cache, workers, what may be read.
 */
export function addBuildOptions(command: Command, urlStyle: UrlStyle): Command {
  return addReadOptions(command)
    .addOption(new Option('--format <format>', 'diagnostics and report format').choices(['text', 'json']).default('text'))
    .addOption(new Option('--url-style <style>', 'page files and links: html (guides/x.html) or directory (guides/x/index.html)').choices([...URL_STYLES]).default(urlStyle))
    .addOption(new Option('--deployment <profile>', 'feature profile').choices([...DEPLOYMENTS]).default('cloud'))
    .option('--enable <features>', 'features to turn on, comma-separated (search, assistant, analytics, playground)', collectList)
    .option('--disable <features>', 'features to turn off, comma-separated', collectList)
    .option('--site-url <url>', 'public URL of the site, for absolute sitemap entries and JSON-LD URLs')
    .option('--assistant-url <url>', 'Ask AI panel: full URL of the assistant message endpoint v2 (…/discovery/v2/assistant/<domain>/message; a v1 URL is taken as its v2 successor)')
    .option('--assistant-key <key>', 'Ask AI panel: the public assistant key (svc_dsc_…; never an admin key)')
    .option('--strict', 'exit with 1 on warnings too', false)
    .option('--no-cache', 'render every page again (ignore .sheaf/cache)')
    .option('--workers <n>', 'worker threads rendering MDX (0 = none)', workerCount)
    .option('--allow-network', 'fetch OpenAPI documents named by URL', false);
}
