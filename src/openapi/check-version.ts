import type { Problem } from './problem.js';

/** The kind of document, decided by its `openapi` or `swagger` field. */
export type SpecKind = 'swagger2' | '3.0' | '3.1' | '3.2';

export type VersionResult =
  | { readonly ok: true; readonly kind: SpecKind; /** As written in the source. */ readonly written: string }
  | { readonly ok: false; readonly problem: Problem };

const OPENAPI_3 = /^3\.([012])(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?$/;

/**
 * Reads the version of a parsed document that has an `openapi` or `swagger` key (`openapi` wins
 * when both are present). Swagger 2.0 (also written as the number 2, as unquoted YAML gives it),
 * OpenAPI 3.0.x, 3.1.x and 3.2.x are supported; anything else is `openapi/unsupported-version`.
 */
export function checkVersion(document: Readonly<Record<string, unknown>>, file: string): VersionResult {
  if (document.openapi === undefined) {
    const swagger = document.swagger;
    if (swagger === '2.0' || swagger === 2) return { ok: true, kind: 'swagger2', written: '2.0' };
    return unsupported(file, '/swagger', `\`swagger: ${String(swagger)}\``, 'Swagger 2.0 is the only version before OpenAPI 3.');
  }
  const openapi = document.openapi;
  if (typeof openapi !== 'string') {
    return unsupported(
      file,
      '/openapi',
      `\`openapi: ${String(openapi)}\` (a ${typeof openapi}, not a string)`,
      'Write the full version as a string, e.g. `openapi: "3.1.0"`: an unquoted YAML `3.0` is the number 3.',
    );
  }
  const match = OPENAPI_3.exec(openapi);
  if (match) return { ok: true, kind: `3.${match[1] as '0' | '1' | '2'}`, written: openapi };
  return unsupported(file, '/openapi', `\`openapi: ${openapi}\``, 'Use OpenAPI 3.0.x, 3.1.x or 3.2.x.');
}

function unsupported(file: string, pointer: string, what: string, hint: string): VersionResult {
  return {
    ok: false,
    problem: {
      code: 'openapi/unsupported-version',
      message: `\`${file}\` declares ${what}; Sheaf reads OpenAPI 3.0, 3.1 and 3.2 (and converts Swagger 2.0). The document is skipped.`,
      file,
      pointer,
      hint,
    },
  };
}
