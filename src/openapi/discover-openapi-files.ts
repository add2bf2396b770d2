import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { syntaxOf } from '../diagnostics/positions.js';
import { compareStrings } from './compare-strings.js';
import { jsonHasSpecKey, yamlHasSpecKey } from './detect-spec-key.js';

/** Bytes read first; most specs put `openapi` among their first keys. */
const PREFIX_BYTES = 4096;
/** Files read at the same time. */
const CONCURRENCY = 32;

/** Well-known JSON/YAML files that are never OpenAPI documents. */
const NEVER_SPECS = new Set([
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'composer.json',
  'docs.json',
  'mint.json',
  'jsconfig.json',
  'vercel.json',
  'renovate.json',
  'turbo.json',
  '.eslintrc.json',
  '.prettierrc.json',
]);

/**
 * Returns, sorted, the project-relative `.json`/`.yaml`/`.yml` files of `files` that have a
 * top-level `openapi` or `swagger` key (Mintlify uploads every such file). The first 4 KB usually
 * decide; otherwise the file is read whole and scanned at depth 1 without a full parse. Files that
 * cannot be read are left out: this is a filter, the loader reports problems of named files.
 */
export async function discoverOpenApiFiles(root: string, files: readonly string[]): Promise<string[]> {
  const candidates = files.filter((file) => /\.(json|ya?ml)$/i.test(file) && !isNeverSpec(file));
  const found: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const file = candidates[next++] as string;
      if (await isSpecFile(path.join(root, file), syntaxOf(file))) found.push(file);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, candidates.length) }, worker));
  return found.sort(compareStrings);
}

function isNeverSpec(file: string): boolean {
  const name = path.posix.basename(file).toLowerCase();
  return NEVER_SPECS.has(name) || /^tsconfig(\..*)?\.json$/.test(name);
}

async function isSpecFile(absolute: string, syntax: 'json' | 'yaml'): Promise<boolean> {
  try {
    const prefix = await readPrefix(absolute);
    const complete = prefix.bytes < PREFIX_BYTES;
    const early = detect(prefix.text, syntax, complete);
    if (early !== undefined || complete) return early === true;
    const text = await readFile(absolute, 'utf8');
    if (!text.includes('openapi') && !text.includes('swagger')) return false;
    return detect(text, syntax, true) === true;
  } catch {
    return false;
  }
}

function detect(text: string, syntax: 'json' | 'yaml', complete: boolean): boolean | undefined {
  return syntax === 'json' ? jsonHasSpecKey(text) : yamlHasSpecKey(text, complete);
}

async function readPrefix(absolute: string): Promise<{ text: string; bytes: number }> {
  const handle = await open(absolute, 'r');
  try {
    const buffer = Buffer.alloc(PREFIX_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, PREFIX_BYTES, 0);
    return { text: buffer.toString('utf8', 0, bytesRead), bytes: bytesRead };
  } finally {
    await handle.close();
  }
}
