import SwaggerParser from '@apidevtools/swagger-parser';
import { fileURLToPath } from 'node:url';
import { isRecord } from '../parse/is-record.js';

/** Stands in for a `$ref` string the bundler must not touch while it runs. */
class HiddenRef {
  constructor(readonly ref: string) {}
}

/**
 * Inlines external `$ref`s into `document` with swagger-parser's `bundle` (json-schema-ref-parser):
 * content of other files moves into the document and every `$ref` becomes internal. Files are
 * served from `files` (already read and checked by `checkRefs`): the bundler does no I/O of its own.
 * `hidden` holders keep their (broken or refused) `$ref` as written. Internal `$ref`s stay.
 * Mutates `document` and returns it.
 *
 * swagger-parser checks versions more strictly than Sheaf does (exact `openapi` strings, a string
 * `info.version`, 3.0 `paths`); those fields are normalised for the call and restored after it.
 * For a remote root (`rootKey` an http(s) URL) it also makes relative `servers` URLs absolute.
 * Slow on very large documents (it walks every `$ref`): call it only when there are external refs.
 */
export async function bundleDocument(
  document: Record<string, unknown>,
  rootKey: string,
  files: ReadonlyMap<string, { readonly value: unknown }>,
  hidden: ReadonlySet<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  for (const holder of hidden) holder.$ref = new HiddenRef(holder.$ref as string);
  const restore = normaliseForSwaggerParser(document);
  const options: SwaggerParser.Options = {
    resolve: {
      file: false,
      http: false,
      // Returns the parsed value, not text (typed as text); the `memory` parser passes it through.
      memory: { order: 1, canRead: true, read: (file: SwaggerParser.FileInfo) => serve(files, file.url) as string },
    },
    parse: {
      json: false,
      yaml: false,
      text: false,
      binary: false,
      memory: { order: 1, canParse: true, allowEmpty: true, parse: (file: SwaggerParser.FileInfo) => file.data },
    },
  };
  try {
    // The typings want an `OpenAPI.Document` (from a transitive package); any object is accepted.
    await SwaggerParser.bundle(rootKey, document as never, options);
    return document;
  } finally {
    restore();
    for (const holder of hidden) if (holder.$ref instanceof HiddenRef) holder.$ref = holder.$ref.ref;
    if (hidden.size > 0) revealHiddenRefs(document);
  }
}

function serve(files: ReadonlyMap<string, { readonly value: unknown }>, url: string): unknown {
  const candidates = [url, safe(() => decodeURI(url)), url.startsWith('file:') ? safe(() => fileURLToPath(url)) : undefined];
  for (const key of candidates) {
    const file = key === undefined ? undefined : files.get(key);
    if (file) return file.value;
  }
  throw new Error(`Sheaf did not read ${url} while checking references`);
}

function safe(run: () => string): string | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** Sets the fields swagger-parser validates to values it accepts; returns the undo. */
function normaliseForSwaggerParser(document: Record<string, unknown>): () => void {
  const saved = { openapi: document.openapi, swagger: document.swagger, paths: document.paths };
  const info = isRecord(document.info) ? document.info : undefined;
  const version = info?.version;
  if (document.swagger !== undefined) document.swagger = '2.0';
  // swagger-parser knows 3.0 and 3.1; a 3.2 document bundles as 3.1 (bundling only moves `$ref` targets).
  else document.openapi = /^3\.[12]/.test(String(document.openapi)) ? '3.1.0' : '3.0.3';
  if (document.paths === undefined) document.paths = {};
  if (info && version !== undefined && typeof version !== 'string') info.version = String(version);
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete document[key];
      else document[key] = value;
    }
    if (info && version !== undefined) info.version = version;
  };
}

/** Puts back every hidden `$ref` string, including in copies the bundler may have made. */
function revealHiddenRefs(root: unknown): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (record.$ref instanceof HiddenRef) record.$ref = record.$ref.ref;
    for (const key in record) stack.push(record[key]);
  }
}
