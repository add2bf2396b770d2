import fc from 'fast-check';
import { createCaseRunner } from './case-runner.js';
import type { FuzzCase, InputKind, Outcome } from './fuzz-case.js';
import { describeRecipe, recipeArbitrary, type Recipe } from './mutations.js';
import type { Seed } from './seeds.js';

/**
 * Time one case may take, in milliseconds, before it counts as a hang (its worker is stopped).
 * The slowest legitimate cases (megabyte strings, 2,000-line nested lists) take 1 to 4 s alone and
 * about twice that with both cores busy; 30 s separates them from a hang with room to spare.
 */
export const CASE_LIMIT_MS = Number(process.env['FUZZ_CASE_LIMIT_MS'] ?? 30_000);

/**
 * The fast-check seed of this run: `FUZZ_SEED` to replay one, else a new one each run. It is
 * logged up front and printed with every failure (fast-check prints it with the shrunk case).
 */
export const FUZZ_SEED = process.env['FUZZ_SEED'] !== undefined ? Number(process.env['FUZZ_SEED']) : Date.now() % 2_147_483_647;

/** Time shrinking a failure may take, in milliseconds: well inside the test's own timeout. */
const SHRINK_LIMIT_MS = Number(process.env['FUZZ_SHRINK_LIMIT_MS'] ?? 180_000);

/** Worker threads running cases at once: `FUZZ_WORKERS`, else 2 (the CI machine's cores). */
const WORKERS = Number(process.env['FUZZ_WORKERS'] ?? 2);

/** Cases per input kind: `FUZZ_RUNS`, else the CI default given. */
export const runsOf = (fallback: number): number => Number(process.env['FUZZ_RUNS'] ?? fallback);

export interface KindFuzz {
  readonly kind: InputKind;
  readonly seeds: readonly Seed[];
  /** The project files of a recipe on its seed. */
  readonly build: (seed: Seed, recipe: Recipe) => FuzzCase;
  readonly runs: number;
}

export interface KindReport {
  /** Cases run before the first failure (all of them when none failed). */
  readonly cases: number;
  /** Cases per mutation name among those run. */
  readonly byMutation: Readonly<Record<string, number>>;
}

const failureOf = (kind: InputKind, seed: Seed, recipe: Recipe, outcome: Exclude<Outcome, { ok: true }>): string =>
  `${outcome.finding} on ${kind} input: ${describeRecipe(seed.name, recipe)}\n${outcome.detail}`;

/**
 * Runs `runs` recipes generated from `FUZZ_SEED` on `WORKERS` worker threads, and asserts that no
 * case makes the library throw, report an `internal/*` diagnostic, outlive the time limit or kill
 * its worker. The first failing recipe is handed to fast-check, which shrinks it to a minimal one
 * and fails with it, its finding and the seed.
 */
export async function fuzzKind(fuzz: KindFuzz): Promise<KindReport> {
  console.log(`fuzz ${fuzz.kind}: ${fuzz.runs} cases from ${fuzz.seeds.length} seeds, ${WORKERS} workers, fast-check seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED})`);
  const recipes = fc.sample(recipeArbitrary(fuzz.seeds.length), { seed: FUZZ_SEED, numRuns: fuzz.runs });
  const runners = Array.from({ length: WORKERS }, () => createCaseRunner(CASE_LIMIT_MS));
  const byMutation: Record<string, number> = {};
  let next = 0;
  /** The earliest failing case so far (a holder: the workers' loops set it). */
  const first: { failed?: { index: number; recipe: Recipe; outcome: Outcome } } = {};
  const run = (recipe: Recipe, runner = runners[0]) => (runner ?? createCaseRunner(CASE_LIMIT_MS)).run(fuzz.build(fuzz.seeds[recipe.seed] as Seed, recipe));
  try {
    await Promise.all(
      runners.map(async (runner) => {
        while (first.failed === undefined && next < recipes.length) {
          const index = next++;
          const recipe = recipes[index] as Recipe;
          const outcome = await run(recipe, runner);
          for (const s of recipe.steps) byMutation[s.name] = (byMutation[s.name] ?? 0) + 1;
          const earlier = first.failed as { index: number } | undefined;
          if (!outcome.ok && (earlier === undefined || index < earlier.index)) first.failed = { index, recipe, outcome };
        }
      }),
    );
    const failed = first.failed as { index: number; recipe: Recipe; outcome: Exclude<Outcome, { ok: true }> } | undefined;
    if (failed) {
      // Printed before shrinking, so the failure is on record even if shrinking outlasts the test.
      console.log(`fuzz ${fuzz.kind}: case #${failed.index} of FUZZ_SEED=${FUZZ_SEED} failed; shrinking for at most ${SHRINK_LIMIT_MS / 1000} s\n${failureOf(fuzz.kind, fuzz.seeds[failed.recipe.seed] as Seed, failed.recipe, failed.outcome)}`);
      await fc.assert(
        fc.asyncProperty(recipeArbitrary(fuzz.seeds.length), async (recipe) => {
          const outcome = await run(recipe);
          if (!outcome.ok) throw new Error(failureOf(fuzz.kind, fuzz.seeds[recipe.seed] as Seed, recipe, outcome));
        }),
        // Shrinking stops at the limit and fails with the smallest case found by then (a slow
        // case can take most of the per-case limit on each of many tries).
        { seed: FUZZ_SEED, numRuns: 1, examples: [[failed.recipe]], interruptAfterTimeLimit: SHRINK_LIMIT_MS, markInterruptAsFailure: true },
      );
      // Flaky (a hang near the limit on a busy machine): still a failure, reported as first seen.
      throw new Error(`fuzz ${fuzz.kind}: case #${failed.index} of FUZZ_SEED=${FUZZ_SEED} failed once, then passed when run again: ${failureOf(fuzz.kind, fuzz.seeds[failed.recipe.seed] as Seed, failed.recipe, failed.outcome)}`);
    }
    return { cases: next, byMutation };
  } finally {
    await Promise.all(runners.map((r) => r.close()));
  }
}
