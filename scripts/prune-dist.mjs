// Removes what an earlier build left in dist/ that this one did not make: the compiled output of
// a module since moved or deleted (src/a/x.ts → dist/a/x.js, .d.ts, .js.map), a stylesheet no
// longer in src/render/styles, and folders left empty. Run by scripts/build-dist.mjs (`npm run
// build`, `npm run build:js`) after esbuild, tsc's declarations and the copies, so dist/ holds this build's files only; files are never removed before their
// replacements exist, so a sheaf run at the same time still finds every current module.
// (dist/client/ is pruned by scripts/build-client.mjs, which knows its entries.)
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(REPO, 'dist');
const SRC = path.join(REPO, 'src');

/** The source file a compiled or copied file of dist/ comes from, or undefined when none could. */
function madeFrom(relative) {
  const compiled = /^(.*)\.(?:js|js\.map|d\.ts|d\.ts\.map)$/.exec(relative);
  if (compiled) {
    const base = path.join(SRC, compiled[1]);
    return [`${base}.ts`, `${base}.tsx`].find((file) => existsSync(file));
  }
  // Copied as they are (render/styles/*.css, JSON tsc copies): the same path under src/.
  const copied = path.join(SRC, relative);
  return existsSync(copied) ? copied : undefined;
}

/** Prunes one folder of dist/ (dist/client aside); returns whether it is left empty. */
function prune(folder, removed) {
  let empty = true;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    const relative = path.relative(DIST, full);
    if (relative === 'client') {
      empty = false;
      continue;
    }
    if (entry.isDirectory()) {
      if (prune(full, removed)) rmdirSync(full);
      else empty = false;
    } else if (madeFrom(relative) === undefined) {
      rmSync(full, { force: true });
      removed.push(relative.split(path.sep).join('/'));
    } else empty = false;
  }
  return empty;
}

if (existsSync(DIST)) {
  const removed = [];
  prune(DIST, removed);
  if (removed.length > 0) console.log(`dist/: removed ${removed.length} stale file(s) (${removed.slice(0, 5).join(', ')}${removed.length > 5 ? ', …' : ''})`);
}
