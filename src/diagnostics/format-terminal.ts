import { codeFrameColumns } from '@babel/code-frame';
import pc from 'picocolors';
import type { Diagnostic } from '../model/diagnostic.js';

export interface TerminalFormatOptions {
  /** Colour on or off; callers decide (off with NO_COLOR or when output is not a TTY). */
  readonly color: boolean;
  /** Reads a project file's text for the code frame; undefined skips the frame. */
  readonly readText?: (file: string) => string | undefined;
}

/** Formats one diagnostic for a terminal: `file:line:col  severity  message  [code]`, a code frame, the hint. */
export function formatDiagnostic(d: Diagnostic, options: TerminalFormatOptions): string {
  const c = options.color ? pc : pc.createColors(false);
  const where = d.file ? `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}` : '(project)';
  const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.blue('info');
  const lines = [`${c.bold(where)}  ${sev}  ${d.message}  ${c.dim(`[${d.code}]`)}`];
  const text = d.file && d.line ? options.readText?.(d.file) : undefined;
  if (text !== undefined && d.line) {
    const frame = codeFrameColumns(text, { start: { line: d.line, column: d.column ?? 1 } }, { highlightCode: false, linesAbove: 1, linesBelow: 1 });
    lines.push(frame.split('\n').map((l) => '  ' + l).join('\n'));
  }
  if (d.hint) lines.push(`  ${c.cyan('hint:')} ${d.hint}`);
  for (const r of d.related ?? []) {
    lines.push(`  ${c.dim('see')} ${r.file}${r.line ? `:${r.line}:${r.column ?? 1}` : ''}: ${r.message}`);
  }
  return lines.join('\n');
}

/** Formats every diagnostic and a summary line. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], options: TerminalFormatOptions): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const c = options.color ? pc : pc.createColors(false);
  const summary = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  const body = diagnostics.map((d) => formatDiagnostic(d, options)).join('\n\n');
  return (body ? body + '\n\n' : '') + (errors ? c.red(summary) : warnings ? c.yellow(summary) : c.green(summary));
}
