import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/corpus/**', 'test/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    // Site builds from sources read the browser bundles in dist/client: made fresh first.
    globalSetup: ['test/client/build-client-setup.ts'],
  },
});
