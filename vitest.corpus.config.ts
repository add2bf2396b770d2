import { defineConfig } from 'vitest/config';

/** The corpus suites: real projects and documents from ../shared/corpus (not copied here). */
export default defineConfig({
  test: {
    include: ['test/corpus/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // One build of each corpus project per run, shared by the files that read built sites (test/corpus/corpus-site.ts).
    globalSetup: ['test/corpus/corpus-sites-setup.ts'],
  },
});
