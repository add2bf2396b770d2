import { pointerFrom, pointerTokens } from '../../diagnostics/positions.js';
import { describePath } from '../describe.js';
import type { ConfigProblem } from '../problem.js';
import { workingCopy, type WorkingCopy } from '../working-copy.js';
import { originOf } from '../origins.js';
import { isRecord } from '../../parse/is-record.js';
import type { ConfigOrigin } from '../../model/project.js';
import { problemsFromIssues } from '../zod-issues.js';
import { mintConfigSchema } from './mint-schema.js';
import { upgradeMintConfig, type UpgradedConfig } from './upgrade-mint-config.js';

/** mint.json lists whose items are parts of the navigation: a broken item costs only itself. */
const partLists = new Set(['navigation', 'pages', 'tabs', 'anchors', 'versions']);

/**
 * Checks a parsed mint.json loosely (the structure the upgrade needs) and upgrades it. A problem
 * inside an item of `navigation` (a group or page entry), `tabs`, `anchors` or `versions` costs
 * that item: it is reported (an error, saying the item is left out) and the rest is upgraded.
 * Any other problem costs the file: the output is `undefined`. Problems are located by pointers
 * into mint.json.
 */
export function upgradeMintJson(value: unknown, file: string): { readonly output: UpgradedConfig | undefined; readonly problems: readonly ConfigProblem[] } {
  const copy = workingCopy(value);
  const problems: ConfigProblem[] = [];
  for (;;) {
    const parsed = mintConfigSchema.safeParse(copy.value);
    if (parsed.success) {
      const upgraded = upgradeMintConfig(parsed.data, file);
      return { output: problems.length === 0 ? upgraded : { ...upgraded, origins: remapped(upgraded, copy) }, problems };
    }
    const found = problemsFromIssues(parsed.error.issues, mintConfigSchema, copy.value);
    const parts = found.map((problem) => partOf(problem.pointer));
    if (parts.some((part) => part === undefined)) {
      return { output: undefined, problems: [...problems, ...found.map((p) => ({ ...p, pointer: copy.original(p.pointer) }))] };
    }
    for (const [index, problem] of found.entries()) {
      const part = copy.original(parts[index] ?? '');
      problems.push({ ...problem, pointer: copy.original(problem.pointer), message: `${problem.message} \`${describePath(part)}\` of mint.json is left out; the rest is built.` });
    }
    const targets = [...new Set(parts.filter((part): part is string => part !== undefined))].sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
    if (targets.filter((target) => copy.remove(target)).length === 0) return { output: undefined, problems };
  }
}

/** The innermost item of a navigation list holding `pointer`, or `undefined` outside them. */
function partOf(pointer: string): string | undefined {
  const tokens = pointerTokens(pointer);
  let end = -1;
  for (const [index, token] of tokens.entries()) {
    const list = tokens[index - 1];
    if (index > 0 && /^\d+$/.test(token) && list !== undefined && partLists.has(list)) end = index;
  }
  return end < 0 ? undefined : pointerFrom(tokens.slice(0, end + 1));
}

/**
 * Origins of an upgrade of a pruned copy, pointing into the mint.json as written: every member
 * of the upgraded value gets its own origin, mapped back through the removals (an origin's
 * suffix may cross a list an item was removed from, so recorded prefixes alone would not do).
 */
function remapped(upgraded: UpgradedConfig, copy: WorkingCopy): Record<string, ConfigOrigin> {
  const out: Record<string, ConfigOrigin> = {};
  const visit = (node: unknown, pointer: string): void => {
    const origin = originOf(upgraded.origins, pointer);
    out[pointer] = { file: origin.file, pointer: copy.original(origin.pointer) };
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, pointer + pointerFrom([index])));
    else if (isRecord(node)) for (const [key, item] of Object.entries(node)) visit(item, pointer + pointerFrom([key]));
  };
  visit(upgraded.config, '');
  return out;
}
