import { defineConfig } from 'vitest/config';

/** End-to-end: the built CLI and site in real headless Chromium (Debian's /usr/bin/chromium). */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
