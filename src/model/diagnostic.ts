/** Severity of a diagnostic. `error` fails `sheaf check`; `warning` fails it only with `--strict`. */
export type Severity = 'error' | 'warning' | 'info';

/** A place in a project file. `line` and `column` are 1-based. */
export interface Location {
  /** Project-relative POSIX path, or an absolute URL for remote documents. */
  readonly file: string;
  /** JSON pointer into a JSON/YAML file; turned into line/column by `locateDiagnostics`. */
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
}

export interface RelatedLocation extends Location {
  readonly message: string;
}

/** One user-facing problem. Codes are permanent; see `src/diagnostics/codes/`. */
export interface Diagnostic {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly pointer?: string;
  readonly hint?: string;
  readonly related?: readonly RelatedLocation[];
}

/** What every stage returns: its output plus the problems it found. */
export interface StageResult<T> {
  readonly output: T;
  readonly diagnostics: readonly Diagnostic[];
}
