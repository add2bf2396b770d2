import yaml from 'js-yaml';
import { MAX_NESTING_DEPTH } from './nesting-limits.js';

/**
 * YAML schema: YAML 1.2 core types plus `<<` merge keys. Timestamps stay strings, so every parsed
 * value is plain JSON data (js-yaml's default schema would produce `Date` objects).
 */
export const YAML_SCHEMA = yaml.CORE_SCHEMA.extend([
  // js-yaml exports its built-in types at runtime; @types/js-yaml does not declare them.
  (yaml as unknown as { types: { merge: yaml.Type } }).types.merge,
]);

/**
 * js-yaml's `maxDepth`, a guard against its recursion only: it counts some levels twice (each
 * entry of a block sequence is a level of its own, and the sequence one more), so a block list
 * nested exactly `MAX_NESTING_DEPTH` deep reaches about twice that. The exact depth is measured on
 * the value (`measureExpanded`), aliases followed, and decides.
 */
export const MAX_PARSER_DEPTH = 2 * MAX_NESTING_DEPTH + 2;

/** An alias (`*name`) in the text: where it stands and the collection it names (shared, not copied). */
export interface YamlAlias {
  /** Character offset of its `*`. */
  readonly offset: number;
  readonly target: object;
  /**
   * True when the alias stands inside the node it names (that node was not complete yet): the
   * value then holds itself, unless the alias is a merge (`<<: *name`), which copies the keys
   * read so far.
   */
  readonly enclosing: boolean;
}

/** A key of the top-level mapping and the character offset where it is written. */
export interface YamlKey {
  readonly key: string;
  readonly offset: number;
}

export type YamlLoad =
  | {
      readonly ok: true;
      readonly value: unknown;
      /** Each alias naming a collection (aliases of plain values copy one value each). */
      readonly aliases: readonly YamlAlias[];
      /** With `keys`: the top-level mapping's keys in block style, in order (else empty). */
      readonly keys: readonly YamlKey[];
    }
  | {
      readonly ok: false;
      /** js-yaml's reason, in words. */
      readonly reason: string;
      /** True when the guard on js-yaml's recursion stopped it (`MAX_PARSER_DEPTH`). */
      readonly tooDeep: boolean;
      /** 1-based, in the text. */
      readonly line: number;
      readonly column: number;
    };

/**
 * Parses YAML once with js-yaml (as gray-matter, and so Mintlify, reads frontmatter; about ten
 * times faster than `yaml` on a 4 MB OpenAPI document), with duplicate keys keeping the last
 * value as in JSON. While it parses, a listener notes where each alias and each top-level key is
 * written, so diagnostics can point there without a second parser. Aliases come out as the very
 * object their anchor names: cheap whatever they expand to (`measureExpanded` measures that).
 * A syntax error is returned, not thrown.
 */
export function loadYaml(text: string, options: { readonly keys?: boolean } = {}): YamlLoad {
  const aliases: YamlAlias[] = [];
  // Per open node: the offset of its `*` when it is an alias, else -1.
  const open: number[] = [];
  // Nodes right under the root (keys and values alternate in a block mapping).
  const top: { offset: number; result: unknown }[] = [];
  // Collections whose node has closed: an alias naming one not in it is inside it.
  const closed = new WeakSet<object>();
  let value: unknown;
  try {
    value = yaml.load(text, {
      schema: YAML_SCHEMA,
      json: true,
      maxDepth: MAX_PARSER_DEPTH,
      listener(event: 'open' | 'close', state: { position: number; result: unknown }) {
        if (event === 'open') {
          const at = startOf(text, state.position);
          open.push(text.charCodeAt(at) === 0x2a ? at : -1);
          if (options.keys && open.length === 2) top.push({ offset: at, result: undefined });
          return;
        }
        const alias = open.pop() ?? -1;
        if (typeof state.result === 'object' && state.result !== null) {
          if (alias >= 0) aliases.push({ offset: alias, target: state.result, enclosing: !closed.has(state.result) });
          else closed.add(state.result);
        }
        if (options.keys && open.length === 1) (top[top.length - 1] as { result: unknown }).result = state.result;
      },
    } as yaml.LoadOptions);
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    // A stream of several documents is refused after parsing them, with no mark: the start is said.
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    return { ok: false, reason: error.reason, tooDeep: /exceeded maxDepth/.test(error.reason), line: (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1 };
  }
  return { ok: true, value, aliases, keys: topKeys(value, top) };
}

/** The keys of a top-level block mapping: every other node right under the root, from the first. */
function topKeys(value: unknown, top: readonly { offset: number; result: unknown }[]): YamlKey[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || top.length % 2 !== 0) return [];
  const keys: YamlKey[] = [];
  for (let i = 0; i < top.length; i += 2) {
    const node = top[i] as { offset: number; result: unknown };
    if (typeof node.result !== 'string' || !Object.hasOwn(value, node.result)) return [];
    keys.push({ key: node.result, offset: node.offset });
  }
  return keys;
}

/** The first character at or after `offset` that is not a space, tab or line break (js-yaml opens a node before them). */
function startOf(text: string, offset: number): number {
  let at = offset;
  for (let c = text.charCodeAt(at); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = text.charCodeAt(at)) at += 1;
  return at;
}

/** An alias as a diagnostic names it. */
export interface BlamedAlias {
  /** Character offset of its `*`. */
  readonly offset: number;
  /** As written, without the `*`. */
  readonly name: string;
  /** Nodes it copies (what its anchor holds, aliases inside followed). */
  readonly nodes: number;
}

/**
 * Of the aliases of a text, the one that copies the most nodes (the first in the text among equals):
 * where to point a diagnostic about aliases adding too much. `nodesOf` gives a collection's size
 * with aliases followed (`measureExpanded`).
 */
export function largestAlias(text: string, aliases: readonly YamlAlias[], nodesOf: (node: object) => number): BlamedAlias | undefined {
  let best: YamlAlias | undefined;
  let bestNodes = -1;
  for (const alias of aliases) {
    const nodes = nodesOf(alias.target);
    if (nodes > bestNodes || (nodes === bestNodes && best !== undefined && alias.offset < best.offset)) {
      best = alias;
      bestNodes = nodes;
    }
  }
  if (!best) return undefined;
  return { offset: best.offset, name: aliasName(text, best.offset), nodes: bestNodes };
}

/** The name of the alias whose `*` is at `offset` of `text`, as written (at most 200 characters). */
export function aliasName(text: string, offset: number): string {
  return /^[^\s,[\]{}]+/.exec(text.slice(offset + 1, offset + 1 + 200))?.[0] ?? '';
}
