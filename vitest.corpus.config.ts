import { defineConfig } from 'vitest/config';

/** The corpus suites: real projects and documents from ../shared/corpus (not copied here). */
export default defineConfig({
  test: {
    include: ['test/corpus/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
