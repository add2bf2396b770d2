import { defineConfig } from 'vitest/config';
import { PROCESS_TESTS } from './test/process-tests.js';

/** The fast suite (`npm test`): everything but real processes, browsers, the corpus and fuzzing. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/corpus/**', 'test/e2e/**', 'node_modules/**', ...PROCESS_TESTS],
    testTimeout: 30_000,
    // Site builds from sources read the browser bundles in dist/client: made fresh first.
    globalSetup: ['test/client/build-client-setup.ts'],
    setupFiles: ['test/setup/preact-as-built.ts'],
  },
});
