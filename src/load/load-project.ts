import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { ConfigOrigins, Project } from '../model/project.js';
import { originOf } from '../config/origins.js';
import { loadConfig } from '../config/load-config.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { discoverOpenApiFiles } from '../openapi/discover-openapi-files.js';
import { loadOpenApi } from '../openapi/load-openapi.js';
import { collectOpenApiSources } from '../resolve/openapi-sources.js';
import { findFiles } from './find-files.js';
import { loadPages } from './load-pages.js';

export interface LoadOptions {
  /** Fetch OpenAPI documents named by URL; off by default (builds are offline). */
  readonly allowNetwork?: boolean;
  readonly fetch?: typeof fetch;
  /** Project-relative folders to leave out of discovery (e.g. the build output). */
  readonly outputDirs?: readonly string[];
}

/**
 * The load stage: the only one that reads files. Reads the configuration, finds pages and
 * OpenAPI documents, and returns them as plain data. Returns no project when there is no valid
 * configuration to work from.
 */
export async function loadProject(root: string, options: LoadOptions = {}): Promise<StageResult<Project | undefined>> {
  const abs = path.resolve(root);
  const isDir = await stat(abs).then((s) => s.isDirectory(), () => false);
  if (!isDir) return { output: undefined, diagnostics: [notFound(root, `The folder \`${root}\` does not exist.`)] };
  const config = await loadConfig(abs);
  if (!config.output) {
    const missing = config.diagnostics.length === 0;
    const diagnostics = missing ? [notFound(root, `\`${root}\` holds neither docs.json nor mint.json.`)] : config.diagnostics;
    return { output: undefined, diagnostics };
  }
  const files = await findFiles(abs, (options.outputDirs ?? []).map((d) => d.replace(/\/?$/, '/')));
  const pages = await loadPages(abs, files);
  const discovered = await discoverOpenApiFiles(abs, files.filter((f) => /\.(json|ya?ml)$/i.test(f)));
  const named = collectOpenApiSources(config.output.config);
  const openapi = await loadOpenApi(abs, {
    files: discovered,
    named: [...named.keys()],
    allowNetwork: options.allowNetwork ?? false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const duplicates = duplicatePages(pages.output);
  const diagnostics: Diagnostic[] = [
    ...config.diagnostics,
    ...pages.diagnostics,
    ...duplicates.diagnostics,
    ...openapi.diagnostics.map((d) => pointAtNamingEntry(d, named, config.output!.origins)),
  ];
  const project: Project = {
    root: abs,
    config: config.output,
    pages: duplicates.pages,
    files,
    openapi: [...openapi.output.documents].sort((a, b) => a.index.file.localeCompare(b.index.file)),
    failedOpenapi: [...openapi.output.failed].sort(),
  };
  return { output: project, diagnostics };
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
