import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file of a built site: POSIX path relative to `dir` → text. */
export async function siteFiles(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, file).split(path.sep).join('/'), await readFile(file, 'utf8'));
  }
  return out;
}

/** The site's hashed script (`_sheaf/sheaf.<hash>.js`), or '' when there is none. */
export const siteScript = (files: Map<string, string>): string => [...files].find(([p]) => /^_sheaf\/sheaf\.[0-9a-f]{10}\.js$/.test(p))?.[1] ?? '';

/** The site's hashed stylesheet (`_sheaf/sheaf.<hash>.css`), or '' when there is none. */
export const siteStyles = (files: Map<string, string>): string => [...files].find(([p]) => /^_sheaf\/sheaf\.[0-9a-f]{10}\.css$/.test(p))?.[1] ?? '';
