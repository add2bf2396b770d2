import { pointerFrom } from '../diagnostics/positions.js';
import { isRecord } from '../parse/is-record.js';
import type { SchemaVersion } from './openapi-schemas.js';

/**
 * One part of an OpenAPI document, to be checked against the official JSON Schema on its own:
 * `document` is a minimal valid document of the same version holding the part at the same place,
 * so ajv's errors for it have the same paths (and break the same rules) as in the whole document.
 */
export interface SchemaPart {
  /** Where the part stands in the document; `''` for the rest of the document. */
  readonly pointer: string;
  /** The part itself (for the rest: the document without the other parts). */
  readonly value: unknown;
  /** What to check. */
  readonly document: unknown;
}

/** A map of the document whose entries (those with a key matching `keys`) are parts of their own. */
interface SplitMap {
  readonly at: readonly string[];
  readonly keys?: RegExp;
}

/** Component names the schemas accept (3.0, 3.1 and 3.2 alike). */
const COMPONENT_NAME = /^[a-zA-Z0-9.\-_]+$/;
const COMPONENTS_30 = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks'];

/**
 * The maps split into parts, per version: path items, webhooks and components (2.0: definitions,
 * parameters, responses). Only keys the schema accepts there are split off; any other key stays
 * with the rest, where the schema says what is wrong with it.
 */
const SPLIT: Readonly<Record<SchemaVersion, readonly SplitMap[]>> = {
  '2.0': [{ at: ['paths'], keys: /^\// }, { at: ['definitions'] }, { at: ['parameters'] }, { at: ['responses'] }],
  '3.0': [{ at: ['paths'], keys: /^\// }, ...COMPONENTS_30.map((type) => ({ at: ['components', type], keys: COMPONENT_NAME }))],
  '3.1': [
    { at: ['paths'], keys: /^\// },
    { at: ['webhooks'] },
    ...[...COMPONENTS_30, 'pathItems'].map((type) => ({ at: ['components', type], keys: COMPONENT_NAME })),
  ],
  '3.2': [
    { at: ['paths'], keys: /^\// },
    { at: ['webhooks'] },
    ...[...COMPONENTS_30, 'pathItems', 'mediaTypes'].map((type) => ({ at: ['components', type], keys: COMPONENT_NAME })),
  ],
};

/** The smallest valid document of each version: what a part is checked inside. */
const EMPTY: Readonly<Record<SchemaVersion, Readonly<Record<string, unknown>>>> = {
  '2.0': { swagger: '2.0', info: { title: '', version: '' }, paths: {} },
  '3.0': { openapi: '3.0.3', info: { title: '', version: '' }, paths: {} },
  '3.1': { openapi: '3.1.0', info: { title: '', version: '' }, paths: {} },
  '3.2': { openapi: '3.2.0', info: { title: '', version: '' }, paths: {} },
};

/**
 * Splits a document into the parts `SPLIT` names, in document order, after the rest of the
 * document (first). Nothing is copied but the maps along the way to the parts (shallowly), so
 * the parts' values are the document's own objects. Lazy: parts are made as they are asked for.
 */
export function* schemaParts(document: Readonly<Record<string, unknown>>, version: SchemaVersion): Generator<SchemaPart> {
  const maps = SPLIT[version].flatMap((map) => {
    const value = valueAt(document, map.at);
    return isRecord(value) ? [{ ...map, value, keys: Object.keys(value).filter((k) => map.keys?.test(k) ?? true) }] : [];
  });
  const rest = { ...document };
  for (const map of maps) {
    if (map.keys.length === 0) continue;
    const parent = copiedPath(rest, document, map.at.slice(0, -1));
    const kept = { ...map.value };
    for (const key of map.keys) delete kept[key];
    parent[map.at[map.at.length - 1] as string] = kept;
  }
  yield { pointer: '', value: rest, document: rest };
  for (const map of maps) {
    for (const key of map.keys) {
      const value = map.value[key];
      let holder: Record<string, unknown> = { [key]: value };
      for (let i = map.at.length - 1; i >= 0; i -= 1) holder = { [map.at[i] as string]: holder };
      yield { pointer: pointerFrom([...map.at, key]), value, document: { ...EMPTY[version], ...holder } };
    }
  }
}

/**
 * Nodes (objects, arrays and values) in `value`, counting shared objects once per place, up to
 * `limit + 1`: stops counting there, so the cost is at most `limit` steps whatever the size.
 */
export function countNodesUpTo(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const node = stack.pop();
    count += 1;
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push(child);
  }
  return count;
}

/** The objects on `path` inside `copy`, each copied from `original` the first time it is walked. */
function copiedPath(copy: Record<string, unknown>, original: Readonly<Record<string, unknown>>, path: readonly string[]): Record<string, unknown> {
  let node = copy;
  let source: unknown = original;
  for (const key of path) {
    source = isRecord(source) ? source[key] : undefined;
    if (node[key] === source) node[key] = { ...(source as Record<string, unknown>) };
    node = node[key] as Record<string, unknown>;
  }
  return node;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return node;
}
