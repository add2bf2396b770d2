import path from 'node:path';
import { internalErrorDiagnostic } from '../diagnostics/internal-error.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { LoadedOpenApi } from '../model/openapi.js';
import { bundleDocument } from './bundle-document.js';
import { checkRefs, type RefCheck, type RefContext, type RefFile } from './check-refs.js';
import { checkVersion } from './check-version.js';
import { compareStrings } from './compare-strings.js';
import { builtCycle } from './contains-itself.js';
import { convertSwagger2, type ConversionNote } from './convert-swagger2.js';
import { indexDocument } from './index-operations.js';
import { parseSource } from './parse-source.js';
import { locateProblems, type Problem, type SourceText } from './problem.js';
import { readLocal, type TextResult } from './read-source.js';
import { applySelfBase } from './self-base.js';
import { closestMatch } from './suggest.js';
import type { SchemaVersion } from './openapi-schemas.js';
import { validateDocument } from './validate-document.js';
import { isRecord } from '../parse/is-record.js';

/** One OpenAPI source to load: a project-relative file or an http(s) URL. */
export interface DocumentSource {
  /** Project-relative POSIX path or URL; the `file` of the index and of diagnostics. */
  readonly id: string;
  /** Named by the configuration: problems that would be silent for a discovered file are errors. */
  readonly named: boolean;
  /** For URLs: the fetch, started early so fetches overlap. */
  readonly remote?: Promise<TextResult>;
}

export interface DocumentContext extends Omit<RefContext, 'idScopes'> {
  /** Discovered spec files, for did-you-mean hints. */
  readonly discovered: readonly string[];
  /** Stack traces in `internal/error` diagnostics. */
  readonly debug: boolean;
}

export interface DocumentOutcome {
  readonly loaded?: LoadedOpenApi;
  /** True when the source was meant to be a document but did not load. */
  readonly failed: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Loads one source: read, parse, version check, (3.2) `$ref`s read against `$self`
 * (`applySelfBase`), `$ref` check, bundling of external refs (only when there are any), Swagger
 * 2.0 conversion, a check that those two made no cycle (so the document handed on is a tree,
 * shared subtrees allowed, and every later walk ends), indexing, validation against the official JSON
 * Schema of the version (warnings; the document loads anyway; Swagger 2.0 as written, not as
 * converted, so positions are the author's). Problems become located diagnostics;
 * expected failures never throw (unexpected exceptions are the caller's `internal/error`).
 */
export async function loadDocument(source: DocumentSource, context: DocumentContext): Promise<DocumentOutcome> {
  const key = source.remote ? source.id : path.join(context.root, source.id);
  if (!source.remote && !isInside(context.root, key)) {
    return fail([{
      code: 'openapi/file-not-found',
      message: `The OpenAPI file \`${source.id}\` is outside the project folder; it is not read.`,
      file: source.id,
      hint: 'Move the file into the project and name it with a project-relative path.',
    }], new Map());
  }
  const read = source.remote ? await source.remote : await readLocal(key, context);
  if (!read.ok) return read.refused ? { failed: true, diagnostics: [read.refused] } : fail([readProblem(source, read.reason, read.missing, context)], new Map());

  const texts = new Map<string, SourceText>([[source.id, { text: read.text, syntax: read.syntax }]]);
  const parsed = parseSource(read.text, source.id, read.syntax);
  if (!parsed.ok) return fail([parsed.problem], texts);
  const value = parsed.value;
  if (!isRecord(value) || (value.openapi === undefined && value.swagger === undefined)) {
    if (!source.named) return { failed: false, diagnostics: [] };
    return fail([{
      code: 'openapi/not-openapi',
      message: `\`${source.id}\` is named as an OpenAPI document but has no top-level \`openapi\` or \`swagger\` key.`,
      file: source.id,
      hint: 'Point the configuration at the OpenAPI document itself (the file that starts with `openapi: 3.x`).',
    }], texts);
  }
  const version = checkVersion(value, source.id);
  if (!version.ok) return fail([version.problem], texts);

  // 3.2: `$ref`s resolve against `$self`; rewritten to what they name in the project first.
  if (version.kind === '3.2') applySelfBase(value, read.syntax === 'yaml');
  const root: RefFile = { key, display: source.id, value, source: { text: read.text, syntax: read.syntax } };
  const refs = await checkRefs(root, { ...context, idScopes: version.kind === '3.1' || version.kind === '3.2' });
  const problems: Problem[] = [...refs.problems];
  for (const file of refs.files.values()) texts.set(file.display, file.source);
  let document = value;
  if (refs.external) {
    const bundled = await bundleOrKeep(value, key, refs.files, refs.hidden, source.id);
    document = bundled.document;
    if (bundled.problem) problems.push(bundled.problem);
  }
  // What the author wrote (bundled): a Swagger 2.0 document is validated as such, not as converted.
  const written = document;

  if (version.kind === 'swagger2') {
    const converted = await convertSwagger2(document);
    if (!converted.ok) {
      const validated = validate(source.id, written, '2.0', refs.inlined, [], context.debug);
      return { failed: true, diagnostics: [...locateProblems([...problems, conversionFailed(source.id, converted.reason), ...validated.problems], texts), ...validated.failure] };
    }
    document = converted.document;
    problems.push(convertedWarning(source.id, converted.notes));
  }

  // Bundling and conversion build new objects: none may make the document hold itself (parsing refused what the text made).
  if (refs.external || version.kind === 'swagger2') {
    const cycle = builtCycle(source.id, document, written, version.kind === 'swagger2');
    if (cycle) return fail([...problems, cycle], texts);
  }

  const indexed = indexDocument(source.id, document, version.written, version.kind === 'swagger2');
  problems.push(...indexed.problems);
  const validated = validate(source.id, written, version.kind === 'swagger2' ? '2.0' : version.kind, refs.inlined, indexed.problems, context.debug);
  problems.push(...validated.problems);
  const sources = [...refs.files.values()].map((f) => f.display).filter((d) => d !== source.id).sort(compareStrings);
  const loaded: LoadedOpenApi = { index: indexed.index, document, ...(sources.length > 0 ? { sources } : {}) };
  return { loaded, failed: false, diagnostics: [...locateProblems(problems, texts), ...validated.failure] };
}

/**
 * Schema violations of the bundled document, where the structural checks of `indexDocument`
 * have not already said the same at the same place. The validator failing is a bug of Sheaf's:
 * an `internal/error`, while the document still loads.
 */
function validate(
  file: string,
  document: unknown,
  version: SchemaVersion,
  inlined: RefCheck['inlined'],
  structural: readonly Problem[],
  debug: boolean,
): { problems: Problem[]; failure: Diagnostic[] } {
  const reported = new Set(structural.filter((p) => p.file === file && p.pointer !== undefined).map((p) => p.pointer as string));
  try {
    return { problems: validateDocument({ document, version, file, inlined, reported }), failure: [] };
  } catch (error) {
    return { problems: [], failure: [internalErrorDiagnostic(error, `while validating \`${file}\` against the ${version === '2.0' ? 'Swagger' : 'OpenAPI'} ${version} schema`, { file, debug })] };
  }
}

function conversionFailed(file: string, reason: string): Problem {
  return {
    code: 'openapi/conversion-failed',
    message: `\`${file}\` is Swagger 2.0 and could not be converted to OpenAPI 3.0: ${reason}`,
    file,
    pointer: '/swagger',
    hint: 'Fix the reported problem, or convert the file to OpenAPI 3 yourself.',
  };
}

function convertedWarning(file: string, notes: readonly ConversionNote[]): Problem {
  const lossy = notes.length === 0 ? '' : ` ${notes.length} part${notes.length === 1 ? '' : 's'} could not be converted exactly (see the related locations).`;
  return {
    code: 'openapi/swagger2-converted',
    message: `\`${file}\` is Swagger 2.0; it was converted to OpenAPI 3.0 in memory.${lossy} Convert the file to silence this.`,
    file,
    pointer: '/swagger',
    hint: 'Mintlify does not support Swagger 2.0; run `npx swagger2openapi` on the file and commit the result.',
    ...(notes.length > 0 ? { related: notes.map((n) => ({ file, pointer: n.pointer, message: n.message })) } : {}),
  };
}

function isInside(root: string, absolute: string): boolean {
  const relative = path.relative(root, absolute);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function fail(problems: readonly Problem[], texts: ReadonlyMap<string, SourceText>): DocumentOutcome {
  return { failed: true, diagnostics: locateProblems(problems, texts) };
}

function readProblem(source: DocumentSource, reason: string, missing: boolean, context: DocumentContext): Problem {
  if (source.remote) {
    return {
      code: 'openapi/fetch-failed',
      message: `The OpenAPI document \`${source.id}\` could not be fetched: ${reason}.`,
      file: source.id,
      hint: 'Check the URL and that it is reachable without credentials, or copy the file into the project.',
    };
  }
  if (!missing) return { code: 'openapi/file-not-found', message: `\`${source.id}\` could not be read: ${reason}.`, file: source.id };
  const suggestion = closestMatch(source.id, context.discovered);
  return {
    code: 'openapi/file-not-found',
    message: `The OpenAPI file \`${source.id}\` does not exist in the project.`,
    file: source.id,
    ...(suggestion ? { hint: `Did you mean \`${suggestion}\`?` } : {}),
  };
}

/**
 * Inlines the external `$ref`s, or, when the bundler gives up on a `$ref` that `checkRefs` let
 * through (a pointer to the whole document `#/`, a 3.0 component pointer in a Swagger 2.0 file:
 * found by fuzzing), keeps the document as far as the bundler got and reports it: the `$ref`s not
 * yet inlined render unresolved, the rest of the document is built (`bundleDocument` restores
 * what it changed for the call, whether it succeeds or not).
 */
async function bundleOrKeep(
  value: Record<string, unknown>,
  key: string,
  files: Parameters<typeof bundleDocument>[2],
  hidden: ReadonlySet<Record<string, unknown>>,
  display: string,
): Promise<{ readonly document: Record<string, unknown>; readonly problem?: Problem }> {
  try {
    return { document: await bundleDocument(value, key, files, hidden) };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    return {
      document: value,
      problem: {
        code: 'openapi/ref-not-found',
        file: display,
        message: `The external \`$ref\`s of \`${display}\` could not be inlined (${reason}); they render unresolved.`,
        hint: 'Check the `$ref`s of the document: each must point at an existing file and JSON pointer (`#/` alone is not a pointer to a value).',
      },
    };
  }
}
