import path from 'node:path';
import type { ComponentMap } from '../../components/index.js';
import { markSnippetContent } from '../../components/snippet-content.js';
import { DEFAULT_READ_POLICY } from '../../../project-fs/read-policy.js';
import { readProjectText, type Refusal } from '../../../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../../../project-fs/refusal-diagnostic.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { ReadPolicy } from '../../../model/project.js';
import type { AdaptedComponents } from '../compile/adapt-components.js';
import { compileModule, type ModuleEnv } from '../compile/compile-module.js';
import { evaluateModule } from '../compile/evaluate-module.js';
import { createExpressionGuard } from '../compile/expression-guard.js';
import { runtimeDiagnostic } from '../compile/module-diagnostics.js';
import { fillPlaceholders } from '../markdown/to-markdown-tree.js';
import type { MdxCache } from '../mdx-cache.js';
import { loadJsxSnippet } from './load-jsx-snippet.js';
import type { LoadSnippet, OutsideSnippet, SnippetFailure, SnippetModule } from './snippet-module.js';

export interface SnippetLoaderOptions {
  readonly root: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly map: ComponentMap;
  readonly components: AdaptedComponents;
  readonly cache: MdxCache;
  /** Links may lead only into the root and `policy.allowOutside`; snippets are capped at `policy.maxPageBytes`. */
  readonly policy?: ReadPolicy;
}

const JS_SNIPPET = /\.(jsx|tsx|js|ts)$/;

/**
 * The snippet's text, `missing`, the failure of one behind a link leading out of the project, or
 * the module another refused file stands for (over the cap, a FIFO: it renders nothing, and its
 * one diagnostic names the file).
 */
async function readSource(options: SnippetLoaderOptions, file: string): Promise<{ readonly text: string } | { readonly refused: SnippetModule } | SnippetFailure> {
  const policy = options.policy ?? DEFAULT_READ_POLICY;
  const read = await readProjectText({ root: options.root, allowOutside: policy.allowOutside }, path.join(options.root, file), policy.maxPageBytes);
  if (read.ok) return { text: read.text };
  if (read.refusal.kind === 'outside') return outsideSnippet(file, read.refusal);
  const diagnostic = refusalDiagnostic(file, read.refusal, 'snippet');
  return diagnostic ? { refused: { file, exports: {}, features: [], failed: true, diagnostics: [diagnostic] } } : 'missing';
}

/**
 * A snippet whose real path lies outside the project: the import naming it reports
 * `mdx/import-outside-project` at its own line, in the importing file (the link itself is
 * reported once, as `load/link-outside-project`, by the load stage).
 */
function outsideSnippet(file: string, refusal: Extract<Refusal, { kind: 'outside' }>): OutsideSnippet {
  const link = refusal.link;
  const what = !link ? 'resolves' : link.path === file ? `is a symbolic link to \`${link.target}\`,` : `resolves through the symbolic link \`${link.path}\` → \`${link.target}\`,`;
  return {
    kind: 'outside',
    message: `Snippet \`${file}\` ${what} outside the project folder; it is not read and this import renders nothing.`,
    hint: 'Replace the link with a copy of the snippet inside the project.',
  };
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
    const guard = createExpressionGuard(file, state.expressions, env.cache.expressions);
    exports = await evaluateModule({ code: compiled.code, declared: state.declared, imports: state.imports, components: env.components.provided, guard });
  } catch (error) {
    diagnostics.push(runtimeDiagnostic(error, file, state.names, 'the snippet renders nothing until this is fixed'));
    exports = { default: () => null };
    failed = true;
  }
  if (typeof exports['default'] === 'function') markSnippetContent(exports['default']);
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
    const source = await readSource(options, file);
    if (typeof source === 'string' || 'kind' in source) return source;
    if ('refused' in source) {
      store.set(file, source.refused);
      return source.refused;
    }
    const env: ModuleEnv = { ...options, load: createSnippetLoader(options, [...chain, file], true) };
    const module = JS_SNIPPET.test(file) ? await loadJsxSnippet(file, env, options.policy) : await buildMdxSnippet(file, source.text, env);
    store.set(file, module);
    return module;
  };
}
