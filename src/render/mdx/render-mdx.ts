import GithubSlugger from 'github-slugger';
import { h, type ComponentType } from 'preact';
import { renderToString } from '../render-to-string.js';
import { createDiagnostic } from '../../diagnostics/create.js';
import { parseFrontmatter } from '../../load/frontmatter.js';
import { ComponentContext, type ComponentSettings } from '../components/index.js';
import { iconPlace, iconSubstitutionDiagnostics, type IconSubstitution } from '../components/icons/icon-diagnostics.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { RenderedBody } from '../../model/render.js';
import { adaptComponents } from './compile/adapt-components.js';
import { compileModule, compilePlain, type CompiledModule } from './compile/compile-module.js';
import { evaluateModule } from './compile/evaluate-module.js';
import { createExpressionGuard, withExpressionReport, type ExpressionSink } from './compile/expression-guard.js';
import { runtimeDiagnostic } from './compile/module-diagnostics.js';
import { describeScriptUrl } from '../script-url.js';
import { finishHtml } from './html/finish-html.js';
import { serializeMarkdown } from './markdown/serialize-markdown.js';
import { createMdxCache, type MdxCache } from './mdx-cache.js';
import type { MdxInput } from './mdx-input.js';
import { guardExports } from './snippets/guard-exports.js';
import { createSnippetLoader, dedupe } from './snippets/load-snippet.js';

export type { MdxInput } from './mdx-input.js';

type Rendered = { readonly html: string; readonly exports: Record<string, unknown> } | { readonly error: Diagnostic };

interface RenderContext {
  readonly provided: Readonly<Record<string, unknown>>;
  /** Where failing content expressions of the page and its snippets report (the cache's). */
  readonly expressions: ExpressionSink;
  readonly settings: ComponentSettings;
  readonly report: (d: Diagnostic) => void;
}

/**
 * Evaluates and renders a compiled page; snippet errors and failing content expressions (of the
 * page and of its snippets) while rendering go to `report`.
 */
async function render(compiled: CompiledModule, { provided, settings, report, expressions }: RenderContext): Promise<Rendered> {
  const { state } = compiled;
  try {
    const imports = Object.fromEntries(Object.entries(state.imports).map(([key, exports]) => [key, guardExports(exports, key, report)]));
    const guard = createExpressionGuard(compiled.file, state.expressions, expressions);
    const exports = await evaluateModule({ code: compiled.code, declared: state.declared, imports, components: provided, guard });
    const Content = exports['default'] as ComponentType;
    const slugger = new GithubSlugger();
    const icons: IconSubstitution[] = [];
    const value: ComponentSettings = { ...settings, slug: (text) => slugger.slug(text), reportIcon: (use) => icons.push(use) };
    // Kept until the render succeeds: a page that then falls back to plain Markdown shows no expression.
    const failed: Diagnostic[] = [];
    const html = withExpressionReport(expressions, (d) => failed.push(d), () => renderToString(h(ComponentContext.Provider, { value }, h(Content, {}))));
    for (const d of [...failed, ...iconSubstitutionDiagnostics(icons, compiled.file, iconPlace(compiled.text))]) report(d);
    return { html, exports };
  } catch (error) {
    return { error: runtimeDiagnostic(error, compiled.file, state.names) };
  }
}

/**
 * The text of a page's `{name}` in its Markdown copy: the value of its export or import when
 * that is a string or number, nothing for other values, `{name}` as written for a name the
 * page does not define.
 */
function valueOf(compiled: CompiledModule, exports: Record<string, unknown>, name: string): string {
  const binding = compiled.state.bindings.get(name);
  if (!binding && !compiled.state.declared.has(name)) return `{${name}}`;
  const value = binding ? binding.module.exports[binding.name] : exports[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

async function renderPage(input: MdxInput, cache: MdxCache): Promise<RenderedBody> {
  const components = adaptComponents(cache, input.components);
  const loaderOptions = { root: input.root, variables: input.variables, map: input.components, components, cache, ...(input.policy ? { policy: input.policy } : {}) };
  const env = { ...loaderOptions, load: createSnippetLoader(loaderOptions, [input.file]) };
  const compiled = await compileModule({ kind: 'page', file: input.file, source: input.source }, env);
  const diagnostics: Diagnostic[] = [...compiled.state.diagnostics, ...compiled.state.modules.flatMap((m) => m.diagnostics)];
  const context: RenderContext = { provided: components.provided, settings: input.componentSettings ?? {}, report: (d) => diagnostics.push(d), expressions: cache.expressions };
  let rendered = await render(compiled, context);
  let features = compiled.state.features;
  if ('error' in rendered) {
    diagnostics.push(rendered.error);
    const plain = await compilePlain(input.file, compiled.text, cache, []);
    features = plain.state.features;
    rendered = await render(plain, context);
    if ('error' in rendered) throw new Error(`the plain-Markdown fallback failed: ${rendered.error.message}`);
  }
  const exports = rendered.exports;
  const finished = finishHtml(rendered.html, cache);
  for (const url of new Set(finished.scriptUrls)) {
    diagnostics.push(
      createDiagnostic('build/script-url', {
        message: `A link made by an expression or a component links to a \`javascript:\` URL (\`${describeScriptUrl(url.trim())}\`); it is rendered without a target.`,
        file: input.file,
        hint: 'Link to a page or an http(s) URL; scripts belong in the project’s custom JavaScript files.',
      }),
    );
  }
  const frontmatter = parseFrontmatter(compiled.text).data;
  const title = typeof frontmatter['title'] === 'string' ? frontmatter['title'] : undefined;
  return {
    html: finished.html,
    ...(finished.aside !== undefined ? { aside: finished.aside } : {}),
    headings: finished.headings,
    sections: finished.sections,
    markdown: serializeMarkdown(compiled.state.markdown, title, (name) => valueOf(compiled, exports, name)),
    features: [...features].sort(),
    diagnostics: dedupe(diagnostics),
    ...(finished.classes ? { classes: finished.classes } : {}),
    // Only pages that describe an endpoint carry their fields (see RenderedBody.paramFields).
    ...(frontmatter['api'] !== undefined && frontmatter['api'] !== null ? { paramFields: compiled.state.paramFields } : {}),
  };
}

/**
 * Renders one MDX/Markdown page body to HTML, its headings and search sections, a Markdown
 * copy and the client features it needs. Never throws: problems are diagnostics (`mdx/…`),
 * and a page that does not compile or evaluate is rendered as plain Markdown. A failure of
 * Sheaf itself gives `internal/error` and an empty body.
 */
export async function renderMdx(input: MdxInput): Promise<RenderedBody> {
  try {
    return await renderPage(input, input.cache ?? createMdxCache());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      html: '',
      headings: [],
      sections: [],
      markdown: '',
      features: [],
      diagnostics: [createDiagnostic('internal/error', { message: `Rendering the page failed inside Sheaf: ${message}`, file: input.file })],
    };
  }
}
