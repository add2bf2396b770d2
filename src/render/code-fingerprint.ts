import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHEAF_VERSION } from '../version.js';

/** The folder of Sheaf's modules: `dist/` when compiled, `src/` under a TypeScript loader. */
const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let memo: string | undefined;

/**
 * What Sheaf's own code is, as one digest: its version, the path, size and modification time of
 * every file of its modules folder (scripts, stylesheets, the browser bundles), and npm's record of
 * the packages installed beside it. Caches keyed by it
 * (rendered bodies, a build's outputs) are not reused by another Sheaf, nor after `npm run build`
 * changed any module — a layout change reaches every page. Read once per process (about 700 files).
 */
export function codeFingerprint(): string {
  if (memo !== undefined) return memo;
  const hash = createHash('sha256').update(SHEAF_VERSION).update('\u0000');
  const walk = (folder: string): void => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const s = statSync(full);
        hash.update(path.relative(MODULES, full)).update(`\u0000${s.size}\u0000${s.mtimeMs}\u0000`);
      }
    }
  };
  try {
    walk(MODULES);
  } catch {
    // A folder that cannot be read leaves the version alone: caches are then kept per version.
  }
  // The installed packages (shiki, preact, tailwindcss…): npm's record of the node_modules folder
  // Sheaf runs from changes with every install or update.
  for (let dir = MODULES; ; dir = path.dirname(dir)) {
    const lock = statSync(path.join(dir, 'node_modules', '.package-lock.json'), { throwIfNoEntry: false });
    if (lock) {
      hash.update(`packages\u0000${dir}\u0000${lock.size}\u0000${lock.mtimeMs}`);
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  memo = hash.digest('hex');
  return memo;
}
