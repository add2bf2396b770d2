import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countBySeverity } from './analyze.js';
import { build, type BuildOptions, type BuildResult } from './build.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { EXPORT_VERSION, type BundleManifest } from '../model/bundle.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { UrlStyle } from '../model/url-style.js';
import { createManifest, hashFile, listSiteFiles, MANIFEST_PATH } from '../bundle/bundle-manifest.js';
import { defaultFeatures, featureTable } from '../deployment/features.js';
import { archiveFormatOf, packArchive } from '../bundle/pack-archive.js';

export interface ExportOptions extends BuildOptions {
  /** The bundle to write: a path ending in `.tar.gz`, `.tgz` or `.zip`. */
  readonly output: string;
  /**
   * Export version in the manifest (`sheaf host --version` pins it): 1–64 of `A-Z a-z 0-9 . _ -`.
   * Default: the first 12 hex digits of the content hash.
   */
  readonly version?: string;
  /** How pages are written and linked (BuildOptions `urlStyle`); default `html`, Mintlify's static-export layout. Recorded in the manifest. */
  readonly urlStyle?: UrlStyle;
}

export interface ExportResult {
  /** The build, with the bundle's own diagnostics (`bundle/…`) added. */
  readonly build: BuildResult;
  /** Absent when no site was built or the bundle was refused. */
  readonly manifest?: BundleManifest;
  /** The archive written: absolute path, size in bytes, hex SHA-256. */
  readonly archive?: { readonly path: string; readonly bytes: number; readonly sha256: string };
}

function withDiagnostics(result: BuildResult, extra: readonly Diagnostic[]): BuildResult {
  if (!extra.length) return result;
  const diagnostics = [...result.diagnostics, ...extra];
  return { ...result, diagnostics, ...countBySeverity(diagnostics) };
}

/**
 * Builds the site and packs it as a deterministic bundle: `manifest.json` first, then every site
 * file in byte order of its path, each with a time derived from its content and the same mode (see `packArchive`). The same
 * project, options and Sheaf version give a byte-identical archive. The site is built into
 * `outDir` when given (and kept), else into a temporary folder removed afterwards. Problems are
 * diagnostics; a site built with errors is packed all the same (as `build` writes it), so the
 * caller decides by `build.errorCount`.
 */
export async function exportBundle(options: ExportOptions): Promise<ExportResult> {
  const started = performance.now();
  const output = path.resolve(options.output);
  const format = archiveFormatOf(output);
  const deployment = options.deployment ?? 'cloud';
  const refuse = (diagnostic: Diagnostic): ExportResult => ({
    build: {
      site: undefined,
      diagnostics: [diagnostic],
      ...countBySeverity([diagnostic]),
      outDir: options.outDir ? path.resolve(options.outDir) : '',
      deployment,
      features: featureTable(defaultFeatures(deployment)),
      durationMs: performance.now() - started,
    },
  });
  if (!format) {
    return refuse(
      createDiagnostic('bundle/output-format', {
        message: `The bundle \`${options.output}\` is neither a .tar.gz, .tgz nor a .zip file.`,
        hint: 'Name it `site.tar.gz` or `site.zip`.',
      }),
    );
  }
  if (options.version !== undefined && !EXPORT_VERSION.test(options.version)) {
    return refuse(
      createDiagnostic('bundle/invalid-version', {
        message: `The export version \`${options.version}\` is not 1–64 letters, digits, \`.\`, \`_\` or \`-\` starting with a letter or digit.`,
        hint: 'Use something like `2024-06-01` or `v12`; leave it out to use the content hash.',
      }),
    );
  }
  const temp = options.outDir ? undefined : await mkdtemp(path.join(tmpdir(), 'sheaf-export-'));
  const siteDir = options.outDir ? path.resolve(options.outDir) : path.join(temp as string, 'site');
  try {
    // A folder of its own each time (unless the caller names one): nothing for a next build to keep.
    const urlStyle = options.urlStyle ?? 'html';
    const built = await build({ ...options, urlStyle, outDir: siteDir, precompress: true, ...(temp ? { incremental: false } : {}) });
    if (!built.stats || !built.site) return { build: built };
    const files = await listSiteFiles(siteDir);
    if (files.some((f) => f.path === MANIFEST_PATH)) {
      const diagnostic = createDiagnostic('bundle/reserved-path', {
        message: `The site has a file \`${MANIFEST_PATH}\` at its root, where the bundle keeps its manifest.`,
        hint: `Move or rename that project file (e.g. \`site.webmanifest\`).`,
      });
      return { build: withDiagnostics(built, [diagnostic]) };
    }
    const manifest = createManifest({
      site: built.site,
      files,
      deployment: built.deployment,
      features: built.features,
      urlStyle,
      ...(options.version !== undefined ? { version: options.version } : {}),
      ...(built.precompressed ? { precompressed: built.precompressed } : {}),
    });
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    const entries = [{ name: MANIFEST_PATH, from: manifestBytes }, ...files.map((f) => ({ name: f.path, from: path.join(siteDir, ...f.path.split('/')), sha256: f.sha256 }))];
    try {
      await mkdir(path.dirname(output), { recursive: true });
      const bytes = await packArchive(entries, output, format);
      const { sha256 } = await hashFile(output);
      return { build: built, manifest, archive: { path: output, bytes, sha256 } };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const diagnostic = createDiagnostic('bundle/write-failed', {
        message: `The bundle \`${options.output}\` could not be written${code ? ` (${code})` : ''}.`,
        hint: 'Check that its folder can be written to and the disk has room.',
      });
      return { build: withDiagnostics(built, [diagnostic]) };
    }
  } finally {
    if (temp) await rm(temp, { recursive: true, force: true });
  }
}
