import { statSync } from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { formatDiagnostics } from '../diagnostics/format-terminal.js';
import type { LoadOptions } from '../load/load-project.js';
import { DEFAULT_READ_POLICY, describeBytes, parseByteSize } from '../project-fs/read-policy.js';
import { cachedReader, type CliIO } from './io.js';

/** What may be read for a project: the flags `sheaf check`, `sheaf build` and `sheaf export` share. */
export interface ReadFlags {
  /** Absolute folders, one per `--allow-outside`. */
  readonly allowOutside?: readonly string[];
  /** Bytes (commander has parsed `5MB` and the like). */
  readonly maxConfigBytes?: number;
  readonly maxOpenapiBytes?: number;
  readonly maxPageBytes?: number;
}

export interface CheckFlags extends ReadFlags {
  readonly format: 'text' | 'json';
  readonly strict: boolean;
  readonly printNavigation: boolean;
  readonly allowNetwork: boolean;
  /** False with `--no-cache`. */
  readonly cache?: boolean;
  /** Parsed by `workerCount`. */
  readonly workers?: number;
}

/**
 * The load options the read flags ask for (only those given), and `debug` when the user asked for
 * stack traces (`io.debug`, read once by runCli from the command line and environment).
 */
export function readOptions(flags: ReadFlags, io: Pick<CliIO, 'debug'>): Pick<LoadOptions, 'allowOutside' | 'maxConfigBytes' | 'maxOpenApiBytes' | 'maxPageBytes' | 'debug'> {
  return {
    ...(io.debug ? { debug: true } : {}),
    ...(flags.allowOutside?.length ? { allowOutside: flags.allowOutside } : {}),
    ...(flags.maxConfigBytes !== undefined ? { maxConfigBytes: flags.maxConfigBytes } : {}),
    ...(flags.maxOpenapiBytes !== undefined ? { maxOpenApiBytes: flags.maxOpenapiBytes } : {}),
    ...(flags.maxPageBytes !== undefined ? { maxPageBytes: flags.maxPageBytes } : {}),
  };
}

/** Commander parser of a byte-size flag: `5242880`, `512k`, `5MB`, `1G`. */
function byteSize(value: string): number {
  const bytes = parseByteSize(value);
  if (bytes === undefined) throw new InvalidArgumentError(`\`${value}\` is not a size; write bytes (\`5242880\`) or a size such as \`5MB\` or \`512k\`.`);
  return bytes;
}

/** Most worker threads `--workers` takes: far above any core count a build gains from. */
const MAX_WORKER_FLAG = 64;

/**
 * Commander parser of `--workers` (check, build, export): a whole number from 0 to 64. Anything
 * else is refused with the usage error, since a value that is no number (`--workers abc`) left
 * every page unrendered and the command exiting 0.
 */
export function workerCount(value: string): number {
  const n = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= 0 && n <= MAX_WORKER_FLAG)) throw new InvalidArgumentError(`\`${value}\` is not a number of worker threads; write a whole number from 0 (render in the main thread) to ${MAX_WORKER_FLAG}.`);
  return n;
}

/** Commander collector of `--allow-outside`: each an existing folder, made absolute. */
function allowedFolder(value: string, previous: readonly string[] = []): string[] {
  const folder = path.resolve(value);
  const isFolder = (() => {
    try {
      return statSync(folder).isDirectory();
    } catch {
      return false;
    }
  })();
  if (!isFolder) throw new InvalidArgumentError(`\`${value}\` is not a folder.`);
  return [...previous, folder];
}

/**
 * Adds the read flags: `--allow-outside` (repeatable) and the byte caps checked before a file is
 * read. Every file read or copied must lie inside the project's real path, or in a folder given
 * with `--allow-outside` (for monorepos whose docs link to files beside them).
 */
export function addReadOptions(command: Command): Command {
  return command
    .option('--allow-outside <folder>', 'a folder outside the project that its symbolic links may lead into (repeatable; for monorepos)', allowedFolder)
    .option('--max-config-bytes <size>', `largest docs.json or file it includes (default ${describeBytes(DEFAULT_READ_POLICY.maxConfigBytes)})`, byteSize)
    .option('--max-openapi-bytes <size>', `largest OpenAPI document, local or fetched (default ${describeBytes(DEFAULT_READ_POLICY.maxOpenApiBytes)})`, byteSize)
    .option('--max-page-bytes <size>', `largest page, snippet or custom CSS/JS file (default ${describeBytes(DEFAULT_READ_POLICY.maxPageBytes)})`, byteSize);
}

/**
 * `sheaf check [dir]`: diagnostics to stderr as text (or the whole result as JSON to stdout),
 * the navigation JSON to stdout with --print-navigation. With --print-navigation only loading
 * and resolving run (no page is rendered: the caller wants the page list, which rendering does
 * not change), so the diagnostics are those of the configuration, navigation and OpenAPI
 * documents. Returns the exit code: 1 on errors, and on warnings too with --strict.
 */
export async function runCheck(dir: string, flags: CheckFlags, io: CliIO): Promise<number> {
  const root = path.resolve(dir);
  const [{ check }, { policyOf }] = await Promise.all([import('../api/check.js'), import('../load/load-project.js')]);
  const result = await check({
    root,
    allowNetwork: flags.allowNetwork,
    ...readOptions(flags, io),
    ...(flags.cache === false ? { cacheDir: false as const } : {}),
    ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
    ...(flags.printNavigation ? { renderPages: false } : {}),
  });
  const failed = result.errorCount > 0 || (flags.strict && result.warningCount > 0);
  const navigation = result.site ? { name: result.site.name, navigation: result.site.navigation, pages: result.site.pages } : undefined;
  if (flags.format === 'json') {
    const summary = { errors: result.errorCount, warnings: result.warningCount, pages: result.site?.pages.length ?? 0 };
    io.stdout(JSON.stringify({ ok: !failed, summary, diagnostics: result.diagnostics, ...(flags.printNavigation ? navigation : {}) }, null, 2) + '\n');
    return failed ? 1 : 0;
  }
  if (flags.printNavigation && navigation) io.stdout(JSON.stringify(navigation, null, 2) + '\n');
  const readText = await cachedReader(root, result.diagnostics, policyOf(readOptions(flags, io)));
  const count = result.site?.pages.length;
  const pages = count === undefined ? '' : `${count} page${count === 1 ? '' : 's'}; `;
  const report = formatDiagnostics(result.diagnostics, { color: io.color, readText });
  const lastLine = report.lastIndexOf('\n') + 1;
  io.stderr(report.slice(0, lastLine) + pages + report.slice(lastLine) + '\n');
  return failed ? 1 : 0;
}
