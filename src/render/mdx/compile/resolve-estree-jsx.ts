import type { Program } from 'estree';
import type { Point } from '../preprocess/point-mapper.js';
import type { ComponentResolution } from './adapt-components.js';
import { walkEstree } from './module-estrees.js';

type EstreeNode = { type: string } & Record<string, unknown>;

/** `Foo` or `Foo.Bar` from a JSX element name; `undefined` for namespaced names. */
function jsxName(name: unknown): string | undefined {
  const n = name as EstreeNode | undefined;
  if (n?.type === 'JSXIdentifier') return String(n['name']);
  if (n?.type === 'JSXMemberExpression') {
    const object = jsxName(n['object']);
    const property = (n['property'] as EstreeNode | undefined)?.['name'];
    return object === undefined ? undefined : `${object}.${String(property)}`;
  }
  return undefined;
}

/** Every identifier a program declares anywhere: variables, parameters, functions, classes, imports. */
function declaredAnywhere(programs: readonly Program[]): Set<string> {
  const names = new Set<string>();
  const addPattern = (p: unknown) =>
    walkEstree(p, (n) => {
      if (n.type === 'Identifier') names.add(String(n['name']));
    });
  for (const program of programs) {
    walkEstree(program, (n) => {
      if (n.type === 'VariableDeclarator') addPattern(n['id']);
      else if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') {
        addPattern(n['id']);
        addPattern(n['params']);
      } else if (n.type === 'ClassDeclaration') addPattern(n['id']);
      else if (n.type === 'CatchClause') addPattern(n['param']);
      else if (n.type.startsWith('Import') && n.type.endsWith('Specifier')) addPattern(n['local']);
    });
  }
  return names;
}

/**
 * JSX written inside JS (`export const X = () => <CodeBlock/>`, `{cond && <Foo/>}`) escapes the
 * mdast check, and MDX throws for a component it cannot find. This finds such elements whose
 * name is declared nowhere in the module and that `resolve` does not know, calls `unknown` for
 * each, and turns them into `<div class="unknown-component" data-component="Name">` as in content.
 */
export function resolveEstreeJsx(
  programs: readonly Program[],
  resolve: (name: string) => ComponentResolution | undefined,
  unknown: (name: string, place: Point | undefined) => void,
): void {
  const declared = declaredAnywhere(programs);
  for (const program of programs) {
    walkEstree(program, (n) => {
      if (n.type !== 'JSXElement') return;
      const opening = n['openingElement'] as EstreeNode;
      const name = jsxName(opening['name']);
      if (name === undefined || /^[a-z]/.test(name) || declared.has(name.split('.')[0] ?? name)) return;
      const closing = n['closingElement'] as EstreeNode | null;
      const resolution = resolve(name);
      if (resolution?.kind === 'alias') {
        opening['name'] = { type: 'JSXIdentifier', name: resolution.alias };
        if (closing) closing['name'] = { type: 'JSXIdentifier', name: resolution.alias };
      }
      if (resolution) return;
      const loc = (opening['loc'] as { start?: { line: number; column: number } } | undefined)?.start;
      unknown(name, loc ? { line: loc.line, column: loc.column + 1 } : undefined);
      const attribute = (key: string, value: string) => ({
        type: 'JSXAttribute',
        name: { type: 'JSXIdentifier', name: key },
        value: { type: 'Literal', value },
      });
      opening['name'] = { type: 'JSXIdentifier', name: 'div' };
      opening['attributes'] = [attribute('className', 'unknown-component'), attribute('data-component', name)];
      if (closing) closing['name'] = { type: 'JSXIdentifier', name: 'div' };
    });
  }
}
