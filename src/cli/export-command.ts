import type { Command } from 'commander';
import path from 'node:path';
import { mb, printBuildDiagnostics, progressBar } from './build-output.js';
import { addBuildOptions, describeAssistant, sharedBuildOptions, type BuildFlags } from './build-command.js';
import { readOptions } from './check-command.js';
import { collectList, describeFeatures } from './feature-flags.js';
import type { CliIO } from './io.js';

/** `sheaf build`'s flags, with the archive in place of the output folder. */
export interface ExportFlags extends Omit<BuildFlags, 'out'> {
  readonly output: string;
  readonly exportVersion?: string;
  /** `--page`, repeated: export only these pages. */
  readonly page?: readonly string[];
}

/**
 * `sheaf export [dir] -o site.tar.gz`: builds the site into a temporary folder and packs it as a
 * deterministic bundle with `manifest.json`; a progress bar on a terminal, then the diagnostics
 * and a report (pages, size, sha256, version, features). Exit code 1 when no bundle was written,
 * on errors, and on warnings with --strict — as `sheaf build`.
 */
export async function runExport(dir: string, flags: ExportFlags, io: CliIO): Promise<number> {
  const root = path.resolve(dir);
  const onProgress = progressBar(io);
  const [{ exportBundle }, { policyOf }] = await Promise.all([import('../api/export-bundle.js'), import('../load/load-project.js')]);
  const { build, manifest, archive } = await exportBundle({
    ...sharedBuildOptions(root, flags, io, onProgress),
    output: flags.output,
    ...(flags.exportVersion !== undefined ? { version: flags.exportVersion } : {}),
    ...(flags.page?.length ? { pages: { paths: flags.page } } : {}),
  });
  const failed = !archive || build.errorCount > 0 || (flags.strict && build.warningCount > 0);
  // The precompressed copies (`.br`, `.gz`) are listed among the manifest's files; counted apart here.
  const copies = Object.values(manifest?.precompressed ?? {}).reduce((n, codings) => n + codings.length, 0);
  const siteFiles = (manifest?.files.length ?? 0) - copies;
  if (flags.format === 'json') {
    const summary = { errors: build.errorCount, warnings: build.warningCount, durationMs: Math.round(build.durationMs) };
    const bundle = archive && manifest ? { path: archive.path, bytes: archive.bytes, sha256: archive.sha256, version: manifest.version, contentHash: manifest.contentHash, pageCount: manifest.pageCount, files: siteFiles, precompressedCopies: copies, urlStyle: manifest.urlStyle } : undefined;
    io.stdout(JSON.stringify({ ok: !failed, bundle, summary, deployment: build.deployment, features: build.features, assistant: build.assistant, diagnostics: build.diagnostics }, null, 2) + '\n');
    return failed ? 1 : 0;
  }
  await printBuildDiagnostics(build, root, io, policyOf(readOptions(flags, io)));
  if (archive && manifest) {
    io.stderr(
      [
        `Exported ${manifest.pageCount} pages to ${path.relative(process.cwd(), archive.path) || archive.path}`,
        `  ${mb(archive.bytes)}, ${siteFiles} files + manifest.json, version ${manifest.version}`,
        ...(copies ? [`  brotli and gzip copies of ${Object.keys(manifest.precompressed ?? {}).length} text files (${copies} files), served by sheaf host`] : []),
        `  sha256 ${archive.sha256}`,
        `  ${manifest.urlStyle === 'html' ? 'pages as route.html files (Mintlify\'s layout; hosts serve the extensionless URLs with a rewrite, sheaf host without)' : 'pages as route/index.html folders'}`,
        `  ${describeFeatures(build.deployment, build.features)}`,
        ...describeAssistant(build.assistant),
        `  ${(build.durationMs / 1000).toFixed(1)} s`,
      ].join('\n') + '\n',
    );
  }
  return failed ? 1 : 0;
}

/** Adds `sheaf export` to the program; its action sets the exit code through `done`. */
export function registerExportCommand(program: Command, io: CliIO, done: (code: number) => void): void {
  const command = program
    .command('export')
    .description('Build the site and pack it as one deterministic bundle (.tar.gz or .zip) with manifest.json.')
    .argument('[dir]', 'project folder (holding docs.json or mint.json)', '.')
    .requiredOption('-o, --output <file>', 'bundle to write: site.tar.gz, site.tgz or site.zip')
    .option('--export-version <version>', 'version recorded in the manifest (default: content hash)')
    .option('--page <path>', 'export only this page (index, guides/getting-started); repeat for more; links to pages left out go to --site-url', collectList);
  addBuildOptions(command, 'html')
    .action(async (dir: string, flags: ExportFlags) => {
      done(await runExport(dir, flags, io));
    });
}
