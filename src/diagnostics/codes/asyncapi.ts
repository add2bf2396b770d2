import type { CodeTable } from './types.js';

/**
 * Codes of the AsyncAPI area (`src/asyncapi/`, and the channel references resolve reads). Severity
 * rule, as for OpenAPI: `error` when nothing of the document (or the page's channel) can be
 * rendered; `warning` when the rest renders.
 */
export const asyncapiCodes = {
  'asyncapi/parse-error': {
    severity: 'error',
    summary: 'An AsyncAPI file is not valid JSON or YAML (or nests too deep, or its YAML aliases expand too far); it is skipped.',
  },
  'asyncapi/file-not-found': {
    severity: 'error',
    summary: 'The configuration names an AsyncAPI file that does not exist in the project (or lies outside it).',
  },
  'asyncapi/not-asyncapi': {
    severity: 'error',
    summary: 'A file named as an AsyncAPI source has no top-level `asyncapi` key.',
  },
  'asyncapi/remote-not-allowed': {
    severity: 'warning',
    summary: 'A remote AsyncAPI document was not fetched because network access is off (`--allow-network`); its channel pages are not generated.',
  },
  'asyncapi/fetch-failed': {
    severity: 'error',
    summary: 'A remote AsyncAPI document could not be fetched (network error, timeout or HTTP error status).',
  },
  'asyncapi/unsupported-version': {
    severity: 'error',
    summary: 'The `asyncapi` version is not 2.x or 3.x; the document is skipped.',
  },
  'asyncapi/no-channels': {
    severity: 'error',
    summary: 'An AsyncAPI document defines no channels (Mintlify stops with "No channels defined"); it generates no pages.',
  },
  'asyncapi/invalid-document': {
    severity: 'warning',
    summary: 'A part of an AsyncAPI document has the wrong shape (a channel, operation or message that is not an object, an operation without a channel); that part is left out of the pages.',
  },
  'asyncapi/ref-not-found': {
    severity: 'warning',
    summary: 'An internal `$ref` of an AsyncAPI document points at nothing; it renders unresolved.',
  },
  'asyncapi/external-ref': {
    severity: 'warning',
    summary: 'A `$ref` of an AsyncAPI document points into another file or URL, which is not read (references inside the document only); it renders unresolved.',
  },
  'asyncapi/invalid-reference': {
    severity: 'error',
    summary: 'A frontmatter `asyncapi` value is not of the form `[file] channelName`.',
  },
  'asyncapi/channel-not-found': {
    severity: 'error',
    summary: "A page's `asyncapi` frontmatter names a channel (or a file) no loaded AsyncAPI document has; the page is built without it.",
  },
} as const satisfies CodeTable;

export type AsyncApiCode = keyof typeof asyncapiCodes;
