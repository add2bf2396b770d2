import { defineConfig } from 'vitest/config';
import { PROCESS_TESTS } from './test/process-tests.js';

/** The fast suite (`npm test`): everything but real processes, browsers, the corpus and fuzzing. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/corpus/**', 'test/e2e/**', 'test/scale/**', 'node_modules/**', ...PROCESS_TESTS],
    testTimeout: 30_000,
    // Site builds from sources read the browser bundles in dist/client: made fresh first (esbuild,
    // under a second); nothing else of dist/ is needed.
    globalSetup: ['test/client/build-client-setup.ts'],
    // preact/compat first, as in every build (see the file): no test's HTML depends on what ran
    // before it; and a check that no file leaves Node's web globals replaced.
    setupFiles: ['test/setup/preact-as-built.ts', 'test/setup/node-globals.ts'],
    // Test files share their worker's modules: shiki, the MDX toolchain, Tailwind and ajv's
    // compiled OpenAPI schemas are loaded once per worker, not once per file (about 1 s each time,
    // for ~145 files). A test that changes process-wide state (process.env, console spies) puts it
    // back in a finally or afterEach; files run one at a time within a worker.
    isolate: false,
    // One worker per core. Vitest's default is cores − 1, a single worker on a 2-core machine,
    // where two finish the suite in about 55% of the time (measured: 95 s against 54 s, 2 cores).
    maxWorkers: '100%',
  },
});
