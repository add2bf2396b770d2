import path from 'node:path';
import { internalErrorDiagnostic } from '../diagnostics/internal-error.js';
import type { AsyncApiIndex, LoadedAsyncApi } from '../model/asyncapi.js';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import { compareStrings } from '../openapi/compare-strings.js';
import { parseSource } from '../openapi/parse-source.js';
import { DEFAULT_FETCH_TIMEOUT_MS, fetchRemote, isRemote, readLocal, type TextResult } from '../openapi/read-source.js';
import { closestMatch } from '../openapi/suggest.js';
import { isRecord } from '../parse/is-record.js';
import { locateAsyncApiProblems, type AsyncApiProblem, type ReadText } from './asyncapi-problem.js';
import { checkAsyncApiRefs } from './check-asyncapi-refs.js';
import { textOf } from './follow-ref.js';
import { indexChannels, type AsyncApiMajor } from './index-channels.js';

export interface LoadAsyncApiOptions {
  /** Discovered AsyncAPI files (project-relative POSIX), from `discoverAsyncApiFiles`. */
  readonly files: readonly string[];
  /** Sources named by the configuration: project-relative paths (no leading `/`) or http(s) URLs. */
  readonly named: readonly string[];
  /** Fetch named URLs; without it they are reported and skipped (as OpenAPI URLs are). */
  readonly allowNetwork: boolean;
  /** The fetch to use (tests pass a fake); defaults to the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Time allowed for each remote fetch, in milliseconds (default 20,000). */
  readonly fetchTimeoutMs?: number;
  /** Folders outside the project that its links may lead into (`--allow-outside`). */
  readonly allowOutside?: readonly string[];
  /** Bytes of each document, local or fetched: the OpenAPI cap (default 100 MB). */
  readonly maxBytes?: number;
  /** Stack traces in `internal/error` diagnostics; default off. */
  readonly debug?: boolean;
}

export interface LoadAsyncApiOutput {
  /** Documents that loaded, sorted by file. */
  readonly documents: LoadedAsyncApi[];
  /** Sources meant to be documents that did not load (already reported), sorted: references to them stay quiet. */
  readonly failed: string[];
}

/** One source's outcome. */
interface Outcome {
  readonly loaded?: LoadedAsyncApi;
  readonly failed: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The AsyncAPI part of the load stage: every discovered and named source once, in sorted order
 * (named URLs fetched up front, at the same time, and only with `allowNetwork`). Each is read
 * through the project's reader (inside the project, regular files, under the byte cap), parsed
 * with the nesting and alias limits of OpenAPI documents, its version checked (2.x and 3.x), its
 * channels indexed and its `$ref`s checked. A broken document yields located diagnostics and
 * never affects the others; an unexpected exception in one is `internal/error` for that file.
 */
export async function loadAsyncApi(root: string, options: LoadAsyncApiOptions): Promise<StageResult<LoadAsyncApiOutput>> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const named = new Set(options.named);
  const ids = [...new Set([...options.files, ...options.named])].sort(compareStrings);
  const remote = new Map<string, Promise<TextResult>>();
  for (const id of ids) {
    if (!isRemote(id) || !options.allowNetwork) continue;
    const fetched = fetchRemote(id, fetchImpl, timeoutMs, options.maxBytes);
    // Awaited later, in order; this marks a rejection as handled until then.
    fetched.catch(() => undefined);
    remote.set(id, fetched);
  }
  const abs = path.resolve(root);
  const documents: LoadedAsyncApi[] = [];
  const failed: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const id of ids) {
    let outcome: Outcome;
    try {
      outcome = await loadOne(id, named.has(id) || isRemote(id), remote.get(id), abs, options);
    } catch (error) {
      outcome = { failed: true, diagnostics: [internalErrorDiagnostic(error, `while loading the AsyncAPI document \`${id}\``, { file: id, debug: options.debug ?? false })] };
    }
    diagnostics.push(...outcome.diagnostics);
    if (outcome.loaded) documents.push(outcome.loaded);
    if (outcome.failed) failed.push(id);
  }
  return { output: { documents, failed }, diagnostics };
}

async function loadOne(id: string, named: boolean, fetched: Promise<TextResult> | undefined, root: string, options: LoadAsyncApiOptions): Promise<Outcome> {
  if (isRemote(id) && !fetched) {
    return fail([{
      code: 'asyncapi/remote-not-allowed',
      message: `The AsyncAPI document \`${id}\` is remote and network access is off; its channel pages are not generated.`,
      file: id,
      hint: 'Pass `--allow-network` to fetch it, or download it into the project and name the local file.',
    }]);
  }
  const absolute = path.join(root, id);
  if (!fetched && !isInside(root, absolute)) {
    return fail([{ code: 'asyncapi/file-not-found', message: `The AsyncAPI file \`${id}\` is outside the project folder; it is not read.`, file: id, hint: 'Move the file into the project and name it with a project-relative path.' }]);
  }
  const read = fetched ? await fetched : await readLocal(absolute, { root, ...(options.allowOutside ? { allowOutside: options.allowOutside } : {}), ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}) });
  if (!read.ok) {
    if (read.refused) return { failed: true, diagnostics: [read.refused] };
    if (fetched) return fail([{ code: 'asyncapi/fetch-failed', message: `The AsyncAPI document \`${id}\` could not be fetched: ${read.reason}.`, file: id, hint: 'Check the URL and that it is reachable without credentials, or copy the file into the project.' }]);
    const near = read.missing ? closestMatch(id, options.files) : undefined;
    return fail([{
      code: 'asyncapi/file-not-found',
      message: read.missing ? `The AsyncAPI file \`${id}\` does not exist in the project.` : `\`${id}\` could not be read: ${read.reason}.`,
      file: id,
      ...(near ? { hint: `Did you mean \`${near}\`?` } : {}),
    }]);
  }
  const source: ReadText = { text: read.text, syntax: read.syntax };
  const parsed = parseSource(read.text, id, read.syntax);
  if (!parsed.ok) {
    // The parser's own code (`openapi/parse-error`, `…/too-deep`, `…/alias-expansion`) becomes this area's one code; its message says which.
    const { message, file, line, column, pointer } = parsed.problem;
    const where = { file, ...(line !== undefined ? { line } : {}), ...(column !== undefined ? { column } : {}), ...(pointer !== undefined ? { pointer } : {}) };
    return fail([{ ...where, code: 'asyncapi/parse-error', message, hint: 'Fix the file; until then it is skipped and its channels have no pages.' }], source);
  }
  const value = parsed.value;
  if (!isRecord(value) || value.asyncapi === undefined) {
    if (!named) return { failed: false, diagnostics: [] };
    return fail([{
      code: 'asyncapi/not-asyncapi',
      message: `\`${id}\` is named as an AsyncAPI document but has no top-level \`asyncapi\` key.`,
      file: id,
      hint: 'Point the configuration at the AsyncAPI document itself (the file that starts with `asyncapi: 3.0.0`).',
    }], source);
  }
  const major = majorOf(value.asyncapi);
  if (major === undefined) {
    return fail([{
      code: 'asyncapi/unsupported-version',
      message: `\`${id}\` is AsyncAPI \`${String(value.asyncapi)}\`; only 3.x (and 2.x) documents are read, so it is skipped.`,
      file: id,
      pointer: '/asyncapi',
      hint: 'Write the version as a string such as `asyncapi: 3.0.0` (Mintlify documents AsyncAPI 3.0).',
    }], source);
  }
  const indexed = indexChannels(value, id, major);
  const problems: AsyncApiProblem[] = [...indexed.problems, ...checkAsyncApiRefs(value, id)];
  if (indexed.channels.length === 0) {
    problems.unshift({
      code: 'asyncapi/no-channels',
      message: `\`${id}\` defines no channels, so it has no pages (Mintlify stops with "No channels defined").`,
      file: id,
      ...(value.channels !== undefined ? { pointer: '/channels' } : {}),
      hint: 'Add the channels the API offers under `channels`.',
    });
    return fail(problems, source);
  }
  const info = isRecord(value.info) ? value.info : {};
  const title = textOf(info.title);
  const index: AsyncApiIndex = { file: id, version: String(value.asyncapi), ...(title ? { title } : {}), channels: indexed.channels };
  return { loaded: { index, document: value }, failed: false, diagnostics: locateAsyncApiProblems(problems, source) };
}

/** 3 for `3.x.y`, 2 for `2.x.y` (written as a string, as the specification requires); else undefined. */
function majorOf(version: unknown): AsyncApiMajor | undefined {
  if (typeof version !== 'string') return undefined;
  if (/^3\.\d+\.\d+/.test(version)) return 3;
  if (/^2\.\d+\.\d+/.test(version)) return 2;
  return undefined;
}

function fail(problems: readonly AsyncApiProblem[], source?: ReadText): Outcome {
  return { failed: true, diagnostics: locateAsyncApiProblems(problems, source) };
}

function isInside(root: string, absolute: string): boolean {
  const relative = path.relative(root, absolute);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
