import path from 'node:path';
import { check } from '../api/check.js';
import { formatDiagnostics } from '../diagnostics/format-terminal.js';
import { cachedReader, type CliIO } from './io.js';

export interface CheckFlags {
  readonly format: 'text' | 'json';
  readonly strict: boolean;
  readonly printNavigation: boolean;
  readonly allowNetwork: boolean;
}

/**
 * `sheaf check [dir]`: diagnostics to stderr as text (or the whole result as JSON to stdout),
 * the navigation JSON to stdout with --print-navigation. Returns the exit code: 1 on errors,
 * and on warnings too with --strict.
 */
export async function runCheck(dir: string, flags: CheckFlags, io: CliIO): Promise<number> {
  const root = path.resolve(dir);
  const result = await check({ root, allowNetwork: flags.allowNetwork });
  const failed = result.errorCount > 0 || (flags.strict && result.warningCount > 0);
  const navigation = result.site ? { name: result.site.name, navigation: result.site.navigation, pages: result.site.pages } : undefined;
  if (flags.format === 'json') {
    const summary = { errors: result.errorCount, warnings: result.warningCount, pages: result.site?.pages.length ?? 0 };
    io.stdout(JSON.stringify({ ok: !failed, summary, diagnostics: result.diagnostics, ...(flags.printNavigation ? navigation : {}) }, null, 2) + '\n');
    return failed ? 1 : 0;
  }
  if (flags.printNavigation && navigation) io.stdout(JSON.stringify(navigation, null, 2) + '\n');
  const readText = cachedReader(root);
  const pages = result.site ? `${result.site.pages.length} pages; ` : '';
  io.stderr(formatDiagnostics(result.diagnostics, { color: io.color, readText }).replace(/([^\n]*)$/, `${pages}$1`) + '\n');
  return failed ? 1 : 0;
}
