import { pointerFrom } from '../diagnostics/positions.js';
import type { IndexedOperation, IndexedTag, OperationIndex } from '../model/openapi.js';
import { isOpenApi32, pathItemSlots } from './path-item-operations.js';
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
 * `pathItemSlots` order (3.2: `query` and `additionalOperations` too), internal path-item `$ref`s
 * followed; then (3.1 and 3.2) the webhooks the same way, `path` being the webhook name. Operation
 * pointers name where the operation object really is (after following a path-item `$ref`).
 * Excluded operations are indexed with `excluded: true`. Tags are the declared `tags` with their
 * `x-group` label (3.2: `summary`, `parent`, `kind`; a `parent` that names no declared tag or
 * makes a loop is reported and dropped). Never throws on malformed input.
 */
export function indexDocument(
  file: string,
  document: Readonly<Record<string, unknown>>,
  version: string,
  converted: boolean,
): IndexResult {
  const oas32 = isOpenApi32(document.openapi);
  const is31 = oas32 || (typeof document.openapi === 'string' && document.openapi.startsWith('3.1'));
  const context: OperationContext = { file, requireResponses: !is31, operationIds: new Map(), problems: [] };
  const paths = readPathItems(document, 'paths', context, oas32);
  const webhooks = is31 ? readPathItems(document, 'webhooks', context, oas32) : { operations: [], items: 0 };
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
    tags: readDeclaredTags(document.tags, context, oas32),
  };
  return { index, problems: context.problems };
}

function readPathItems(
  document: Readonly<Record<string, unknown>>,
  key: 'paths' | 'webhooks',
  context: OperationContext,
  oas32: boolean,
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
    // A path item written with a `$ref` and fields of its own: its own fields win.
    const own = isRecord(value) && value !== item.value ? value : undefined;
    const merged = own ? mergeOwn(item.value, own) : item.value;
    const { slots, duplicates } = pathItemSlots(merged, oas32);
    const base = (tokens: readonly string[]): string => {
      const first = tokens[0] as string;
      const mine = own !== undefined && (tokens.length === 1 ? own[first] !== undefined : isRecord(own[first]) && (own[first] as Record<string, unknown>)[tokens[1] as string] !== undefined);
      return `${mine ? pointer : item.pointer}${pointerFrom(tokens)}`;
    };
    for (const slot of slots) {
      const at = base(slot.tokens);
      if (!isRecord(slot.value)) {
        wrongType(context, at, `Operation ${slot.method.toUpperCase()} ${name}`, 'an object', slot.value);
        continue;
      }
      operations.push(readOperation(slot.value, slot.method, name, at, context));
    }
    for (const duplicate of duplicates) {
      const method = duplicate.key.toUpperCase();
      context.problems.push({
        code: 'openapi/duplicate-method',
        message: `\`additionalOperations\` of \`${name}\` has the key \`${duplicate.key}\`, but ${duplicate.taken.length === 1 ? `the method ${method} belongs in the path item's \`${duplicate.taken[0]}\` field` : `\`${duplicate.taken[1]}\` already names the method ${method}`}; Sheaf gives each method of a path one page, so this entry has none.`,
        file: context.file,
        pointer: base(['additionalOperations', duplicate.key]),
        hint: duplicate.taken.length === 1 ? `Move the operation to \`${duplicate.taken[0]}\`.` : 'Keep one entry per method.',
        related: [{ file: context.file, pointer: base(duplicate.taken), message: 'the method is taken here' }],
      });
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

/** A path item's own fields over those of the item its `$ref` names (`additionalOperations` merged by key). */
function mergeOwn(followed: Readonly<Record<string, unknown>>, own: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...followed, ...own };
  if (isRecord(followed.additionalOperations) && isRecord(own.additionalOperations)) {
    merged.additionalOperations = { ...followed.additionalOperations, ...own.additionalOperations };
  }
  return merged;
}

function readDeclaredTags(tags: unknown, context: OperationContext, oas32: boolean): IndexedTag[] {
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
    const read: { -readonly [K in keyof IndexedTag]: IndexedTag[K] } = typeof group === 'string' ? { name: tag.name, displayName: group } : { name: tag.name };
    if (oas32) {
      for (const key of ['summary', 'parent', 'kind'] as const) {
        const field = tag[key];
        if (typeof field === 'string') read[key] = field;
        else if (field !== undefined) wrongType(context, `/tags/${i}/${key}`, `\`${key}\` of tag \`${tag.name}\``, 'a string', field);
      }
    }
    result.push(read);
  });
  return oas32 ? checkParents(result, tags, context) : result;
}

/**
 * Tags whose `parent` names a declared tag, without loops: a `parent` naming no declared tag, or
 * closing a loop (`a` → `b` → `a`: the tag whose `parent` closes it, in document order), is
 * reported as `openapi/tag-parent` and dropped, so the tag stands at the top level.
 */
function checkParents(tags: readonly IndexedTag[], raw: readonly unknown[], context: OperationContext): IndexedTag[] {
  const position = new Map<string, number>();
  raw.forEach((tag, i) => {
    if (isRecord(tag) && typeof tag.name === 'string' && !position.has(tag.name)) position.set(tag.name, i);
  });
  const parents = new Map<string, string>();
  const out: IndexedTag[] = [];
  for (const tag of tags) {
    const at = `/tags/${position.get(tag.name) ?? 0}/parent`;
    const parent = tag.parent;
    if (parent === undefined) {
      out.push(tag);
      continue;
    }
    let problem: string | undefined;
    if (!position.has(parent)) problem = `names \`${parent}\`, which is not a declared tag`;
    else {
      // Walk up from the parent through the parents kept so far: reaching this tag closes a loop.
      let step: string | undefined = parent;
      for (let hops = 0; step !== undefined && hops <= tags.length; hops += 1) {
        if (step === tag.name) {
          problem = `makes a loop (\`${tag.name}\` would be inside itself)`;
          break;
        }
        step = parents.get(step);
      }
    }
    if (problem === undefined) {
      parents.set(tag.name, parent);
      out.push(tag);
      continue;
    }
    context.problems.push({
      code: 'openapi/tag-parent',
      message: `The \`parent\` of tag \`${tag.name}\` ${problem}; the tag's group stands at the top level of the navigation.`,
      file: context.file,
      pointer: at,
      hint: 'Name a tag declared in the document-level `tags` that is not inside this one.',
    });
    const { parent: _dropped, ...rest } = tag;
    out.push(rest);
  }
  return out;
}
