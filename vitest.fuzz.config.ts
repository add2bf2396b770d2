import { defineConfig } from 'vitest/config';

/**
 * The fuzzing suite (`npm run test:fuzz`): docs.json, frontmatter, MDX and OpenAPI inputs
 * mutated from ../shared/corpus, each case run in a worker thread with a time limit. One file
 * at a time (each keeps one worker busy; the machine has two cores). Budget: about 5 minutes.
 */
export default defineConfig({
  test: {
    include: ['test/fuzz/**/*.fuzz.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
