/**
 * Replays cases of a fuzz run outside vitest, with their outcome and time:
 *   npx tsx test/fuzz/replay.ts <kind>:<FUZZ_SEED>:<case>[,<case>…] [limit-ms]
 * e.g. `npx tsx test/fuzz/replay.ts mdx:11:218` (kinds: docs-json, frontmatter, mdx, openapi).
 * Case numbers are those a failing run prints (`case #218 of FUZZ_SEED=11`).
 */
import fc from 'fast-check';
import { createCaseRunner } from './case-runner.js';
import type { FuzzCase, InputKind } from './fuzz-case.js';
import { docsJsonCase, frontmatterCase, mdxCase, openapiCase } from './inputs.js';
import { describeRecipe, recipeArbitrary, type Recipe } from './mutations.js';
import { configSeeds, frontmatterSeeds, openapiSeeds, pageSeeds, type Seed } from './seeds.js';

/** The seeds and case builder of each kind, as the *.fuzz.ts files use them. */
const KINDS: Record<InputKind, { seeds: () => Seed[]; build: (seed: Seed, recipe: Recipe) => FuzzCase }> = {
  'docs-json': { seeds: configSeeds, build: docsJsonCase },
  frontmatter: { seeds: () => frontmatterSeeds(400), build: frontmatterCase },
  mdx: { seeds: () => pageSeeds(400, 6_000), build: mdxCase },
  openapi: { seeds: () => openapiSeeds(80_000), build: openapiCase },
};

const [spec = '', limit = '60000'] = process.argv.slice(2);
const [kind, seed, list = '0'] = spec.split(':');
const fuzz = KINDS[kind as InputKind];
if (!fuzz || seed === undefined) throw new Error('usage: npx tsx test/fuzz/replay.ts <kind>:<FUZZ_SEED>:<case>[,<case>…] [limit-ms]');
const seeds = fuzz.seeds();
const indexes = list.split(',').map(Number);
const recipes = fc.sample(recipeArbitrary(seeds.length), { seed: Number(seed), numRuns: Math.max(...indexes) + 1 });
const runner = createCaseRunner(Number(limit));
for (const i of indexes) {
  const recipe = recipes[i] as Recipe;
  const started = performance.now();
  const outcome = await runner.run(fuzz.build(seeds[recipe.seed] as Seed, recipe));
  console.log(`#${i} ${Math.round(performance.now() - started)} ms ${JSON.stringify(outcome)}\n  ${describeRecipe((seeds[recipe.seed] as Seed).name, recipe)}`);
}
await runner.close();
