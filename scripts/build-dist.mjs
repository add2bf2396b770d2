// Builds dist/: every module of src/ (src/client aside) transpiled on its own by esbuild to ESM
// JavaScript at the same path (src/a/x.ts or .tsx → dist/a/x.js, with a source map), nothing
// bundled, so entries that run in a child or worker (dist/export/export-child.js and its preload,
// dist/render/render-worker.js) sit where their callers look; then the stylesheets
// (copy-assets.mjs), the browser bundles (build-client.mjs) and the pruning of stale files
// (prune-dist.mjs). Types are not checked here: `npm run typecheck` does that.
//
//   node scripts/build-dist.mjs            JavaScript and declarations (`npm run build`, `prepare`:
//                                          the package as published, with dist/**/*.d.ts from
//                                          `tsc --emitDeclarationOnly`)
//   node scripts/build-dist.mjs --js-only  JavaScript only (`npm run build:js`: what the process,
//                                          e2e and corpus suites, `example` and `bench` need)
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(REPO, 'src');
const DIST = path.join(REPO, 'dist');

/** The modules tsc compiled before: .ts/.tsx under src/, declaration files and the browser code left out. */
function sourceModules(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return full === path.join(SRC, 'client') ? [] : sourceModules(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Runs a step as its own process from the repository root; a failure ends the build with its exit code. */
function step(args) {
  const result = spawnSync(process.execPath, args, { cwd: REPO, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const jsOnly = process.argv.includes('--js-only');

// The settings of tsconfig.build.json that shape output: ES2022 (class fields as defined there),
// the automatic JSX runtime from preact, source maps next to each file.
await build({
  absWorkingDir: REPO,
  entryPoints: sourceModules(SRC).sort(),
  outdir: DIST,
  outbase: SRC,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'es2022',
  tsconfig: path.join(REPO, 'tsconfig.build.json'),
  jsx: 'automatic',
  jsxImportSource: 'preact',
  sourcemap: true,
  logLevel: 'warning',
});
if (!jsOnly) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  step([tsc, '-p', 'tsconfig.build.json', '--emitDeclarationOnly']);
}
step(['scripts/copy-assets.mjs']);
step(['scripts/build-client.mjs']);
step(['scripts/prune-dist.mjs']);
