import type { ErrorObject } from 'ajv';
import type { LoadedOpenApi } from '../../src/model/openapi.js';
import { generateExample } from '../../src/openapi/examples/index.js';
import type { RawSchema } from '../../src/openapi/operation-model/model.js';
import { buildOperationModel } from '../../src/openapi/operation-model/model-from-document.js';
import { exampleSchemaChecker, type Mode } from './example-schema-check.js';

/** One schema whose example breaks it. */
export interface Violation {
  /** `GET /pets 200 application/json`, `POST /pets body application/json`, `GET /pets/{id} parameter id`. */
  readonly where: string;
  /** The JSON pointer of the schema in the document. */
  readonly schema: string;
  readonly mode: Mode;
  /** ajv's first error: where in the example, which keyword, its message. */
  readonly error: string;
  /** The JSON pointer of the (sub)schema whose keyword that error breaks. */
  readonly at: string;
}

export interface DocumentExamples {
  /** Examples generated: one per parameter, request body and response media type that has a schema and gives one. */
  readonly examples: number;
  /** Distinct (schema, direction) pairs among them, each generated and validated once. */
  readonly distinct: number;
  /** Schemas whose example generated from their constraints alone breaks them. */
  readonly generated: readonly Violation[];
  /** Schemas whose generated example is valid but whose example with the document's own values (`example`, `default`) is not. */
  readonly authored: readonly Violation[];
}

const describeError = (e: ErrorObject | undefined): string => (e ? `${e.instancePath || '/'} ${e.keyword}: ${e.message ?? ''}` : 'no error reported');

/**
 * Generates the example of every parameter, request body and response media type of every
 * operation and webhook of a loaded document, as pages, code samples and Try-it do
 * (`generateExample`, all properties), and validates it against its schema with ajv. Each schema
 * is checked twice: from its constraints alone (`authored: false`), which must be valid, and
 * with the document's own example values, whose breaks are the authors' (kept as written).
 * Schemas shared by several operations (`$ref`s) are checked once per direction.
 */
export function checkDocumentExamples(loaded: LoadedOpenApi): DocumentExamples {
  const checker = exampleSchemaChecker(loaded.document, loaded.index.version);
  const seen = new Set<string>();
  const generated: Violation[] = [];
  const authored: Violation[] = [];
  let examples = 0;
  const visit = (schema: RawSchema | undefined, mode: Mode, where: string) => {
    if (!schema) return;
    const pointer = checker.pointerOf(schema) ?? '(outside the document)';
    const onlyRef = typeof schema.$ref === 'string' && Object.keys(schema).length === 1;
    const key = `${mode} ${onlyRef ? String(schema.$ref) : pointer}`;
    const shown = generateExample(schema, loaded.document, mode);
    if (shown === undefined) return;
    examples += 1;
    if (seen.has(key)) return;
    seen.add(key);
    const own = generateExample(schema, loaded.document, mode, { authored: false });
    const ownResult = own === undefined ? { kind: 'valid' as const } : checker.check(schema, own, mode);
    if (ownResult.kind !== 'valid') {
      const error = ownResult.kind === 'invalid' ? describeError(ownResult.errors[0]) : ownResult.kind === 'uncompilable' ? `ajv cannot compile: ${ownResult.message}` : 'schema not found in the document';
      generated.push({ where, schema: pointer, mode, error, at: ownResult.kind === 'invalid' ? ownResult.at : pointer });
      return;
    }
    const shownResult = checker.check(schema, shown, mode);
    if (shownResult.kind === 'invalid') authored.push({ where, schema: pointer, mode, error: describeError(shownResult.errors[0]), at: shownResult.at });
  };
  const entries = [
    ...loaded.index.operations.map((op) => ({ op, kind: 'operation' as const })),
    ...loaded.index.webhooks.map((op) => ({ op, kind: 'webhook' as const })),
  ];
  for (const { op, kind } of entries) {
    const model = buildOperationModel(loaded, op.pointer, kind, op.method, op.path);
    const at = `${model.method} ${model.path}`;
    for (const p of model.parameters) visit(p.schema, 'request', `${at} parameter ${p.in} ${p.name}`);
    for (const m of model.requestBody?.content ?? []) visit(m.schema, 'request', `${at} body ${m.mediaType}`);
    for (const r of model.responses) for (const m of r.content) visit(m.schema, 'response', `${at} ${r.status} ${m.mediaType}`);
  }
  return { examples, distinct: seen.size, generated, authored };
}
