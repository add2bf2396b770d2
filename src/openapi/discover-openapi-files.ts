import path from 'node:path';
import { syntaxOf } from '../diagnostics/positions.js';
import { mapLimited } from '../project-fs/map-limited.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectHead, readProjectText, type ReadScope } from '../project-fs/read-project-file.js';
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
 * decide; otherwise the file is read whole, under `maxBytes`, and scanned at depth 1 without a
 * full parse. Every read goes through the load stage's reader (inside the project of `scope`,
 * regular files only). Files that cannot be read are left out: this is a filter, the loader
 * reports problems of named files.
 */
export async function discoverOpenApiFiles(scope: ReadScope, files: readonly string[], maxBytes = DEFAULT_READ_POLICY.maxOpenApiBytes): Promise<string[]> {
  const candidates = files.filter((file) => /\.(json|ya?ml)$/i.test(file) && !isNeverSpec(file));
  const specs = await mapLimited(candidates, CONCURRENCY, (file) => isSpecFile(scope, file, maxBytes));
  return candidates.filter((_, i) => specs[i]).sort(compareStrings);
}

function isNeverSpec(file: string): boolean {
  const name = path.posix.basename(file).toLowerCase();
  return NEVER_SPECS.has(name) || /^tsconfig(\..*)?\.json$/.test(name);
}

async function isSpecFile(scope: ReadScope, file: string, maxBytes: number): Promise<boolean> {
  const absolute = path.join(scope.root, file);
  const syntax = syntaxOf(file);
  const prefix = await readProjectHead(scope, absolute, PREFIX_BYTES);
  if (!prefix.ok) return false;
  const complete = prefix.bytes.length < PREFIX_BYTES;
  const early = detect(prefix.bytes.toString('utf8'), syntax, complete);
  if (early !== undefined || complete) return early === true;
  const whole = await readProjectText(scope, absolute, maxBytes);
  if (!whole.ok || (!whole.text.includes('openapi') && !whole.text.includes('swagger'))) return false;
  return detect(whole.text, syntax, true) === true;
}

function detect(text: string, syntax: 'json' | 'yaml', complete: boolean): boolean | undefined {
  return syntax === 'json' ? jsonHasSpecKey(text) : yamlHasSpecKey(text, complete);
}
