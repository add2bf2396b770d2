// Bundles Sheaf's browser code (src/client/<entry>.ts) with esbuild into dist/client/<entry>.js:
// one minified IIFE per entry, ES2019, nothing external. src/emit/site-assets.ts reads them by these
// names. Deterministic: the same sources and esbuild version give the same bytes, so built sites
// are byte-identical across builds. A file is replaced (write then rename) only when its bytes
// change, so a site build reading it at the same time never sees half a file.
// Run by `npm run build`, and by the unit tests' global setup (test/client/build-client-setup.ts).
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The browser scripts, each its own bundle (src/client/<name>.ts → <name>.js): the seven scripts
 * pages load (assistant only on sites with the panel, contextual only on sites with the contextual
 * menu), then `theme-head`, which the build inlines
 * at the top of every page's <head> (it runs before the first paint), and `mermaid-init`, loaded
 * after Mermaid on pages with a diagram.
 */
export const CLIENT_ENTRIES = ['theme', 'nav', 'components', 'search', 'playground', 'assistant', 'contextual', 'theme-head', 'mermaid-init'];

/** esbuild options for the client bundles, in memory (`write: false`); `outdir` only names the files. */
export function clientBuildOptions(outDir = path.join(REPO, 'dist', 'client')) {
  return {
    absWorkingDir: REPO,
    entryPoints: CLIENT_ENTRIES.map((name) => ({ in: path.join(REPO, 'src', 'client', `${name}.ts`), out: name })),
    outdir: outDir,
    tsconfig: path.join(REPO, 'src', 'client', 'tsconfig.json'),
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    legalComments: 'none',
    sourcemap: false,
    write: false,
    logLevel: 'warning',
  };
}

/** The bundles as `name → code`, built in memory. */
export async function bundleClient() {
  const result = await build(clientBuildOptions());
  return new Map(result.outputFiles.map((file) => [path.basename(file.path, '.js'), file.text]));
}

/**
 * Writes the bundles to `outDir` (default dist/client), and removes anything else there (such as
 * the plain copies older builds made); returns the names of the files that changed.
 */
export async function buildClient(outDir = path.join(REPO, 'dist', 'client')) {
  const bundles = await bundleClient();
  mkdirSync(outDir, { recursive: true });
  const names = new Set([...bundles.keys()].map((name) => `${name}.js`));
  for (const entry of readdirSync(outDir)) {
    if (!names.has(entry) && !entry.endsWith('.tmp')) rmSync(path.join(outDir, entry), { recursive: true, force: true });
  }
  const changed = [];
  for (const [name, code] of bundles) {
    const file = path.join(outDir, `${name}.js`);
    let current = null;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = null;
    }
    if (current === code) continue;
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, code);
    renameSync(temp, file);
    changed.push(`${name}.js`);
  }
  return changed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildClient();
}
