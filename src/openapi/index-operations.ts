import { pointerFrom } from '../diagnostics/positions.js';
import { HTTP_METHODS, type IndexedOperation, type IndexedTag, type OperationIndex } from '../model/openapi.js';
import type { Problem } from './problem.js';
import { readOperation, wrongType, type OperationContext } from './read-operation.js';
import { fragmentPointer, resolvePointer } from './resolve-pointer.js';
import { isRecord } from '../parse/is-record.js';

/** Internal path-item `$ref`s followed in a chain, at most. */
const MAX_PATH_ITEM_HOPS = 8;

export interface IndexResult {
  readonly index: OperationIndex;
  /** Structural problems, located by pointer into `document` (not yet by line). */
  readonly problems: readonly Problem[];
}

/**
 * The operation index of an OpenAPI 3.x document (see `indexDocument`), without the problems.
 * `version` is the version as written in the source (`2.0` when `converted`).
 */
export function indexOperations(
  file: string,
  document: Readonly<Record<string, unknown>>,
  version: string,
  converted: boolean,
): OperationIndex {
  return indexDocument(file, document, version, converted).index;
}

/**
 * Indexes the operations of an OpenAPI 3.x document: paths in document order, methods in
 * `HTTP_METHODS` order, internal path-item `$ref`s followed; then (3.1 only) the webhooks the same
 * way, `path` being the webhook name. Operation pointers name where the operation object really
 * is (after following a path-item `$ref`). Excluded operations are indexed with `excluded: true`.
 * Tags are the declared `tags` with their `x-group` label. Never throws on malformed input.
 */
export function indexDocument(
  file: string,
  document: Readonly<Record<string, unknown>>,
  version: string,
  converted: boolean,
): IndexResult {
  const is31 = typeof document.openapi === 'string' && document.openapi.startsWith('3.1');
  const context: OperationContext = { file, requireResponses: !is31, operationIds: new Map(), problems: [] };
  const paths = readPathItems(document, 'paths', context);
  const webhooks = is31 ? readPathItems(document, 'webhooks', context) : { operations: [], items: 0 };
  if (paths.items === 0 && webhooks.items === 0) {
    context.problems.push({
      code: 'openapi/no-paths',
      message: is31
        ? `\`${file}\` defines neither paths nor webhooks: it has nothing to render.`
        : `\`${file}\` defines no paths: it has nothing to render.`,
      file,
      pointer: document.paths === undefined ? '' : '/paths',
      hint: is31 ? 'Add operations under `paths` or `webhooks`.' : 'Add operations under `paths`.',
    });
  }
  const info = isRecord(document.info) ? document.info : {};
  const index: OperationIndex = {
    file,
    version,
    converted,
    ...(typeof info.title === 'string' ? { title: info.title } : {}),
    operations: paths.operations,
    webhooks: webhooks.operations,
    tags: readDeclaredTags(document.tags, context),
  };
  return { index, problems: context.problems };
}

function readPathItems(
  document: Readonly<Record<string, unknown>>,
  key: 'paths' | 'webhooks',
  context: OperationContext,
): { operations: IndexedOperation[]; items: number } {
  const map = document[key];
  const operations: IndexedOperation[] = [];
  if (map === undefined) return { operations, items: 0 };
  if (!isRecord(map)) {
    wrongType(context, `/${key}`, `\`${key}\``, 'an object', map);
    return { operations, items: 0 };
  }
  let items = 0;
  for (const [name, value] of Object.entries(map)) {
    if (key === 'paths' && name.startsWith('x-')) continue;
    items += 1;
    const pointer = pointerFrom([key, name]);
    if (key === 'paths' && !name.startsWith('/')) {
      context.problems.push({
        code: 'openapi/path-not-absolute',
        message: `Path \`${name}\` does not start with \`/\`; references to it cannot be written as \`METHOD /path\`.`,
        file: context.file,
        pointer,
        hint: `Write it as \`/${name}\`.`,
      });
    }
    const item = followPathItem(document, value, pointer);
    if (!item) {
      if (!isRecord(value)) wrongType(context, pointer, `${key === 'paths' ? 'Path' : 'Webhook'} \`${name}\``, 'an object', value);
      continue;
    }
    for (const method of HTTP_METHODS) {
      const own = isRecord(value) && value[method] !== undefined;
      const operation = own ? (value as Record<string, unknown>)[method] : item.value[method];
      if (operation === undefined) continue;
      const at = `${own ? pointer : item.pointer}/${method}`;
      if (!isRecord(operation)) {
        wrongType(context, at, `Operation ${method.toUpperCase()} ${name}`, 'an object', operation);
        continue;
      }
      operations.push(readOperation(operation, method, name, at, context));
    }
  }
  return { operations, items };
}

/**
 * The path item object for `value`, following internal `$ref`s; `undefined` when it is not an
 * object or its `$ref` does not resolve internally (`checkRefs` reports broken refs).
 */
function followPathItem(
  document: Readonly<Record<string, unknown>>,
  value: unknown,
  pointer: string,
): { value: Readonly<Record<string, unknown>>; pointer: string } | undefined {
  let current: unknown = value;
  let at = pointer;
  for (let hop = 0; isRecord(current) && typeof current.$ref === 'string'; hop += 1) {
    if (hop === MAX_PATH_ITEM_HOPS || !current.$ref.startsWith('#')) return undefined;
    const target = resolvePointer(document, fragmentPointer(current.$ref));
    if (!target) return undefined;
    current = target.value;
    at = target.pointer;
  }
  return isRecord(current) ? { value: current, pointer: at } : undefined;
}

function readDeclaredTags(tags: unknown, context: OperationContext): IndexedTag[] {
  if (tags === undefined) return [];
  if (!Array.isArray(tags)) {
    wrongType(context, '/tags', '`tags`', 'an array', tags);
    return [];
  }
  const result: IndexedTag[] = [];
  tags.forEach((tag, i) => {
    if (!isRecord(tag)) {
      wrongType(context, `/tags/${i}`, `Tag ${i + 1}`, 'an object', tag);
      return;
    }
    if (typeof tag.name !== 'string') {
      wrongType(context, `/tags/${i}/name`, `\`name\` of tag ${i + 1}`, 'a string', tag.name);
      return;
    }
    const group = tag['x-group'];
    result.push(typeof group === 'string' ? { name: tag.name, displayName: group } : { name: tag.name });
  });
  return result;
}
