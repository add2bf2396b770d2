import type { ConfigProblem } from '../problem.js';
import { problemsFromIssues } from '../zod-issues.js';
import { mintConfigSchema } from './mint-schema.js';
import { upgradeMintConfig, type UpgradedConfig } from './upgrade-mint-config.js';

/**
 * Checks a parsed mint.json loosely (the structure the upgrade needs) and upgrades it. Problems
 * are located by pointers into mint.json; the output is `undefined` when there are any.
 */
export function upgradeMintJson(value: unknown, file: string): { readonly output: UpgradedConfig | undefined; readonly problems: readonly ConfigProblem[] } {
  const parsed = mintConfigSchema.safeParse(value);
  if (!parsed.success) return { output: undefined, problems: problemsFromIssues(parsed.error.issues, mintConfigSchema, value) };
  return { output: upgradeMintConfig(parsed.data, file), problems: [] };
}
