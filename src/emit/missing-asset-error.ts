import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';

/**
 * One of Sheaf's own browser files is missing: a checkout that was not built (`dist/client/*.js`
 * come from `npm run build`), or a damaged install. The message names the file and the command
 * that makes it; the CLI prints it as it is (no "internal error", no stack).
 */
export class MissingAssetError extends Error {
  override readonly name = 'MissingAssetError';
}

/** The `internal/not-built` diagnostic of a build stopped by a `MissingAssetError`: Sheaf's to set up, not a bug. */
export function notBuiltDiagnostic(error: MissingAssetError): Diagnostic {
  return createDiagnostic('internal/not-built', {
    message: error.message,
    hint: 'Sheaf runs from its compiled files in dist/; `npm install` in its folder builds them too (the `prepare` script).',
  });
}
