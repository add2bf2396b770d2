import yaml from 'js-yaml';
import { MAX_PARSER_DEPTH, YAML_SCHEMA } from './load-yaml.js';

/**
 * Where the nodes of a YAML text are written, for diagnostics that point into it. js-yaml is the
 * one YAML parser of Sheaf, chosen for speed: on the largest YAML document of the corpus
 * (Stripe's OpenAPI, 4.2 MB; medians of 5 runs, Node 20, the 2-core machine) js-yaml reads it,
 * listener included, in about 90 ms, where `yaml`'s `parseDocument` (the library this module
 * replaced for positions) took about 1,500 ms; building this outline and locating one pointer
 * takes about 270 ms. js-yaml has no syntax tree, so its listener's `open`/`close` events (one
 * pair per node, nested as the nodes are) give the outline kept here: each node's offset and its
 * composed value. Positions are those `yaml` gave (checked on every YAML file of the corpus).
 */
interface OutlineNode {
  /** Character offset of the node's first character (spaces, line breaks and comments skipped). */
  offset: number;
  /** Character offset just past the node, as js-yaml left it (trailing spaces may follow). */
  end: number;
  /** The composed value (a mapping's object, a sequence's array, a scalar's value). */
  result: unknown;
  readonly children: OutlineNode[];
}

/** Offset of the node a JSON pointer's tokens reach (see `yamlOffsetLocator`). */
export type YamlOffsetLocator = (tokens: readonly string[]) => number;

/**
 * Parses a YAML text once and returns a function that finds where a pointer (as tokens) points:
 * it goes to the deepest existing node on the path; for a mapping member the offset is that of
 * its key (the first key of that name when a key is written twice), for a sequence item that of
 * the item. A text js-yaml refuses gives undefined (such files are reported at their syntax error
 * and never located by pointer).
 */
export function yamlOffsetLocator(text: string): YamlOffsetLocator | undefined {
  const root: OutlineNode = { offset: 0, end: 0, result: undefined, children: [] };
  const open: OutlineNode[] = [root];
  try {
    yaml.load(text, {
      schema: YAML_SCHEMA,
      json: true,
      maxDepth: MAX_PARSER_DEPTH,
      listener(event: 'open' | 'close', state: { position: number; result: unknown }) {
        if (event === 'open') {
          const node: OutlineNode = { offset: startOf(text, state.position), end: 0, result: undefined, children: [] };
          (open[open.length - 1] as OutlineNode).children.push(node);
          open.push(node);
          return;
        }
        const node = open.pop() as OutlineNode;
        node.end = state.position;
        node.result = state.result;
      },
    } as yaml.LoadOptions);
  } catch (error) {
    if (error instanceof yaml.YAMLException) return undefined;
    throw error;
  }
  const colonAfter = (node: OutlineNode) => text.charCodeAt(startOf(text, node.end)) === 0x3a; // `:`
  const top = root.children[0];
  return (tokens) => {
    let node = top && unwrap(top);
    let key: OutlineNode | undefined;
    for (const token of tokens) {
      if (node === undefined || typeof node.result !== 'object' || node.result === null) break;
      const entries = entriesOf(node.children, colonAfter);
      if (Array.isArray(node.result)) {
        const item = entries[Number(token)];
        if (item === undefined) break;
        key = undefined;
        node = unwrap(item[0]);
      } else {
        const member = entries.find(([k]) => String(k.result) === token);
        if (member === undefined) break;
        key = member[0];
        node = member[1] && unwrap(member[1]);
      }
    }
    const at = key ?? node;
    return at === undefined ? 0 : afterProperties(text, at.offset);
  };
}

/**
 * js-yaml tries to read a block mapping wherever one may start (a sequence item, the document):
 * when it finds a lone value instead, it keeps that inner node's result, so the outer node only
 * wraps it. The wrapped node is the one that counts.
 */
function unwrap(node: OutlineNode): OutlineNode {
  let at = node;
  while (at.children.length === 1 && Object.is((at.children[0] as OutlineNode).result, at.result)) at = at.children[0] as OutlineNode;
  return at;
}

/**
 * The entries of a collection from its child nodes: a mapping's `[key, value]` pairs, a
 * sequence's items (`[item]`, or `[key, value]` for a single pair `[a: 1]` in a flow sequence).
 * A key is followed by `:` and then by its value, except that a key may have none (`a:` followed
 * by the next key, `{a, b: 1}`).
 */
function entriesOf(children: readonly OutlineNode[], colonAfter: (node: OutlineNode) => boolean): [OutlineNode, OutlineNode?][] {
  const entries: [OutlineNode, OutlineNode?][] = [];
  for (let i = 0; i < children.length; i += 1) {
    const node = children[i] as OutlineNode;
    const next = children[i + 1];
    if (colonAfter(node) && next !== undefined && !colonAfter(next)) {
      entries.push([node, next]);
      i += 1;
    } else entries.push([node]);
  }
  return entries;
}

/** Past a node's properties (`&anchor`, `!tag`, each up to a space or line break) and the spaces after them: where its content starts. */
function afterProperties(text: string, offset: number): number {
  let at = offset;
  for (let c = text.charCodeAt(at); c === 0x26 /* & */ || c === 0x21 /* ! */; c = text.charCodeAt(at)) {
    while (at < text.length && !/\s/.test(text.charAt(at))) at += 1;
    at = startOf(text, at);
  }
  return at;
}

/** The first character at or after `offset` that is not a space, tab, line break or part of a comment. */
function startOf(text: string, offset: number): number {
  let at = offset;
  for (;;) {
    const c = text.charCodeAt(at);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) at += 1;
    else if (c === 0x23 /* # */ && (at === 0 || /[\s]/.test(text.charAt(at - 1)))) {
      const eol = text.indexOf('\n', at);
      at = eol < 0 ? text.length : eol + 1;
    } else return at;
  }
}
