import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The TypeScript source files under `dir` of the repository at `repo` (no `.d.ts`), as sorted
 * repository-relative paths with `/`. Read from the folder, not `git ls-files`: the suites also run
 * on a copy without .git (.ci/other-node).
 */
export function sourceFiles(repo: string, dir: string): string[] {
  return readdirSync(path.join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(repo, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
