import { catalogue } from '../diagnostics/catalogue.js';
import { isRecord } from '../parse/is-record.js';
import { checkConfig } from './check-config.js';
import { describePath, valueAt } from './describe.js';
import { dropInvalidGroupOpenapi } from './drop-invalid-group-openapi.js';
import { divisionChildren, navigationPart } from './navigation-part.js';
import { resolveNavigationChildren } from './navigation-children.js';
import { normalizePages } from './normalize-pages.js';
import type { ConfigProblem } from './problem.js';
import { docsConfigSchema, type DocsConfigOutput } from './schema/docs-config.js';
import { childKinds } from './schema/navigation-structure.js';
import { workingCopy, type WorkingCopy } from './working-copy.js';
import { problemsFromIssues } from './zod-issues.js';

/** The outcome of validating a merged docs.json value. */
export interface ValidatedConfig {
  /** The valid configuration with page entries normalized; `undefined` if an error costs the whole configuration. */
  readonly config: DocsConfigOutput | undefined;
  /** Every problem found, located by pointers into the merged value. */
  readonly problems: readonly ConfigProblem[];
}

export interface ValidateOptions {
  /** The value was upgraded from a legacy mint.json, whose rules allow groups without a name. */
  readonly legacy?: boolean;
}

/**
 * Validates a merged docs.json value as Mintlify accepts it, and builds what it can:
 * - invalid group `openapi`s are dropped (`config/invalid-openapi`);
 * - elements holding several kinds of children keep one, by Mintlify's order (`config/ignored-children`);
 * - unknown keys Mintlify strips are dropped (`config/ignored-key`); only the objects Mintlify
 *   closes keep them an error (`config/unknown-key`);
 * - an error inside `navigation` costs its part (`navigationPart`: the element, or its key), which
 *   is dropped; the problem stays an error, and the rest is built.
 * Removing a part can reveal the next problem (a union resolves differently), so the schema runs
 * again until nothing more is removed: each round removes at least one member, so it ends. Any
 * other error (outside `navigation`, or leaving it empty) costs the configuration: `config` is
 * `undefined`. Pointers of problems are those of the input `value`. Pure.
 */
export function validateConfig(value: unknown, options: ValidateOptions = {}): ValidatedConfig {
  if (!isRecord(value)) {
    const problem: ConfigProblem = {
      code: 'config/invalid-value',
      pointer: '',
      message: `The configuration must be a JSON object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}.`,
      hint: 'Start from `{ "theme": "mint", "name": "…", "colors": { "primary": "#0D9373" }, "navigation": { … } }`.',
    };
    return { config: undefined, problems: [problem] };
  }
  const dropped = dropInvalidGroupOpenapi(value);
  const resolved = resolveNavigationChildren(dropped.config);
  const copy = workingCopy(resolved.config);
  const acted: ConfigProblem[] = [...dropped.problems, ...resolved.problems];
  for (;;) {
    const current = copy.value as Record<string, unknown>;
    const parsed = docsConfigSchema.safeParse(current);
    const found = [
      ...checkConfig(current, options.legacy === true),
      ...(parsed.success ? [] : problemsFromIssues(parsed.error.issues, docsConfigSchema, current)),
    ];
    const repairs = found.flatMap((problem) => {
      const target = repairOf(problem);
      return target === undefined ? [] : [{ problem, target }];
    });
    const fatal = found.some((p) => catalogue[p.code].severity === 'error' && p.kept !== true && repairOf(p) === undefined);
    const final = (): ValidatedConfig => {
      const problems = [...acted, ...found.map((p) => lenient(located(p, copy)))];
      if (fatal || !parsed.success) return { config: undefined, problems };
      return { config: { ...parsed.data, navigation: normalizePages(parsed.data.navigation) }, problems };
    };
    if (fatal || repairs.length === 0) return final();
    acted.push(...repairs.map(({ problem, target }) => lenient(described(located(problem, copy), copy.original(target)))));
    const targets = [...new Set(repairs.map((r) => r.target))].sort(laterFirst);
    const removed = targets.filter((target) => copy.remove(target)).length;
    if (removed === 0) return final();
    for (const list of emptiedLists(targets, copy.value)) copy.remove(list);
  }
}

/** The member to remove for `problem`: an ignored key, or the navigation part an error costs. */
function repairOf(problem: ConfigProblem): string | undefined {
  if (problem.kept === true) return undefined;
  if (problem.code === 'config/ignored-key') return problem.pointer;
  return catalogue[problem.code].severity === 'error' ? navigationPart(problem) : undefined;
}

/** The problem with its pointers mapped back to the input value. */
function located(problem: ConfigProblem, copy: WorkingCopy): ConfigProblem {
  const related = problem.related?.map((r) => ({ ...r, pointer: copy.original(r.pointer) }));
  return { ...problem, pointer: copy.original(problem.pointer), ...(related ? { related } : {}) };
}

/** An error that cost a navigation part says which part (an ignored key already says so). */
function described(problem: ConfigProblem, target: string): ConfigProblem {
  if (problem.code === 'config/ignored-key') return problem;
  const element = /\/\d+$/.test(target);
  const part = `\`${describePath(target)}\``;
  const outcome = element ? `${part} is left out of the navigation` : `${part} is ignored`;
  return { ...problem, message: `${problem.message} ${outcome}; the rest is built.` };
}

/**
 * An error Mintlify does not make: one inside a division's children, which Mintlify accepts by
 * dropping that whole list (`divisionChildren`), becomes a `config/invalid-navigation-part`
 * warning (the part is dropped or kept all the same).
 */
function lenient(problem: ConfigProblem): ConfigProblem {
  if (catalogue[problem.code].severity !== 'error') return problem;
  const list = divisionChildren(problem.pointer);
  if (list === undefined) return problem;
  const note = `Mintlify accepts this file but leaves out all of \`${describePath(list)}\`; fix it to keep it there too.`;
  return { ...problem, code: 'config/invalid-navigation-part', hint: problem.hint === undefined ? note : `${problem.hint} ${note}` };
}

/**
 * Navigation lists (`groups`, `tabs`, …) left empty by removing their last items: removed too,
 * so that a part dropped for its own error does not raise another one (`groups` must not be
 * empty). Deepest first.
 */
function emptiedLists(removed: readonly string[], value: unknown): string[] {
  const lists = removed.filter((p) => /\/\d+$/.test(p)).map((p) => p.slice(0, p.lastIndexOf('/')));
  const empty = lists.filter((list) => {
    const items = valueAt(value, list);
    return Array.isArray(items) && items.length === 0 && Object.hasOwn(childKinds, list.slice(list.lastIndexOf('/') + 1));
  });
  return [...new Set(empty)].sort(laterFirst);
}

/**
 * Removal order within one round: the pointers name members of the same copy, so a later array
 * item goes before an earlier one (indices stay valid), and a member before its container.
 */
function laterFirst(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const [p, q] = [x[i] ?? '', y[i] ?? ''];
    if (p === q) continue;
    const numeric = /^\d+$/.test(p) && /^\d+$/.test(q);
    return numeric ? Number(q) - Number(p) : p < q ? 1 : -1;
  }
  return y.length - x.length;
}
