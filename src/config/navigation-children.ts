import { pointerFrom } from '../diagnostics/positions.js';
import { isRecord } from '../parse/is-record.js';
import { describePath } from './describe.js';
import type { ConfigProblem } from './problem.js';
import { allowedChildren, childKinds, type ChildKey, type NavigationKind } from './schema/navigation-structure.js';

/**
 * Which kind of children Mintlify keeps when one navigation element holds several: the first of
 * this list that is present (after `href`: a link keeps no children). Measured on
 * `@mintlify/validation` 0.1.878, which tries one schema per kind in this order and strips the
 * keys of the others (e.g. `{versions, tabs}` at the root keeps `versions`). The order measured is
 * the order of each kind's accepted children in the schema, so the one list serves both.
 */
export const childPriority: Readonly<Record<Exclude<NavigationKind, 'group'>, readonly ChildKey[]>> = withoutGroup(allowedChildren);

/** The lists of the division kinds (a group holds only pages, so it never chooses). */
function withoutGroup<T extends { readonly group: unknown }>(lists: T): Omit<T, 'group'> {
  const { group: _group, ...divisions } = lists;
  return divisions;
}

const labels: Readonly<Record<NavigationKind, string>> = {
  navigation: '`navigation`',
  tab: 'This tab',
  anchor: 'This anchor',
  dropdown: 'This dropdown',
  version: 'This version',
  language: 'This language',
  product: 'This product',
  menuItem: 'This menu item',
  group: 'This group',
};

/**
 * Resolves navigation elements holding more than one kind of children as Mintlify does: the
 * kind first in `childPriority` is kept (none when the element is a link with `href`), the
 * others are removed, each with a `config/ignored-children` warning at the removed key. Returns
 * a copy (the input is not changed); elements keep their place, so pointers stay valid.
 */
export function resolveNavigationChildren(config: Readonly<Record<string, unknown>>): {
  readonly config: Readonly<Record<string, unknown>>;
  readonly problems: readonly ConfigProblem[];
} {
  if (!isRecord(config['navigation'])) return { config, problems: [] };
  const problems: ConfigProblem[] = [];
  const navigation = resolveNode(config['navigation'], 'navigation', '/navigation', problems);
  return problems.length === 0 ? { config, problems } : { config: { ...config, navigation }, problems };
}

function resolveNode(node: Readonly<Record<string, unknown>>, kind: NavigationKind, pointer: string, problems: ConfigProblem[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...node };
  if (kind !== 'group') {
    const present = childPriority[kind].filter((key) => node[key] !== undefined);
    const kept = kind !== 'navigation' && node['href'] !== undefined ? 'href' : present[0];
    for (const key of present.filter((k) => k !== kept)) {
      delete out[key];
      problems.push(ignored(kind, pointer, key, kept ?? ''));
    }
  }
  for (const key of allowedChildren[kind]) {
    const items = out[key];
    if (!Array.isArray(items)) continue;
    out[key] = items.map((item: unknown, index) =>
      isRecord(item) ? resolveNode(item, childKinds[key], pointer + pointerFrom([key, index]), problems) : item,
    );
  }
  return out;
}

function ignored(kind: NavigationKind, pointer: string, key: string, kept: string): ConfigProblem {
  const subject = kind === 'navigation' ? labels.navigation : `${labels[kind]} (\`${describePath(pointer)}\`)`;
  const [message, hint] =
    kept === 'href'
      ? [`${subject} is a link (\`href\`), so its \`${key}\` are ignored, as on Mintlify.`, `Remove \`href\` to show the \`${key}\`, or remove \`${key}\`.`]
      : [
          `${subject} holds both \`${kept}\` and \`${key}\`; \`${key}\` is ignored, as Mintlify reads only \`${kept}\`.`,
          `An element holds one kind of children: nest the \`${key}\` inside the elements of \`${kept}\`, or move them to a sibling element.`,
        ];
  return {
    code: 'config/ignored-children',
    pointer: pointer + pointerFrom([key]),
    message,
    hint,
    related: [{ pointer: pointer + pointerFrom([kept]), message: `\`${kept}\` is set here.` }],
  };
}
