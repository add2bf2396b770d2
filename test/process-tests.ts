/**
 * The test files that start real processes (the compiled CLI, `sheaf service`, the sandboxed
 * export child under bubblewrap or Node's permission model) or pools of worker threads (the
 * social-image renderer's, which loads resvg's WebAssembly and the fonts in each), and the real AI
 * SDK clients of five releases against the assistant (each release loads its own copy of the SDK),
 * and the tests that export bundles (the example, and hosting them with `sheaf host` over HTTP), and the
 * search MCP server's tests (`sheaf host`, `sheaf dev` and `sheaf mcp` with the SDK's client): the
 * process suite,
 * `npm run test:process`, run by `.ci/run` on Node 20 and Node 24. `npm test` leaves them out so
 * that it stays under a minute on a 2-core machine; they need `dist/`, which their script builds
 * with esbuild first (`npm run build:js`: JavaScript only, no tsc).
 */
export const PROCESS_TESTS = [
  'test/api/export-bundle.test.ts',
  'test/cli/bin.test.ts',
  'test/cli/incremental-build.test.ts',
  'test/cli/social-images-process.test.ts',
  'test/emit/social-images.test.ts',
  'test/export/export-attacks.test.ts',
  'test/export/export-child-network.test.ts',
  'test/export/export-child-process.test.ts',
  'test/export/export-child.test.ts',
  'test/export/export-child-dates.test.ts',
  'test/export/sandbox-paths.test.ts',
  'test/load/containment-build.test.ts',
  'test/server/assistant/ai-sdk-v2.test.ts',
  'test/server/host/example-bundle.test.ts',
  'test/server/host/host-workers.test.ts',
  'test/server/host/skills-bundle.test.ts',
  'test/server/host/url-style-bundle.test.ts',
  'test/server/mcp/mcp-dev.test.ts',
  'test/server/mcp/mcp-host.test.ts',
  'test/server/mcp/mcp-stdio.test.ts',
  'test/server/service/cli.test.ts',
  'test/server/service/http.test.ts',
  'test/server/service/restart.test.ts',
  'test/server/service/sandbox-service.test.ts',
] as const;
