import { pointerFrom, pointerTokens } from '../diagnostics/positions.js';
import { describePath } from './describe.js';
import type { ConfigProblem } from './problem.js';
import { openapiSchema } from './schema/primitives.js';
import { visitNavigation } from './visit-navigation.js';
import { problemsFromIssues } from './zod-issues.js';

/**
 * Mintlify silently drops an invalid `openapi` on a navigation group. We drop it too, but say so:
 * returns `config` without those keys (a copy; the input is not changed) and one
 * `config/invalid-openapi` warning per dropped key.
 */
export function dropInvalidGroupOpenapi(config: Readonly<Record<string, unknown>>): {
  readonly config: Readonly<Record<string, unknown>>;
  readonly problems: readonly ConfigProblem[];
} {
  const problems: ConfigProblem[] = [];
  visitNavigation(config['navigation'], '/navigation', (node, kind, pointer) => {
    if (kind !== 'group' || node['openapi'] === undefined) return;
    const parsed = openapiSchema.safeParse(node['openapi']);
    if (parsed.success) return;
    const pointerOfKey = pointer + pointerFrom(['openapi']);
    const [detail] = problemsFromIssues(parsed.error.issues, openapiSchema, config, pointerTokens(pointerOfKey));
    const name = typeof node['group'] === 'string' ? ` of group \`${node['group']}\`` : '';
    problems.push({
      code: 'config/invalid-openapi',
      pointer: pointerOfKey,
      message: `The \`openapi\`${name} (\`${describePath(pointer)}\`) is invalid and is ignored${detail ? `: ${lowerFirst(detail.message)}` : '.'}`,
      hint: `${detail?.hint ? detail.hint + ' ' : ''}Give a path or URL, an array of them, or \`{ "source": …, "directory": … }\`; or remove it (Mintlify ignores it silently).`,
    });
  });
  let out: unknown = config;
  for (const problem of problems) out = removeAt(out, pointerTokens(problem.pointer));
  return { config: out as Readonly<Record<string, unknown>>, problems };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A copy of `value` without the member at `tokens`, sharing every untouched branch. */
function removeAt(value: unknown, tokens: readonly string[]): unknown {
  const [head, ...rest] = tokens;
  if (head === undefined) return value;
  if (Array.isArray(value)) {
    const index = Number(head);
    return value.map((item, i) => (i === index ? removeAt(item, rest) : item));
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (rest.length === 0) {
    const { [head]: _removed, ...others } = record;
    return others;
  }
  return { ...record, [head]: removeAt(record[head], rest) };
}
