import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { createDiagnostic } from '../../../diagnostics/create.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import { didYouMean, nearest } from '../nearest.js';
import type { Point, PointMapper } from '../preprocess/point-mapper.js';
import type { AdaptedComponents } from './adapt-components.js';
import { isJsxElement, type JsxElement } from './jsx-nodes.js';
import { moduleEstrees } from './module-estrees.js';
import { resolveEstreeJsx } from './resolve-estree-jsx.js';

/** True for names JSX treats as HTML elements: lowercase first letter or a namespace (`svg:x`). */
const isIntrinsic = (name: string) => /^[a-z]/.test(name) || name.includes(':');

/**
 * Checks every capitalised JSX name against the module's own bindings and the components map.
 * A dotted name the map has as a flat key is renamed to its alias; an unknown name is reported
 * once per module (`mdx/unknown-component`, with the nearest known names) and the element
 * becomes `<div class="unknown-component" data-component="Name">` (a `span` inline) around its
 * children, its attributes dropped.
 */
export function resolveComponentNames(
  tree: Root,
  ctx: { readonly file: string; readonly declared: ReadonlySet<string>; readonly components: AdaptedComponents; readonly mapPoint: PointMapper },
): Diagnostic[] {
  const reported = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const report = (name: string, place: Point | undefined) => {
    if (!reported.has(name)) {
      reported.add(name);
      const hint = didYouMean(nearest(name, ctx.components.names));
      diagnostics.push(
        createDiagnostic('mdx/unknown-component', {
          message: `Unknown component \`<${name}>\`: only its content is shown.`,
          file: ctx.file,
          ...(place ? ctx.mapPoint(place) : {}),
          hint: hint ?? 'import it from a snippet (`import { Name } from "/snippets/name.jsx"`) or use a built-in component',
        }),
      );
    }
  };
  const unknown = (node: JsxElement, name: string) => {
    report(name, node.position?.start);
    node.name = node.type === 'mdxJsxFlowElement' ? 'div' : 'span';
    node.attributes = [
      { type: 'mdxJsxAttribute', name: 'className', value: 'unknown-component' },
      { type: 'mdxJsxAttribute', name: 'data-component', value: name },
    ];
  };
  visit(tree, (node) => {
    if (!isJsxElement(node) || !node.name || isIntrinsic(node.name)) return;
    const name = node.name;
    const head = name.split('.')[0] ?? name;
    if (ctx.declared.has(head)) return;
    const resolution = ctx.components.resolve(name);
    if (!resolution) unknown(node, name);
    else if (resolution.kind === 'alias') node.name = resolution.alias;
  });
  resolveEstreeJsx(moduleEstrees(tree), (name) => ctx.components.resolve(name), report);
  return diagnostics;
}
