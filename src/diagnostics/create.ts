import type { Diagnostic, RelatedLocation } from '../model/diagnostic.js';
import { catalogue, type DiagnosticCode } from './catalogue.js';
import { MAX_MESSAGE_CHARS } from './output-limits.js';

export interface DiagnosticFields {
  readonly message: string;
  readonly file?: string;
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
  readonly related?: readonly RelatedLocation[];
}

/**
 * Builds a diagnostic whose severity comes from the catalogue entry of `code`. The message, hint
 * and pointer are cut to `MAX_MESSAGE_CHARS` (they quote the input, which may hold a 100 MB string).
 */
export function createDiagnostic(code: DiagnosticCode, fields: DiagnosticFields): Diagnostic {
  const entry = catalogue[code];
  const out: Record<string, unknown> = { code, severity: entry.severity, message: clampText(fields.message) };
  for (const key of ['file', 'line', 'column', 'pointer', 'hint', 'related'] as const) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  if (fields.hint !== undefined) out['hint'] = clampText(fields.hint);
  if (fields.pointer !== undefined) out['pointer'] = clampText(fields.pointer);
  return out as unknown as Diagnostic;
}

/** `text` when short enough, else its start and end around `… (N characters left out) …`. */
export function clampText(text: string, max = MAX_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  const keep = Math.floor(max / 2);
  return `${text.slice(0, keep)}… (${(text.length - 2 * keep).toLocaleString('en-US')} characters left out) …${text.slice(text.length - keep)}`;
}
