import { pointerFrom, pointerTokens } from '../diagnostics/positions.js';
import type { ConfigProblem } from './problem.js';
import { childKinds } from './schema/navigation-structure.js';

/** The keys naming a navigation element; a problem with one costs the whole element. */
const nameKeys = new Set(['group', 'tab', 'anchor', 'dropdown', 'version', 'language', 'product', 'item']);

/**
 * What to remove so that an error inside `navigation` costs only its part: the pointer of the
 * innermost navigation element (a page entry, group, division or global link) when the problem
 * is the element itself, its name or a missing required key; else the element's key holding the
 * problem (the element is kept without it, e.g. without a malformed `icon`). `undefined` for
 * problems outside `navigation` and for the navigation root itself: those cost the configuration.
 */
export function navigationPart(problem: Pick<ConfigProblem, 'code' | 'pointer'>): string | undefined {
  const tokens = pointerTokens(problem.pointer);
  if (tokens[0] !== 'navigation' || tokens.length < 2) return undefined;
  let element = 0;
  for (const [index, token] of tokens.entries()) {
    const owner = tokens[index - 1];
    if (index > 0 && /^\d+$/.test(token) && owner !== undefined && Object.hasOwn(childKinds, owner)) element = index;
  }
  const key = tokens[element + 1];
  const wholeElement = key === undefined || problem.code === 'config/missing-required' || nameKeys.has(key) || (key === 'href' && tokens[element - 2] === 'global');
  if (!wholeElement) return pointerFrom(tokens.slice(0, element + 2));
  return element === 0 ? undefined : pointerFrom(tokens.slice(0, element + 1));
}
