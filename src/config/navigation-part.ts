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

/** Keys of the lists holding divisions (every child kind except groups and pages). */
const divisionLists = new Set(['languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'products', 'menu']);

/**
 * The children list (`…/tabs/0/groups`) of the innermost division holding `pointer` inside one
 * of its children, or `undefined`. Mintlify accepts a problem there: its schema falls back to the
 * division without that list, so it silently drops every child in it (measured on
 * `@mintlify/validation` 0.1.878); a problem elsewhere (the root's own groups and pages, a
 * division's own keys) makes it refuse the file.
 */
export function divisionChildren(pointer: string): string | undefined {
  const tokens = pointerTokens(pointer);
  if (tokens[0] !== 'navigation') return undefined;
  let found: string | undefined;
  for (let index = 2; index + 1 < tokens.length; index += 1) {
    const list = tokens[index - 1] ?? '';
    const child = tokens[index + 1] ?? '';
    if (divisionLists.has(list) && /^\d+$/.test(tokens[index] ?? '') && Object.hasOwn(childKinds, child)) {
      found = pointerFrom(tokens.slice(0, index + 2));
    }
  }
  return found;
}
