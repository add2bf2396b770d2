import type { FunctionDeclaration, Program } from 'estree';
import { constDeclaration, identifier, objectPattern } from './estree-builders.js';

/** Filled by the remark stage: the names a snippet reads without defining them. */
export interface SnippetProps {
  names: readonly string[];
}

/**
 * Mintlify snippets read their props as free names: `<X word="hi"/>` and `{word}` inside the
 * snippet. This declares `const {word} = props` at the start of the snippet's
 * `_createMdxContent(props)`, for every such name that function does not declare itself. A
 * name with no prop is `undefined` and renders nothing.
 */
export function recmaSnippetProps(state: SnippetProps) {
  return (program: Program): void => {
    const fn = program.body.find(
      (n): n is FunctionDeclaration => n.type === 'FunctionDeclaration' && n.id?.name === '_createMdxContent',
    );
    if (!fn) return;
    const own = new Set<string>();
    for (const statement of fn.body.body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const d of statement.declarations) {
        if (d.id.type === 'Identifier') own.add(d.id.name);
        else if (d.id.type === 'ObjectPattern')
          for (const p of d.id.properties) if (p.type === 'Property' && p.value.type === 'Identifier') own.add(p.value.name);
      }
    }
    const names = state.names.filter((n) => !own.has(n));
    if (names.length > 0) fn.body.body.unshift(constDeclaration(objectPattern(names.map((n) => [n, n])), identifier('props')));
  };
}
