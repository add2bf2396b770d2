import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatUnexpectedError } from '../../src/cli/unexpected-error.js';
import { MissingAssetError, notBuiltDiagnostic } from '../../src/emit/missing-asset-error.js';
import { readOwn } from '../../src/emit/site-assets.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/[\\/]$/, '');

describe("a missing browser file of Sheaf's own", () => {
  it('is an error naming the file and `npm run build`, not an empty script', () => {
    let thrown: unknown;
    try {
      readOwn(`${ROOT}/dist/client/not-built.js`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MissingAssetError);
    expect((thrown as Error).message).toBe(`Sheaf's browser file dist/client/not-built.js is missing: run \`npm run build\` in Sheaf's folder (${ROOT}) to make it.`);
    // What `buildSite` reports for it (api/build.ts), instead of `internal/error`'s "a bug in Sheaf".
    expect(notBuiltDiagnostic(thrown as MissingAssetError)).toEqual({
      code: 'internal/not-built',
      severity: 'error',
      message: `Sheaf's browser file dist/client/not-built.js is missing: run \`npm run build\` in Sheaf's folder (${ROOT}) to make it.`,
      hint: 'Sheaf runs from its compiled files in dist/; `npm install` in its folder builds them too (the `prepare` script).',
    });
  });

  it('is printed by the CLI as that one line, without "internal error" or a stack, with --debug too', () => {
    const error = new MissingAssetError("Sheaf's browser file dist/client/nav.js is missing: run `npm run build` in Sheaf's folder (/x) to make it.");
    const line = "sheaf: Sheaf's browser file dist/client/nav.js is missing: run `npm run build` in Sheaf's folder (/x) to make it.\n";
    expect(formatUnexpectedError(error, false)).toBe(line);
    expect(formatUnexpectedError(error, true)).toBe(line);
  });

  it('reads a file that is there', () => {
    expect(readOwn(`${ROOT}/src/render/styles/base.css`).length).toBeGreaterThan(100);
  });
});
