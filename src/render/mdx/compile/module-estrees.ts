import type { Program } from 'estree';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';

/** Every estree program of a module's mdast (ESM blocks, `{…}` expressions, attribute expressions). */
export function moduleEstrees(tree: Root): Program[] {
  const out: Program[] = [];
  const add = (p: unknown) => {
    if (p && typeof p === 'object' && (p as { type?: unknown }).type === 'Program') out.push(p as Program);
  };
  visit(tree, (node) => {
    if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') add(node.data?.estree);
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const a of node.attributes) {
        if (a.type === 'mdxJsxExpressionAttribute') add(a.data?.estree);
        else if (a.value && typeof a.value === 'object') add(a.value.data?.estree);
      }
    }
  });
  return out;
}

/** Estree keys that hold no child nodes. */
const SKIP_KEYS = new Set(['loc', 'range', 'start', 'end', 'comments', 'position', 'parent']);

/** Calls `enter` for every estree node below `root`, depth first. */
export function walkEstree(root: unknown, enter: (node: { type: string } & Record<string, unknown>) => void): void {
  if (Array.isArray(root)) {
    for (const item of root) walkEstree(item, enter);
    return;
  }
  if (!root || typeof root !== 'object' || typeof (root as { type?: unknown }).type !== 'string') return;
  const node = root as { type: string } & Record<string, unknown>;
  enter(node);
  for (const [key, value] of Object.entries(node)) if (!SKIP_KEYS.has(key) && value && typeof value === 'object') walkEstree(value, enter);
}
