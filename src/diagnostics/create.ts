import type { Diagnostic, RelatedLocation } from '../model/diagnostic.js';
import { catalogue, type DiagnosticCode } from './catalogue.js';

export interface DiagnosticFields {
  readonly message: string;
  readonly file?: string;
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
  readonly related?: readonly RelatedLocation[];
}

/** Builds a diagnostic whose severity comes from the catalogue entry of `code`. */
export function createDiagnostic(code: DiagnosticCode, fields: DiagnosticFields): Diagnostic {
  const entry = catalogue[code];
  const out: Record<string, unknown> = { code, severity: entry.severity, message: fields.message };
  for (const key of ['file', 'line', 'column', 'pointer', 'hint', 'related'] as const) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  return out as unknown as Diagnostic;
}
