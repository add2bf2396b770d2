import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { ConfigOrigins, ReadPolicy } from '../model/project.js';
import type { Project } from './project.js';
import { projectConfigFileSystem } from '../config/config-fs.js';
import { originOf } from '../config/origins.js';
import { readCodeBlocksSetting } from '../config/code-blocks-setting.js';
import { loadConfig } from '../config/load-config.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { ASYNCAPI_KEYS, jsonHasSpecKey, yamlHasSpecKey } from '../openapi/detect-spec-key.js';
import { discoverOpenApiFiles } from '../openapi/discover-openapi-files.js';
import { loadOpenApi } from '../openapi/load-openapi.js';
import { collectOpenApiSources } from '../openapi/openapi-sources.js';
import { loadCustomLanguages } from './custom-languages.js';
import { collectAsyncApiSources } from '../asyncapi/asyncapi-sources.js';
import { discoverAsyncApiFiles } from '../asyncapi/discover-asyncapi-files.js';
import { loadAsyncApi } from '../asyncapi/load-asyncapi.js';
import { findFiles } from './find-files.js';
import { loadPages } from './load-pages.js';
import { loadSkills } from './skill-files.js';
import { loadPageDates, type PageDateSource } from './page-dates.js';
import { readPolicy } from '../project-fs/read-policy.js';
import { readProjectHead, resolveScope, type ReadScope } from '../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../project-fs/refusal-diagnostic.js';

export interface LoadOptions {
  /** Fetch OpenAPI documents named by URL; off by default (builds are offline). */
  readonly allowNetwork?: boolean;
  readonly fetch?: typeof fetch;
  /** Project-relative folders to leave out of discovery (e.g. the build output). */
  readonly outputDirs?: readonly string[];
  /**
   * Folders outside the project that its symbolic links may lead into (`--allow-outside`, for
   * monorepos); without them every file read or copied lies inside the project's real path.
   */
  readonly allowOutside?: readonly string[];
  /** Byte cap of docs.json and each file it includes (default 10 MB). */
  readonly maxConfigBytes?: number;
  /** Byte cap of an OpenAPI document or a file it references, local or fetched (default 100 MB). */
  readonly maxOpenApiBytes?: number;
  /** Byte cap of a page or snippet and of custom CSS/JS (default 5 MB). */
  readonly maxPageBytes?: number;
  /** Stack traces in `internal/error` diagnostics (the CLI's `--debug` or `SHEAF_DEBUG=1`); default off. */
  readonly debug?: boolean;
  /**
   * Where last-modified dates come from when pages show them (`metadata.timestamp`): `git`
   * (default), the history of the git work tree around the project; `none` for a build that must
   * not read it (the export service's sandbox). Never file modification times.
   */
  readonly pageDates?: PageDateSource;
}

/** The read policy the load options ask for. */
export function policyOf(options: LoadOptions): ReadPolicy {
  return readPolicy({
    allowOutside: (options.allowOutside ?? []).map((p) => path.resolve(p)),
    ...(options.maxConfigBytes !== undefined ? { maxConfigBytes: options.maxConfigBytes } : {}),
    ...(options.maxOpenApiBytes !== undefined ? { maxOpenApiBytes: options.maxOpenApiBytes } : {}),
    ...(options.maxPageBytes !== undefined ? { maxPageBytes: options.maxPageBytes } : {}),
  });
}

/** Bytes read from a JSON/YAML file over the OpenAPI cap to tell whether it is a document. */
const SPEC_HEAD_BYTES = 4096;

/**
 * The load stage: the only one that reads files. Reads the configuration, finds pages and
 * OpenAPI documents, and returns them as plain data. Returns no project when there is no valid
 * configuration to work from. Every file is read through `readProjectText` (inside the project,
 * regular files only, under the byte caps of `options`); links leading out of the project and
 * FIFOs, sockets and devices are reported once each and never read or copied.
 */
export async function loadProject(root: string, options: LoadOptions = {}): Promise<StageResult<Project | undefined>> {
  const abs = path.resolve(root);
  const isDir = await stat(abs).then((s) => s.isDirectory(), () => false);
  if (!isDir) return { output: undefined, diagnostics: [notFound(root, `The folder \`${root}\` does not exist.`)] };
  const policy = policyOf(options);
  const scope: ReadScope = await resolveScope({ root: abs, allowOutside: policy.allowOutside });
  const configFs = projectConfigFileSystem(scope, policy.maxConfigBytes);
  const config = await loadConfig(abs, { fs: configFs });
  if (!config.output) {
    const refused = configFs.refusal?.(path.join(abs, 'docs.json')) ?? configFs.refusal?.(path.join(abs, 'mint.json'));
    const missing = config.diagnostics.length === 0;
    const diagnostics = refused && missing ? [refused] : missing ? [notFound(root, `\`${root}\` holds neither docs.json nor mint.json.`)] : config.diagnostics;
    return { output: undefined, diagnostics };
  }
  // Anchored at the root: `-o out` leaves out `out/`, not every folder named `out`.
  const outputs = (options.outputDirs ?? []).map((d) => `/${d.replace(/^\/+/, '').replace(/\/?$/, '/')}`);
  const found = await findFiles(abs, { ignores: outputs, allowOutside: policy.allowOutside });
  const files = found.files;
  const pages = await loadPages(abs, files, policy);
  const skills = await loadSkills(abs, files, policy);
  const named = collectOpenApiSources(config.output.config);
  const specFiles = files.filter((f) => /\.(json|ya?ml)$/i.test(f));
  const withinCap = (f: string) => (found.sizes.get(f) ?? 0) <= policy.maxOpenApiBytes;
  const discovered = await discoverOpenApiFiles(scope, specFiles.filter(withinCap), policy.maxOpenApiBytes);
  const asyncNamed = collectAsyncApiSources(config.output.config);
  const oversized = await oversizedDocuments(scope, specFiles.filter((f) => !withinCap(f) && !named.has(f) && !asyncNamed.has(f)), found.sizes, policy.maxOpenApiBytes);
  const openapi = await loadOpenApi(abs, {
    files: discovered,
    named: [...named.keys()],
    allowNetwork: options.allowNetwork ?? false,
    allowOutside: policy.allowOutside,
    maxBytes: policy.maxOpenApiBytes,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.debug ? { debug: true } : {}),
  });
  const asyncapi = await loadAsyncApi(abs, {
    files: await discoverAsyncApiFiles(scope, specFiles.filter(withinCap), policy.maxOpenApiBytes),
    named: [...asyncNamed.keys()],
    allowNetwork: options.allowNetwork ?? false,
    allowOutside: policy.allowOutside,
    maxBytes: policy.maxOpenApiBytes,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.debug ? { debug: true } : {}),
  });
  const duplicates = duplicatePages(pages.output);
  const openapiFiles = openapi.output.documents.map((d) => d.index.file);
  const dates = await loadPageDates({ root: abs, config: config.output, pages: duplicates.pages, openapiFiles, source: options.pageDates ?? 'git' });
  const custom = readCodeBlocksSetting(config.output.config.styling?.codeblocks).custom;
  const languages = custom.length > 0 ? await loadCustomLanguages(scope, custom, config.output.origins, policy.maxConfigBytes) : undefined;
  const diagnostics: Diagnostic[] = onePerLink([
    ...found.diagnostics,
    ...config.diagnostics,
    ...pages.diagnostics,
    ...skills.diagnostics,
    ...duplicates.diagnostics,
    ...oversized,
    ...oversizedAssets(files, found.sizes, policy.maxPageBytes),
    ...dates.diagnostics,
    ...(languages?.diagnostics ?? []),
    ...openapi.diagnostics.map((d) => (d.code.startsWith('load/') ? d : pointAtNamingEntry(d, named, config.output!.origins))),
    ...asyncapi.diagnostics.map((d) => (d.code.startsWith('load/') ? d : pointAtNamingEntry(d, asyncNamed, config.output!.origins))),
  ]);
  const project: Project = {
    root: abs,
    config: config.output,
    pages: duplicates.pages,
    files,
    openapi: [...openapi.output.documents].sort((a, b) => a.index.file.localeCompare(b.index.file)),
    failedOpenapi: [...openapi.output.failed].sort(),
    asyncapi: asyncapi.output.documents,
    failedAsyncapi: asyncapi.output.failed,
    ...(dates.dates ? { pageDates: dates.dates } : {}),
    ...(languages ? { codeLanguages: languages.languages } : {}),
    ...(skills.output.root !== undefined || skills.output.listed.length > 0 ? { skills: skills.output } : {}),
    policy,
  };
  return { output: project, diagnostics };
}

/**
 * JSON/YAML files over the OpenAPI byte cap that are not named by the configuration: each whose
 * first 4 KB show a top-level `openapi` or `swagger` key (or AsyncAPI's `asyncapi`, whose
 * documents share the cap) is a `load/file-too-large` error (it would have been discovered); the
 * others are plain files, copied as they are.
 */
async function oversizedDocuments(scope: ReadScope, files: readonly string[], sizes: ReadonlyMap<string, number>, limit: number): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const file of files) {
    const head = await readProjectHead(scope, path.join(scope.root, file), SPEC_HEAD_BYTES);
    if (!head.ok) continue;
    const text = head.bytes.toString('utf8');
    const json = /\.json$/i.test(file);
    const spec = json ? jsonHasSpecKey(text) : yamlHasSpecKey(text, false);
    const asyncapi = json ? jsonHasSpecKey(text, ASYNCAPI_KEYS) : yamlHasSpecKey(text, false, ASYNCAPI_KEYS);
    if (spec !== true && asyncapi !== true) continue;
    const refused = refusalDiagnostic(file, { kind: 'too-large', bytes: sizes.get(file) ?? 0, limit }, 'openapi');
    if (refused) out.push(refused);
  }
  return out;
}

/** Root-level custom CSS and JavaScript over the page cap: bundled into every page, so refused, each with one error. */
function oversizedAssets(files: readonly string[], sizes: ReadonlyMap<string, number>, limit: number): Diagnostic[] {
  return files
    .filter((f) => !f.includes('/') && /\.(css|js)$/i.test(f) && (sizes.get(f) ?? 0) > limit)
    .flatMap((f) => refusalDiagnostic(f, { kind: 'too-large', bytes: sizes.get(f) ?? 0, limit }, 'asset') ?? []);
}

/**
 * One `load/link-outside-project` per link: the listing reports each link, and a reader that
 * reaches the same link by name (a `$ref`, a named OpenAPI file) would report it again.
 */
function onePerLink(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    if (d.code !== 'load/link-outside-project' && d.code !== 'load/not-a-regular-file') return true;
    const key = `${d.code}\u0000${d.file ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * A problem with a source that was never read (missing file, URL not fetched) has no position
 * of its own: point it at the first configuration entry naming that source.
 */
function pointAtNamingEntry(d: Diagnostic, named: ReadonlyMap<string, string[]>, origins: ConfigOrigins): Diagnostic {
  const pointers = d.file !== undefined && d.line === undefined ? named.get(d.file) : undefined;
  if (!pointers?.[0]) return d;
  const origin = originOf(origins, pointers[0]);
  return { ...d, message: d.message, file: origin.file, pointer: origin.pointer };
}

function notFound(root: string, message: string): Diagnostic {
  return createDiagnostic('project/not-found', {
    message,
    file: root,
    hint: 'Run sheaf in the folder that holds docs.json, or pass that folder: `sheaf check path/to/docs`.',
  });
}

/** Keeps one page per path: `x.mdx` wins over `x.md`, and the other is reported. */
function duplicatePages(pages: Project['pages']): { pages: Project['pages']; diagnostics: Diagnostic[] } {
  const byPath = new Map<string, Project['pages'][number]>();
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const other = byPath.get(page.path);
    if (!other) {
      byPath.set(page.path, page);
      continue;
    }
    const [keep, drop] = page.file.endsWith('.mdx') ? [page, other] : [other, page];
    byPath.set(page.path, keep);
    diagnostics.push(
      createDiagnostic('load/duplicate-page', {
        message: `\`${drop.file}\` and \`${keep.file}\` are the same page \`${page.path}\`; \`${keep.file}\` is used.`,
        file: drop.file,
        line: 1,
        column: 1,
        hint: `Delete or rename \`${drop.file}\`.`,
      }),
    );
  }
  return { pages: [...byPath.values()].sort((a, b) => a.file.localeCompare(b.file)), diagnostics };
}
