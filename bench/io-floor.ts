import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';

/** The files under `dir` and their total size. */
export function outputSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * The I/O floor of a build, in milliseconds: what no build of the project can go below on this
 * machine. Reads every file of the project and parses its JSON and YAML files (docs.json, the
 * API documents), then writes `files` files of `bytes` bytes in total, one folder each (as pages
 * are written), into a temporary folder. Run in the bench's child process, after the build.
 */
export async function ioFloorMs(root: string, files: number, bytes: number): Promise<number> {
  const out = mkdtempSync(path.join(tmpdir(), 'sheaf-bench-floor-'));
  const started = performance.now();
  try {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const text = readFileSync(file, 'utf8');
      if (/\.json$/i.test(entry.name)) JSON.parse(text);
      else if (/\.ya?ml$/i.test(entry.name)) parseYaml(text);
    }
    const size = files > 0 ? Math.floor(bytes / files) : 0;
    const content = Buffer.alloc(size, 0x61);
    for (let i = 0; i < files; i++) {
      const dir = path.join(out, String(i % 1000), String(i));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'index.html'), content);
    }
    return performance.now() - started;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
