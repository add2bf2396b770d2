import path from 'node:path';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { LoadedOpenApi } from '../model/openapi.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { internalErrorDiagnostic } from '../diagnostics/internal-error.js';
import { compareStrings } from './compare-strings.js';
import { loadDocument, type DocumentContext, type DocumentSource } from './load-document.js';
import { DEFAULT_FETCH_TIMEOUT_MS, fetchRemote, isRemote } from './read-source.js';

export interface LoadOpenApiOptions {
  /** Discovered OpenAPI files (project-relative POSIX), from `discoverOpenApiFiles`. */
  readonly files: readonly string[];
  /** Sources named by the configuration: project-relative paths (no leading `/`) or http(s) URLs. */
  readonly named: readonly string[];
  /** Fetch named URLs and remote `$ref`s; without it they are reported and skipped. */
  readonly allowNetwork: boolean;
  /** The fetch to use (tests pass a fake); defaults to the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Time allowed for each remote fetch, in milliseconds (default 20,000). */
  readonly fetchTimeoutMs?: number;
  /** Folders outside the project that its links may lead into (`--allow-outside`). */
  readonly allowOutside?: readonly string[];
  /** Bytes of each document and referenced file, local or fetched (default 100 MB). */
  readonly maxBytes?: number;
  /** Stack traces in `internal/error` diagnostics; default off. */
  readonly debug?: boolean;
}

export interface LoadOpenApiOutput {
  /** Documents that loaded, sorted by file (URLs sort among paths by code unit). */
  readonly documents: LoadedOpenApi[];
  /**
   * Sources that were meant to be documents but did not load (missing, unreadable, not
   * OpenAPI, unsupported, not fetched), sorted. Their problem is already reported: references
   * into them must not be reported again as "not found".
   */
  readonly failed: string[];
}

/**
 * The OpenAPI part of the load stage. Loads every source once (discovered files and named
 * sources together), one after another in sorted order, while named URLs are fetched at the same
 * time up front. A bad document yields diagnostics and never affects the others; an unexpected
 * exception in one becomes `internal/error` for that file.
 */
export async function loadOpenApi(root: string, options: LoadOpenApiOptions): Promise<StageResult<LoadOpenApiOutput>> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const named = new Set(options.named);
  const ids = [...new Set([...options.files, ...options.named])].sort(compareStrings);
  const context: DocumentContext = {
    root: path.resolve(root),
    allowNetwork: options.allowNetwork,
    fetch: fetchImpl,
    timeoutMs,
    discovered: options.files,
    debug: options.debug ?? false,
    ...(options.allowOutside ? { allowOutside: options.allowOutside } : {}),
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
  };

  const diagnostics: Diagnostic[] = [];
  const documents: LoadedOpenApi[] = [];
  const failed: string[] = [];
  const sources: DocumentSource[] = [];
  for (const id of ids) {
    if (!isRemote(id)) {
      sources.push({ id, named: named.has(id) });
    } else if (options.allowNetwork) {
      const remote = fetchRemote(id, fetchImpl, timeoutMs, options.maxBytes);
      // Awaited later, in order; this marks a rejection as handled until then.
      remote.catch(() => undefined);
      sources.push({ id, named: true, remote });
    } else {
      sources.push({ id, named: true });
    }
  }

  for (const source of sources) {
    if (isRemote(source.id) && !source.remote) {
      failed.push(source.id);
      diagnostics.push(
        createDiagnostic('openapi/remote-not-allowed', {
          message: `The OpenAPI document \`${source.id}\` is remote and network access is off; its pages are not generated.`,
          file: source.id,
          hint: 'Pass `--allow-network` to fetch it, or download it into the project and name the local file.',
        }),
      );
      continue;
    }
    try {
      const outcome = await loadDocument(source, context);
      diagnostics.push(...outcome.diagnostics);
      if (outcome.loaded) documents.push(outcome.loaded);
      if (outcome.failed) failed.push(source.id);
    } catch (error) {
      failed.push(source.id);
      diagnostics.push(internalErrorDiagnostic(error, `while loading the OpenAPI document \`${source.id}\``, { file: source.id, debug: context.debug }));
    }
  }
  return { output: { documents, failed }, diagnostics };
}
