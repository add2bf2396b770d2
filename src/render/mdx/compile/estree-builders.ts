import type { Expression, Identifier, Literal, MemberExpression, Pattern, VariableDeclaration } from 'estree';

/** Small estree constructors for the code Sheaf adds to compiled MDX. */
export const identifier = (name: string): Identifier => ({ type: 'Identifier', name });
export const literal = (value: string | number): Literal => ({ type: 'Literal', value });

export function member(object: Expression, property: string | number, computed = typeof property !== 'string'): MemberExpression {
  return {
    type: 'MemberExpression',
    object,
    property: computed ? literal(property) : identifier(String(property)),
    computed,
    optional: false,
  };
}

/** `arguments[0]._sheafImports[key]`: the exports of an import, handed in at evaluation. */
export function importsAccess(key: string): MemberExpression {
  return member(member(member(identifier('arguments'), 0), '_sheafImports'), key, true);
}

export function constDeclaration(id: Pattern, init: Expression): VariableDeclaration {
  return { type: 'VariableDeclaration', kind: 'const', declarations: [{ type: 'VariableDeclarator', id, init }] };
}

/** `{a: b, c: c}` as a destructuring pattern from (imported name, local name) pairs. */
export function objectPattern(pairs: ReadonlyArray<readonly [string, string]>): Pattern {
  return {
    type: 'ObjectPattern',
    properties: pairs.map(([imported, local]) => ({
      type: 'Property',
      kind: 'init',
      method: false,
      shorthand: false,
      computed: true,
      key: literal(imported),
      value: identifier(local),
    })),
  };
}
