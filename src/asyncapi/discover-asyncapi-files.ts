import path from 'node:path';
import { syntaxOf } from '../diagnostics/positions.js';
import { compareStrings } from '../openapi/compare-strings.js';
import { ASYNCAPI_KEYS, jsonHasSpecKey, yamlHasSpecKey } from '../openapi/detect-spec-key.js';
import { mapLimited } from '../project-fs/map-limited.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectHead, readProjectText, type ReadScope } from '../project-fs/read-project-file.js';

/** Bytes read first; documents put `asyncapi` first by convention. */
const PREFIX_BYTES = 4096;
/** Files read at the same time. */
const CONCURRENCY = 32;

/**
 * The project-relative `.json`/`.yaml`/`.yml` files of `files` with a top-level `asyncapi` key
 * (reference §3.1: "files with `asyncapi` are AsyncAPI"), sorted. The first 4 KB usually decide;
 * otherwise the file is read whole, under `maxBytes`, and scanned at depth 1. Every read goes
 * through the load stage's reader (inside the project, regular files only); a file that cannot
 * be read is left out (this is a filter: the loader reports problems of named files).
 */
export async function discoverAsyncApiFiles(scope: ReadScope, files: readonly string[], maxBytes = DEFAULT_READ_POLICY.maxOpenApiBytes): Promise<string[]> {
  const candidates = files.filter((file) => /\.(json|ya?ml)$/i.test(file) && !/(^|\/)(docs|mint|package|package-lock)\.json$/i.test(file));
  const found = await mapLimited(candidates, CONCURRENCY, (file) => isAsyncApiFile(scope, file, maxBytes));
  return candidates.filter((_, i) => found[i]).sort(compareStrings);
}

async function isAsyncApiFile(scope: ReadScope, file: string, maxBytes: number): Promise<boolean> {
  const absolute = path.join(scope.root, file);
  const syntax = syntaxOf(file);
  const prefix = await readProjectHead(scope, absolute, PREFIX_BYTES);
  if (!prefix.ok) return false;
  const complete = prefix.bytes.length < PREFIX_BYTES;
  const early = detect(prefix.bytes.toString('utf8'), syntax, complete);
  if (early !== undefined || complete) return early === true;
  const whole = await readProjectText(scope, absolute, maxBytes);
  if (!whole.ok || !whole.text.includes('asyncapi')) return false;
  return detect(whole.text, syntax, true) === true;
}

function detect(text: string, syntax: 'json' | 'yaml', complete: boolean): boolean | undefined {
  return syntax === 'json' ? jsonHasSpecKey(text, ASYNCAPI_KEYS) : yamlHasSpecKey(text, complete, ASYNCAPI_KEYS);
}
