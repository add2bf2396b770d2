import { defineConfig } from 'vitest/config';

/**
 * The scale-out suite (`npm run test:service`): `sheaf service` and `sheaf worker` processes
 * against real PostgreSQL, Redis and S3-compatible servers that the suite starts on 127.0.0.1,
 * and Mintlify's static-export GitHub Action template (bash, curl, jq) against `sheaf service`.
 * Under `CI=true` a missing binary fails it; elsewhere it is skipped with the reason.
 */
export default defineConfig({
  test: {
    include: ['test/scale/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
