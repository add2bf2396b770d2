import { pointerFrom } from '../diagnostics/positions.js';
import { describePath, listOf } from './describe.js';
import type { ConfigProblem } from './problem.js';
import { variationThemes } from './schema/docs-config.js';
import { allowedChildren, type NavigationKind } from './schema/navigation-structure.js';
import { visitNavigation } from './visit-navigation.js';

/**
 * Cross-field rules of docs.json that a per-key schema cannot state, checked on the merged value
 * (before or without zod: every rule guards its own types, so a malformed part is skipped and
 * left to the schema's diagnostics):
 * - the navigation root holds exactly one kind of children; every other element at most one, and
 *   a link (`href`) holds none;
 * - a tab with `graphql` or `sdk` holds nothing but `groups`;
 * - each redirect `source` appears once;
 * - `variations` only with a theme that supports it.
 */
export function checkConfig(config: Readonly<Record<string, unknown>>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  visitNavigation(config['navigation'], '/navigation', (node, kind, pointer) => problems.push(...checkChildren(node, kind, pointer)));
  problems.push(...checkRedirects(config['redirects']));
  const theme = config['theme'];
  if (config['variations'] !== undefined && typeof theme === 'string' && !variationThemes.includes(theme)) {
    problems.push({
      code: 'config/unknown-key',
      pointer: '/variations',
      message: `\`variations\` is not available with the \`${theme}\` theme.`,
      hint: `Use the ${listOf(variationThemes)} theme, or remove \`variations\`.`,
    });
  }
  return problems;
}

const labels: Readonly<Record<NavigationKind, string>> = {
  navigation: 'navigation',
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  version: 'version',
  language: 'language',
  product: 'product',
  menuItem: 'menu item',
  group: 'group',
};

function checkChildren(node: Readonly<Record<string, unknown>>, kind: NavigationKind, pointer: string): ConfigProblem[] {
  if (kind === 'group') return [];
  const children: string[] = allowedChildren[kind].filter((key) => node[key] !== undefined);
  const at = describePath(pointer);
  if (kind === 'navigation') {
    if (children.length > 0) return conflicts(children, pointer, `\`navigation\``);
    return [
      {
        code: 'config/missing-required',
        pointer,
        message: `\`navigation\` must hold one of ${listOf(allowedChildren.navigation)}.`,
        hint: 'Add e.g. `"groups": [{ "group": "Get started", "pages": ["index"] }]`.',
      },
    ];
  }
  const special = ['graphql', 'sdk'].filter((key) => kind === 'tab' && node[key] !== undefined);
  if (special.length > 0) {
    const others = [...Object.keys(node).filter((k) => ['href', 'openapi', 'asyncapi', 'global'].includes(k)), ...children.filter((k) => k !== 'groups')];
    return conflicts([...special, ...others], pointer, `This tab (\`${at}\`)`);
  }
  const linked = node['href'] !== undefined ? ['href', ...children] : children;
  return conflicts(linked, pointer, `This ${labels[kind]} (\`${at}\`)`);
}

/** One problem on the second of two or more mutually exclusive keys present on one element. */
function conflicts(keys: readonly string[], pointer: string, subject: string): ConfigProblem[] {
  const [first, second] = keys;
  if (first === undefined || second === undefined) return [];
  const [message, hint] =
    first === 'href'
      ? [`${subject} is a link (\`href\`) and also holds \`${second}\`.`, `Remove \`href\`, or move \`${second}\` to another element.`]
      : first === 'graphql' || first === 'sdk'
        ? [`${subject} has \`${first}\`, which excludes \`${second}\`.`, `A \`${first}\` tab may only add \`groups\`: remove \`${second}\` or move it to another tab.`]
        : [
            `${subject} holds both \`${first}\` and \`${second}\`; an element holds one kind of children.`,
            `Keep one kind: nest the \`${second}\` inside an element of \`${first}\`, or move them to a sibling element.`,
          ];
  return [
    {
      code: 'config/conflicting-keys',
      pointer: pointer + pointerFrom([second]),
      message,
      hint,
      related: [{ pointer: pointer + pointerFrom([first]), message: `\`${first}\` is set here.` }],
    },
  ];
}

function checkRedirects(redirects: unknown): ConfigProblem[] {
  if (!Array.isArray(redirects)) return [];
  const seen = new Map<string, number>();
  const problems: ConfigProblem[] = [];
  for (const [index, redirect] of redirects.entries()) {
    const source: unknown = typeof redirect === 'object' && redirect !== null ? (redirect as Record<string, unknown>)['source'] : undefined;
    if (typeof source !== 'string') continue;
    const first = seen.get(source);
    if (first === undefined) {
      seen.set(source, index);
      continue;
    }
    problems.push({
      code: 'config/duplicate-redirect',
      pointer: pointerFrom(['redirects', index, 'source']),
      message: `Redirect source \`${source}\` is already used by \`redirects[${first}]\`.`,
      hint: 'Keep one redirect per source: remove or merge this one.',
      related: [{ pointer: pointerFrom(['redirects', first, 'source']), message: 'First redirect with this source.' }],
    });
  }
  return problems;
}
