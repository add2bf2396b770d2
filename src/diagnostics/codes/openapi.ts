import type { CodeTable } from './types.js';

/**
 * Codes of the OpenAPI loading area (`src/openapi/`). Severity rule: `error` when nothing of the
 * document (or of the named source) can be rendered; `warning` when Mintlify renders it anyway.
 */
export const openapiCodes = {
  'openapi/parse-error': {
    severity: 'error',
    summary: 'An OpenAPI file is not valid JSON or YAML; it is skipped.',
  },
  'openapi/too-deep': {
    severity: 'error',
    summary: 'An OpenAPI file nests objects and arrays more than 256 levels deep (for YAML, also counted with aliases followed); it is skipped.',
  },
  'openapi/alias-expansion': {
    severity: 'error',
    summary: 'YAML aliases in an OpenAPI file would add more than 1,000,000 nodes when expanded (a "billion laughs" file); it is skipped.',
  },
  'openapi/contains-itself': {
    severity: 'error',
    summary: 'A value of an OpenAPI file holds itself (a YAML alias `*name` inside the node it names, or a Swagger 2.0 parameter `description` or `type` given as a `$ref` that is not a string, which the conversion inlines as the whole document); it is skipped.',
  },
  'openapi/file-not-found': {
    severity: 'error',
    summary: 'The configuration names an OpenAPI file that does not exist in the project.',
  },
  'openapi/not-openapi': {
    severity: 'error',
    summary: 'A file named as an OpenAPI source has no top-level `openapi` or `swagger` key.',
  },
  'openapi/remote-not-allowed': {
    severity: 'warning',
    summary: 'A remote OpenAPI source or `$ref` was not fetched because network access is off (`--allow-network`).',
  },
  'openapi/fetch-failed': {
    severity: 'error',
    summary: 'A remote OpenAPI source could not be fetched (network error, timeout or HTTP error status).',
  },
  'openapi/swagger2-converted': {
    severity: 'warning',
    summary: 'A Swagger 2.0 document was converted to OpenAPI 3.0 in memory; Mintlify does not support 2.0.',
  },
  'openapi/conversion-failed': {
    severity: 'error',
    summary: 'A Swagger 2.0 document could not be converted to OpenAPI 3.0; it is skipped.',
  },
  'openapi/unsupported-version': {
    severity: 'error',
    summary: 'The `openapi`/`swagger` version is not 2.0, 3.0.x or 3.1.x; the document is skipped.',
  },
  'openapi/ref-not-found': {
    severity: 'warning',
    summary: 'A `$ref` points at a file, URL or JSON pointer that does not exist; it renders unresolved.',
  },
  'openapi/ref-outside-root': {
    severity: 'warning',
    summary: 'A `$ref` points at a file outside the project folder; it is not read and renders unresolved.',
  },
  'openapi/ref-inside-id': {
    severity: 'warning',
    summary: 'In OpenAPI 3.1, a `$ref` inside a schema with `$id` resolves only against the document, not the `$id` (other tools disagree).',
  },
  'openapi/no-paths': {
    severity: 'error',
    summary: 'The document defines no paths (3.0) or neither paths nor webhooks (3.1): it has nothing to render.',
  },
  'openapi/wrong-type': {
    severity: 'warning',
    summary: 'A part of the document has the wrong JSON type (e.g. an operation that is not an object); it is ignored.',
  },
  'openapi/missing-responses': {
    severity: 'warning',
    summary: 'An OpenAPI 3.0 operation has no `responses`, which 3.0 requires; the page renders without responses.',
  },
  'openapi/duplicate-operation-id': {
    severity: 'warning',
    summary: 'Two operations share an `operationId`, which must be unique in a document.',
  },
  'openapi/schema-violation': {
    severity: 'warning',
    summary: 'The document breaks a rule of the official OpenAPI 3.0 or 3.1 JSON Schema at the pointer given (many breaking the same rule are summarized); Sheaf renders what it can.',
  },
  'openapi/operation-skipped': {
    severity: 'error',
    summary: 'An operation could not be rendered; its page shows a notice instead of the operation, and the rest of the document and site are built as usual.',
  },
  'openapi/path-not-absolute': {
    severity: 'warning',
    summary: 'A key of `paths` does not start with `/`; references to it cannot be written as `METHOD /path`.',
  },
  'openapi/duplicate-method': {
    severity: 'warning',
    summary: 'An OpenAPI 3.2 `additionalOperations` key names a method the path item already has (a method field such as `get`, or an earlier key in another case); that entry gets no page.',
  },
  'openapi/tag-parent': {
    severity: 'warning',
    summary: 'An OpenAPI 3.2 tag `parent` names no declared tag, or makes a loop; the tag is placed at the top level of the navigation.',
  },
} as const satisfies CodeTable;

/** A code of this table. */
export type OpenApiCode = keyof typeof openapiCodes;
