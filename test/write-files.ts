import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes `files` (project-relative path → text) under `root`, making folders as needed; returns `root`. */
export async function writeFiles(root: string, files: Readonly<Record<string, string>>): Promise<string> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}
