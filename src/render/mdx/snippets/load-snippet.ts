import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComponentMap } from '../../components/index.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { AdaptedComponents } from '../compile/adapt-components.js';
import { compileModule, type ModuleEnv } from '../compile/compile-module.js';
import { evaluateModule } from '../compile/evaluate-module.js';
import { runtimeDiagnostic } from '../compile/module-diagnostics.js';
import { fillPlaceholders } from '../markdown/to-markdown-tree.js';
import type { MdxCache } from '../mdx-cache.js';
import { loadJsxSnippet } from './load-jsx-snippet.js';
import type { LoadSnippet, SnippetModule } from './snippet-module.js';

export interface SnippetLoaderOptions {
  readonly root: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly map: ComponentMap;
  readonly components: AdaptedComponents;
  readonly cache: MdxCache;
}

const JS_SNIPPET = /\.(jsx|tsx|js|ts)$/;

async function readSource(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Finished snippets of this cache, components map and variables. */
function storeOf(options: SnippetLoaderOptions): Map<string, SnippetModule> {
  let byVariables = options.cache.snippets.get(options.map);
  if (!byVariables) options.cache.snippets.set(options.map, (byVariables = new Map()));
  const key = JSON.stringify(Object.entries(options.variables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  let store = byVariables.get(key);
  if (!store) byVariables.set(key, (store = new Map()));
  return store;
}

/** Runs `work` after every earlier holder of the cache's snippet lock is done. */
function withLock<T>(cache: MdxCache, work: () => Promise<T>): Promise<T> {
  const run = cache.lock.then(work);
  cache.lock = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Unique by code, file, place and message, in first-seen order. */
export function dedupe(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = [d.code, d.file, d.line, d.column, d.message].join('\u0000');
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

async function buildMdxSnippet(file: string, source: string, env: ModuleEnv): Promise<SnippetModule> {
  const compiled = await compileModule({ kind: 'snippet', file, source }, env);
  const { state } = compiled;
  const diagnostics = [...state.diagnostics];
  let exports: Record<string, unknown>;
  let failed = compiled.plain;
  try {
    exports = await evaluateModule({ code: compiled.code, declared: state.declared, imports: state.imports, components: env.components.provided });
  } catch (error) {
    diagnostics.push(runtimeDiagnostic(error, file, state.names, 'the snippet renders nothing until this is fixed'));
    exports = { default: () => null };
    failed = true;
  }
  const own = (name: string) => {
    const value = state.declared.has(name) ? exports[name] : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  const features = new Set(state.features);
  for (const m of state.modules) for (const f of m.features) features.add(f);
  return {
    file,
    exports,
    markdown: fillPlaceholders(state.markdown, own),
    paramFields: state.paramFields,
    features: [...features].sort(),
    failed,
    diagnostics: dedupe([...diagnostics, ...state.modules.flatMap((m) => m.diagnostics)]),
  };
}

/**
 * A loader of snippets by project-relative path, for a module whose import chain is `chain`
 * (the page first). Each snippet is compiled and evaluated once per cache; the import tree is
 * loaded under the cache's lock, so concurrent pages never wait on each other. A file in the
 * chain is a cycle; a file that cannot be read is missing.
 */
export function createSnippetLoader(options: SnippetLoaderOptions, chain: readonly string[], locked = false): LoadSnippet {
  const store = storeOf(options);
  return async (file) => {
    const done = store.get(file);
    if (done) return done;
    if (chain.includes(file)) return 'cycle';
    if (!locked) return withLock(options.cache, () => createSnippetLoader(options, chain, true)(file));
    const source = await readSource(path.join(options.root, file));
    if (source === undefined) return 'missing';
    const env: ModuleEnv = { ...options, load: createSnippetLoader(options, [...chain, file], true) };
    const module = JS_SNIPPET.test(file) ? await loadJsxSnippet(file, env) : await buildMdxSnippet(file, source, env);
    store.set(file, module);
    return module;
  };
}
