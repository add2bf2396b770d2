import type { Node as EstreeNode } from 'estree';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { Point, PointMapper } from '../preprocess/point-mapper.js';

/** Estree keys that hold no child nodes worth walking. */
const SKIP_KEYS = new Set(['loc', 'range', 'start', 'end', 'comments', 'position']);

function collect(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, out);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as EstreeNode & Record<string, unknown>;
  if (n.type === 'Identifier') {
    out.add(n.name);
    return;
  }
  for (const [key, value] of Object.entries(n)) {
    if (SKIP_KEYS.has(key)) continue;
    if (n.type === 'MemberExpression' && key === 'property' && !n.computed) continue;
    if (n.type === 'Property' && key === 'key' && !n.computed) continue;
    collect(value, out);
  }
}

/**
 * Identifiers used in the JS expressions of a module's content (`{name}`, `attr={name}`,
 * `{...spread}`), each with the place of its first use in the file as written. Used to locate
 * a runtime `X is not defined` and to find the props a snippet reads (`{word}`).
 * Property names are not references; parameters of inline functions are included (harmless).
 */
export function expressionNames(tree: Root, mapPoint: PointMapper): Map<string, Point> {
  const out = new Map<string, Point>();
  visit(tree, (node) => {
    const estrees: unknown[] = [];
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') estrees.push(node.data?.estree);
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const a of node.attributes) {
        if (a.type === 'mdxJsxExpressionAttribute') estrees.push(a.data?.estree);
        else if (a.value && typeof a.value === 'object') estrees.push(a.value.data?.estree);
      }
    }
    if (estrees.length === 0 || !node.position) return;
    const names = new Set<string>();
    collect(estrees, names);
    const place = mapPoint(node.position.start);
    for (const name of names) if (!out.has(name)) out.set(name, place);
  });
  return out;
}
