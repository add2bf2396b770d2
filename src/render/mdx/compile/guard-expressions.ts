import type { Expression, ExpressionStatement, Program } from 'estree';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { Point, PointMapper } from '../preprocess/point-mapper.js';
import { identifier, literal } from './estree-builders.js';

/** The parameter `evaluateModule` passes the expression guard in as (see expression-guard.ts). */
export const GUARD_NAME = '_sheafExpression';

/** One guarded expression of a module's content, by its index in the compiled code. */
export interface ExpressionSite {
  /** `content`: `{…}` in text or flow; `attribute`: `name={…}`; `spread`: `{...…}` on an element. */
  readonly kind: 'content' | 'attribute' | 'spread';
  /** The expression as written, braces included (`{ID}`): what a failing content expression shows. */
  readonly source: string;
  /** The attribute's name, for `attribute`. */
  readonly attribute?: string;
  /** Where it starts in the file as written, when known. */
  readonly place?: Point;
}

/** True for an expression that cannot throw when evaluated: a literal or a template without `${}`. */
function inert(e: Expression): boolean {
  return e.type === 'Literal' || (e.type === 'TemplateLiteral' && e.expressions.length === 0);
}

/** `_sheafExpression(() => (e), index)`. */
function wrap(e: Expression, index: number): Expression {
  return {
    type: 'CallExpression',
    optional: false,
    callee: identifier(GUARD_NAME),
    arguments: [{ type: 'ArrowFunctionExpression', params: [], body: e, expression: true, async: false, generator: false }, literal(index)],
  };
}

/** A copy of an expression program whose single expression statement is `wrap`ped, or `undefined` when it needs none. */
function guardProgram(program: Program | null | undefined, index: number): Program | undefined {
  const statement = program?.body[0];
  if (!program || program.body.length !== 1 || statement?.type !== 'ExpressionStatement' || inert(statement.expression)) return undefined;
  return { ...program, body: [{ ...statement, expression: wrap(statement.expression, index) }] };
}

/** The spread program `({...x})` with its argument `wrap`ped, or `undefined` when it is not one. */
function guardSpread(program: Program | null | undefined, index: number): Program | undefined {
  const statement = program?.body[0];
  if (!program || statement?.type !== 'ExpressionStatement') return undefined;
  const object = statement.expression;
  const spread = object.type === 'ObjectExpression' ? object.properties[0] : undefined;
  if (object.type !== 'ObjectExpression' || spread?.type !== 'SpreadElement') return undefined;
  const guarded: ExpressionStatement = { ...statement, expression: { ...object, properties: [{ ...spread, argument: wrap(spread.argument, index) }] } };
  return { ...program, body: [guarded] };
}

/**
 * Makes each expression of a module's content cost only itself when it throws: `{e}`,
 * `name={e}` and `{...e}` become calls of the guard `evaluateModule` provides
 * (`_sheafExpression(() => (e), i)`), which evaluates `e` and, when it throws, reports it and
 * gives the fallback of site `i`. Expressions inside ESM (`export const …`) are not content and
 * are left alone. Runs last in the remark stage: the programs are replaced by copies, so trees
 * taken earlier (the Markdown copy) keep the expressions as written. Returns the sites in index order.
 */
export function guardExpressions(tree: Root, mapPoint: PointMapper): ExpressionSite[] {
  const sites: ExpressionSite[] = [];
  const placeOf = (position: { start: Point } | undefined) => (position ? mapPoint(position.start) : undefined);
  const add = (site: Omit<ExpressionSite, 'place'>, position: { start: Point } | undefined) => {
    const place = placeOf(position);
    sites.push(place ? { ...site, place } : site);
  };
  visit(tree, (node) => {
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const guarded = guardProgram(node.data?.estree, sites.length);
      if (!guarded) return;
      add({ kind: 'content', source: `{${node.value}}` }, node.position);
      node.data = { ...node.data, estree: guarded };
      return;
    }
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    for (const a of node.attributes) {
      if (a.type === 'mdxJsxExpressionAttribute') {
        const guarded = guardSpread(a.data?.estree, sites.length);
        if (!guarded) continue;
        add({ kind: 'spread', source: `{${a.value}}` }, a.position ?? node.position);
        a.data = { ...a.data, estree: guarded };
      } else if (a.value && typeof a.value === 'object') {
        const value = a.value;
        const guarded = guardProgram(value.data?.estree, sites.length);
        if (!guarded) continue;
        add({ kind: 'attribute', source: `{${value.value}}`, attribute: a.name }, a.position ?? node.position);
        value.data = { ...value.data, estree: guarded };
      }
    }
  });
  return sites;
}
