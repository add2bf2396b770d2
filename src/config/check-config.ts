import { pointerFrom } from '../diagnostics/positions.js';
import { describePath, listOf } from './describe.js';
import type { ConfigProblem } from './problem.js';
import { variationThemes } from './schema/docs-config.js';
import { allowedChildren, type NavigationKind } from './schema/navigation-structure.js';
import { visitNavigation } from './visit-navigation.js';

/**
 * Cross-field rules of docs.json that a per-key schema cannot state, checked on the merged value
 * (before or without zod: every rule guards its own types, so a malformed part is skipped and
 * left to the schema's diagnostics). Elements holding several kinds of children were resolved
 * before (`navigation-children.ts`).
 * - the navigation root holds a kind of children;
 * - a tab with `graphql` or `sdk` holds nothing but `groups`;
 * - a group has a name: an error in docs.json, a `config/untitled-group` warning in a `legacy`
 *   mint.json (whose schema allows it); either way the group is kept, shown without a heading;
 * - each redirect `source` appears once;
 * - `variations` only with a theme that supports it (else ignored, as Mintlify strips it).
 */
export function checkConfig(config: Readonly<Record<string, unknown>>, legacy = false): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  visitNavigation(config['navigation'], '/navigation', (node, kind, pointer) => {
    problems.push(...checkChildren(node, kind, pointer));
    if (kind === 'group' && node['group'] === '') problems.push(untitled(pointer, legacy));
  });
  problems.push(...checkRedirects(config['redirects']));
  const theme = config['theme'];
  if (config['variations'] !== undefined && typeof theme === 'string' && !variationThemes.includes(theme)) {
    problems.push({
      code: 'config/ignored-key',
      pointer: '/variations',
      message: `\`variations\` is ignored: it is not available with the \`${theme}\` theme.`,
      hint: `Use the ${listOf(variationThemes)} theme, or remove \`variations\`.`,
    });
  }
  return problems;
}

function untitled(pointer: string, legacy: boolean): ConfigProblem {
  const at = pointer + pointerFrom(['group']);
  if (legacy) {
    return {
      code: 'config/untitled-group',
      pointer: at,
      message: 'This group has an empty name, which mint.json allows; it is shown without a heading.',
      hint: 'docs.json requires a group name: give the group one before moving to docs.json.',
      kept: true,
    };
  }
  return {
    code: 'config/invalid-value',
    pointer: at,
    message: `\`${describePath(at)}\` must not be empty; the group is shown without a heading.`,
    hint: 'Name the group: docs.json requires a group name.',
    kept: true,
  };
}

function checkChildren(node: Readonly<Record<string, unknown>>, kind: NavigationKind, pointer: string): ConfigProblem[] {
  if (kind === 'group') return [];
  if (kind === 'navigation') {
    if (allowedChildren.navigation.some((key) => node[key] !== undefined)) return [];
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
  if (special.length === 0) return [];
  const children: string[] = allowedChildren[kind].filter((key) => node[key] !== undefined);
  const others = [...Object.keys(node).filter((k) => ['href', 'openapi', 'asyncapi', 'global'].includes(k)), ...children.filter((k) => k !== 'groups')];
  return conflicts([...special, ...others], pointer, `This tab (\`${describePath(pointer)}\`)`);
}

/** One problem on the second of the keys of a `graphql`/`sdk` tab (`first`) that exclude each other. */
function conflicts(keys: readonly string[], pointer: string, subject: string): ConfigProblem[] {
  const [first, second] = keys;
  if (first === undefined || second === undefined) return [];
  return [
    {
      code: 'config/conflicting-keys',
      pointer: pointer + pointerFrom([second]),
      message: `${subject} has \`${first}\`, which excludes \`${second}\`.`,
      hint: `A \`${first}\` tab may only add \`groups\`: remove \`${second}\` or move it to another tab.`,
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
