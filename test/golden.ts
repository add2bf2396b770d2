import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * Golden files: every test comparing output with a committed file goes through here, so that all
 * of them behave alike.
 *
 * - A missing golden fails the test; nothing is written unless asked for.
 * - `UPDATE=1 npm test` (or `UPDATE=1 npx vitest run FILE`) writes the actual output instead of
 *   comparing; read the diff before committing it.
 * - Hashed asset names (`name.<10 hex digits>.ext`, as src/emit/output-file.ts's `shortHash`
 *   makes them: `_sheaf/sheaf.3f9a0c12de.js`) are compared and written as `name.<hash>.ext`, so
 *   a change to the browser code or the styles does not rewrite every golden that names them.
 */

/** Whether this run writes goldens instead of comparing with them. */
export const UPDATING_GOLDENS = process.env['UPDATE'] === '1';

const ASSET_HASH = /\b([\w-]+)\.[0-9a-f]{10}\.([a-z0-9]+)\b/g;

/** `text` with every hashed asset name reduced to `name.<hash>.ext`. */
export function normaliseAssetHashes(text: string): string {
  return text.replace(ASSET_HASH, '$1.<hash>.$2');
}

/**
 * The committed text of `file` to compare `actual` with (hashes normalised). With UPDATE=1 the
 * normalised `actual` is written first (and its folder made). A missing file throws, naming
 * the file and the way to write it.
 */
export function readGolden(file: string, actual: string, update: boolean = UPDATING_GOLDENS): string {
  if (update) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, normaliseAssetHashes(actual));
  }
  if (!existsSync(file)) {
    throw new Error(`The golden file ${path.relative(process.cwd(), file)} is missing. Run the test with UPDATE=1 to write it from the current output, then read it before committing.`);
  }
  return normaliseAssetHashes(readFileSync(file, 'utf8'));
}

/** Asserts that `actual` equals the golden `file` (asset hashes normalised); see `readGolden`. */
export function expectGolden(file: string, actual: string, label: string = path.basename(file)): void {
  expect(normaliseAssetHashes(actual), `${label} (UPDATE=1 rewrites the golden)`).toBe(readGolden(file, actual));
}
