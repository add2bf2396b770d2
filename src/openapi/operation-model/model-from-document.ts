import type { LoadedOpenApi } from '../../model/openapi.js';
import { pointerFrom } from '../../diagnostics/positions.js';
import { isOpenApi32, pathItemSlots } from '../path-item-operations.js';
import { resolvePointer } from '../resolve-pointer.js';
import type { CallbackModel, OperationModel } from './model.js';
import { deref, entriesOf, str, text, type Obj } from './deref.js';
import { readParameters, readQuerystring } from './read-parameters.js';
import { readRequestBody, readResponses } from './read-responses.js';
import { readSecurity } from './read-security.js';
import { readExternalDocs } from './read-external-docs.js';
import { pickServers, readCodeSamples } from './read-servers.js';
import { isRecord } from '../../parse/is-record.js';

/** Callbacks inside callback operations are read this many levels deep, at most. */
const MAX_CALLBACK_DEPTH = 2;

interface Where {
  readonly doc: unknown;
  /** The operation object and the path item holding it. */
  readonly operation: Obj;
  readonly pathItem: Obj;
  readonly pointer: string;
  readonly kind: OperationModel['kind'];
  /** True for an operation inside a callback: the document's servers and security do not apply. */
  readonly nested: boolean;
  readonly depth: number;
}

/**
 * The model of one operation or webhook (see `model.ts`): `pointer` names the operation object in
 * `loaded.document` (as `IndexedOperation.pointer` does), `method` its HTTP method (any case), `path`
 * the path key or webhook name. Parameters, bodies, responses, headers, examples, links, callbacks
 * and security schemes have their `$ref`s followed; schemas stay raw. Servers: operation, else path
 * item, else document (webhooks and callbacks: never the document's, which describe the API, not the
 * receiver). Security: operation, else the document's (webhooks and callbacks: the operation's
 * only). Never throws on odd input: what is missing or malformed is left out.
 */
export function buildOperationModel(
  loaded: LoadedOpenApi,
  pointer: string,
  kind: 'operation' | 'webhook',
  method: string,
  path: string,
): OperationModel {
  const doc = loaded.document;
  const operation = deref(doc, resolvePointer(doc, pointer)?.value) ?? {};
  // The path item holds the operation, or (3.2) the `additionalOperations` map that holds it.
  const up = (p: string): string => p.slice(0, Math.max(0, p.lastIndexOf('/')));
  const parent = /\/additionalOperations\/[^/]+$/.test(pointer) ? up(up(pointer)) : up(pointer);
  const pathItem = deref(doc, resolvePointer(doc, parent)?.value) ?? {};
  return readOperation({ doc, operation, pathItem, pointer, kind, nested: kind === 'webhook', depth: 0 }, method, path);
}

function readOperation(where: Where, method: string, path: string): OperationModel {
  const { doc, operation, pathItem } = where;
  const docObj: Obj = isRecord(doc) ? doc : {};
  const security = Array.isArray(operation.security)
    ? operation.security
    : !where.nested && Array.isArray(docObj.security)
      ? docObj.security
      : [];
  return {
    kind: where.kind,
    method: method.toUpperCase(),
    path,
    operationId: str(operation.operationId),
    summary: text(operation.summary) ?? text(pathItem.summary),
    description: text(operation.description) ?? text(pathItem.description),
    deprecated: operation.deprecated === true,
    tags: Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string') : [],
    servers: where.nested ? pickServers(operation.servers, pathItem.servers) : pickServers(operation.servers, pathItem.servers, docObj.servers),
    security: readSecurity(doc, security),
    ...(security.length === 0 && (Array.isArray(operation.security) || (!where.nested && Array.isArray(docObj.security))) ? { securityNone: true } : {}),
    ...optional('externalDocs', readExternalDocs(doc, operation.externalDocs)),
    parameters: readParameters(doc, pathItem.parameters, operation.parameters),
    ...optional('querystring', readQuerystring(doc, pathItem.parameters, operation.parameters)),
    requestBody: readRequestBody(doc, operation.requestBody),
    responses: readResponses(doc, operation.responses),
    callbacks: where.depth < MAX_CALLBACK_DEPTH ? readCallbacks(where) : [],
    codeSamples: readCodeSamples(operation),
    pointer: where.pointer,
  };
}

/** `{ [key]: value }` when `value` is defined, else `{}` (for optional fields of the model). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** Each callback with the operations of each of its expressions, in document and method order. */
function readCallbacks(where: Where): CallbackModel[] {
  const out: CallbackModel[] = [];
  for (const [name, raw] of entriesOf(where.operation.callbacks)) {
    const callback = deref(where.doc, raw);
    for (const [expression, rawItem] of entriesOf(callback)) {
      const pathItem = deref(where.doc, rawItem);
      if (!pathItem || expression.startsWith('x-')) continue;
      const oas32 = isRecord(where.doc) && isOpenApi32(where.doc.openapi);
      const operations = pathItemSlots(pathItem, oas32).slots.flatMap((slot) => {
        const operation = deref(where.doc, slot.value);
        if (!operation) return [];
        const pointer = `${where.pointer}${pointerFrom(['callbacks', name, expression, ...slot.tokens])}`;
        const inner: Where = { doc: where.doc, operation, pathItem, pointer, kind: 'operation', nested: true, depth: where.depth + 1 };
        return [readOperation(inner, slot.method, expression)];
      });
      if (operations.length > 0) out.push({ name, expression, operations });
    }
  }
  return out;
}
