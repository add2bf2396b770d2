import pc from 'picocolors';
import type { Diagnostic } from '../model/diagnostic.js';
import { codeFrame } from './code-frame.js';
import { SHOWN_PER_CODE_AND_FILE } from './output-limits.js';
import { createLineIndex, type LineIndex } from './line-index.js';

export interface TerminalFormatOptions {
  /** Colour on or off; callers decide (off with NO_COLOR or when output is not a TTY). */
  readonly color: boolean;
  /** Reads a project file's text for the code frame; undefined skips the frame. */
  readonly readText?: (file: string) => string | undefined;
}

/** Line indexes by file, built the first time a frame in that file is drawn. */
type FrameSource = (file: string) => LineIndex | undefined;

/** Formats one diagnostic for a terminal: `file:line:col  severity  message  [code]`, a code frame, the hint. */
export function formatDiagnostic(d: Diagnostic, options: TerminalFormatOptions): string {
  return formatOne(d, options, frameSource(options));
}

/**
 * Formats every diagnostic and a summary line. Of the diagnostics sharing a code and a file,
 * the first `SHOWN_PER_CODE_AND_FILE` are printed in full and the rest as one line saying how
 * many more there are, so a document with thousands of the same warning prints a screenful.
 * The summary line counts them all. Each file's line index is built once for all its frames.
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], options: TerminalFormatOptions): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const c = options.color ? pc : pc.createColors(false);
  const frames = frameSource(options);
  const blocks: (string | { readonly key: string; readonly d: Diagnostic })[] = [];
  const counts = new Map<string, number>();
  for (const d of diagnostics) {
    const key = `${d.code}\u0000${d.file ?? ''}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count <= SHOWN_PER_CODE_AND_FILE) blocks.push(formatOne(d, options, frames));
    else if (count === SHOWN_PER_CODE_AND_FILE + 1) blocks.push({ key, d });
  }
  const body = blocks
    .map((b) => (typeof b === 'string' ? b : moreLine(b.d, (counts.get(b.key) ?? 0) - SHOWN_PER_CODE_AND_FILE, c)))
    .join('\n\n');
  const summary = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  return (body ? body + '\n\n' : '') + (errors ? c.red(summary) : warnings ? c.yellow(summary) : c.green(summary));
}

function formatOne(d: Diagnostic, options: TerminalFormatOptions, frames: FrameSource): string {
  const c = options.color ? pc : pc.createColors(false);
  const where = d.file ? `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}` : '(project)';
  const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.blue('info');
  const lines = [`${c.bold(where)}  ${sev}  ${d.message}  ${c.dim(`[${d.code}]`)}`];
  const index = d.file && d.line ? frames(d.file) : undefined;
  const frame = index && d.line ? codeFrame(index, d.line, d.column ?? 1) : undefined;
  if (frame !== undefined) lines.push(frame.split('\n').map((l) => '  ' + l).join('\n'));
  if (d.hint) lines.push(`  ${c.cyan('hint:')} ${d.hint}`);
  for (const r of d.related ?? []) {
    lines.push(`  ${c.dim('see')} ${r.file}${r.line ? `:${r.line}:${r.column ?? 1}` : ''}: ${r.message}`);
  }
  return lines.join('\n');
}

/** The line standing for the diagnostics of one code and file that are not printed. */
function moreLine(d: Diagnostic, more: number, c: ReturnType<typeof pc.createColors>): string {
  const kind = more === 1 ? d.severity : `${d.severity}s`;
  const where = d.file ? ` in ${d.file}` : '';
  return `${c.bold(`… and ${more} more ${kind}`)}${where} like the ones above  ${c.dim(`[${d.code}]`)}\n  ${c.cyan('hint:')} \`--format json\` lists every one.`;
}

function frameSource(options: TerminalFormatOptions): FrameSource {
  const indexes = new Map<string, LineIndex | undefined>();
  return (file) => {
    if (!indexes.has(file)) {
      const text = options.readText?.(file);
      indexes.set(file, text === undefined ? undefined : createLineIndex(text));
    }
    return indexes.get(file);
  };
}
