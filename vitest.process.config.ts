import { defineConfig } from 'vitest/config';
import { PROCESS_TESTS } from './test/process-tests.js';

/** The process suite (`npm run test:process`): see test/process-tests.ts. */
export default defineConfig({
  test: {
    include: [...PROCESS_TESTS],
    testTimeout: 60_000,
    globalSetup: ['test/client/build-client-setup.ts'],
    setupFiles: ['test/setup/preact-as-built.ts'],
  },
});
