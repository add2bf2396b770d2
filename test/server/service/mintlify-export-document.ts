import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { CORPUS } from '../../config/helpers.js';

/** Mintlify's published static-export document, read in place from the shared corpus (never copied). */
/** ajv-formats is CommonJS: its plugin is the module's `default` property (also the module itself at run time). */
const addFormats = ajvFormats.default;

export const MINTLIFY_DOCS = path.join(CORPUS, 'mintlify/mintlify__docs');
export const STATIC_EXPORT_DOCUMENT = path.join(MINTLIFY_DOCS, 'static-export-openapi.json');
export const HAS_MINTLIFY_DOCS = existsSync(STATIC_EXPORT_DOCUMENT);

interface Operation {
  readonly responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Document {
  readonly servers: readonly { url: string }[];
  readonly paths: Record<string, Record<string, Operation>>;
}

export interface ExportDocument {
  /** The base path of the document's server (`/v1`). */
  readonly basePath: string;
  /** The statuses the document gives an operation, sorted. */
  statuses(method: string, docPath: string): string[];
  /**
   * Validates a JSON body against the document: the schema of `status` for the operation, or,
   * for a status the document does not give it (413, 415, 429, 500…), its `Error` schema.
   * Returns ajv's errors as text, '' when valid.
   */
  check(method: string, docPath: string, status: number, body: unknown): string;
}

/**
 * The static-export document with an ajv (draft-07, its formats, OpenAPI 3.0's `nullable`) per
 * response schema; `$ref`s resolve inside the document.
 */
export function loadExportDocument(): ExportDocument {
  const doc = JSON.parse(readFileSync(STATIC_EXPORT_DOCUMENT, 'utf8')) as Document;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'mintlify-static-export');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let v = compiled.get(pointer);
    if (!v) {
      v = ajv.compile({ $ref: `mintlify-static-export#${pointer}` });
      compiled.set(pointer, v);
    }
    return v;
  };
  const escape = (p: string) => p.replace(/~/g, '~0').replace(/\//g, '~1');
  return {
    basePath: new URL(doc.servers[0]!.url).pathname,
    statuses: (method, docPath) => Object.keys(doc.paths[docPath]?.[method.toLowerCase()]?.responses ?? {}).sort(),
    check(method, docPath, status, body) {
      const operation = doc.paths[docPath]?.[method.toLowerCase()];
      if (!operation) return `no operation ${method} ${docPath} in the document`;
      const documented = operation.responses[String(status)];
      const pointer = documented?.content?.['application/json']
        ? `/paths/${escape(docPath)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`
        : '/components/schemas/Error';
      const validate = validator(pointer);
      return validate(body) ? '' : ajv.errorsText(validate.errors);
    },
  };
}
