import type { Nodes } from 'hast';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';

/**
 * The class names written on the elements of a rendered page body: the candidates the Tailwind
 * stylesheet is generated from (generate-tailwind-css.ts). Only class attributes count, never text:
 * a code sample that shows `class="flex"` adds nothing. Returns each name once, sorted by code
 * unit, so the result of a page is the same whatever the order of its elements.
 *
 * Pass page bodies only (what authors wrote, plus the markup of Sheaf's components inside them):
 * Sheaf's own layout classes are `sheaf-*` and match no Tailwind utility, but the shell around the
 * body has no business in a per-site stylesheet.
 */
export function collectClassNames(tree: Nodes): string[] {
  const names = new Set<string>();
  addClassNames(names, tree);
  return [...names].sort(compareCodeUnits);
}

/**
 * The same over a body given as HTML, parsed as a fragment by the HTML parser (never scanned by
 * pattern). parse5's own tree is walked, without converting it to hast: half the work, and no
 * recursion (hast-util-from-parse5 overflows the stack on some 10,000 nested elements).
 */
export function collectClassNamesFromHtml(html: string): string[] {
  const names = new Set<string>();
  const stack: DefaultTreeAdapterTypes.ParentNode[] = [parseFragment(html)];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if ('attrs' in node) {
      for (const attr of node.attrs) if (attr.name === 'class' && !attr.namespace) for (const name of splitClasses(attr.value)) names.add(name);
      if ('content' in node) stack.push(node.content);
    }
    for (const child of node.childNodes) if ('childNodes' in child) stack.push(child);
  }
  return [...names].sort(compareCodeUnits);
}

/** Adds the class names of `tree` to `into` (for a union over many pages without sorting each). */
export function addClassNames(into: Set<string>, tree: Nodes): void {
  // An explicit stack: a deeply nested body must not overflow the call stack.
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'element') {
      for (const name of classList(node.properties['className'])) into.add(name);
      // <template> keeps its children in `content` (a root), not in `children`.
      if (node.content) stack.push(node.content);
    }
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i] as Nodes);
  }
}

/** Prefix of Sheaf's own class names: no Tailwind utility starts with it. */
const SHEAF_PREFIX = 'sheaf-';

/**
 * The class names of a rendered page body (its article and right-hand panel trees) as a page's
 * rendered body stores them: sorted, each once, Sheaf's own `sheaf-*` left out (they are on
 * every page and match no utility; leaving them out keeps cached bodies small).
 */
export function contentClassNames(trees: readonly Nodes[]): string[] {
  const names = new Set<string>();
  for (const tree of trees) addClassNames(names, tree);
  return [...names].filter((name) => !name.startsWith(SHEAF_PREFIX)).sort(compareCodeUnits);
}

/** hast's `className` is a list of names; a hand-built tree may hold one string (split as HTML splits it). */
function classList(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? splitClasses(String(v)) : []));
  if (typeof value === 'string') return splitClasses(value);
  return [];
}

/** Splits on ASCII whitespace, the separator of the HTML class attribute. */
function splitClasses(value: string): string[] {
  return value.split(/[\t\n\f\r ]+/).filter((v) => v.length > 0);
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
