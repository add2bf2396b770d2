import type { Root } from 'mdast';
import { visit, EXIT } from 'unist-util-visit';
import { createDiagnostic } from '../../../diagnostics/create.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { MdxParamField } from '../../../model/render.js';
import type { MdxCache } from '../mdx-cache.js';
import { toMarkdownTree } from '../markdown/to-markdown-tree.js';
import type { Point, PointMapper } from '../preprocess/point-mapper.js';
import type { LoadSnippet, SnippetModule } from '../snippets/snippet-module.js';
import type { AdaptedComponents } from './adapt-components.js';
import { MAX_NESTING, MAX_SCRIPT_DEPTH, type CappedKind } from './cap-nesting.js';
import { applyVisibility } from './apply-visibility.js';
import { collectParamFields } from './collect-param-fields.js';
import { declaredNames } from './declared-names.js';
import { expressionNames } from './expression-names.js';
import { guardExpressions, type ExpressionSite } from './guard-expressions.js';
import { inertScriptUrls } from './inert-script-urls.js';
import { markAsides } from './mark-asides.js';
import { markDocumentHeadings } from './mark-document-headings.js';
import { MODULE_SCOPE } from './module-scope.js';
import type { SnippetProps } from './recma-snippet-props.js';
import { resolveComponentNames } from './resolve-component-names.js';
import { resolveImports, type Binding } from './resolve-imports.js';
import { unwrapJsxParagraphs } from './unwrap-jsx-paragraphs.js';

export interface ModuleContext {
  readonly kind: 'page' | 'snippet';
  readonly root: string;
  readonly file: string;
  readonly cache: MdxCache;
  readonly components: AdaptedComponents;
  readonly load: LoadSnippet;
  readonly mapPoint: PointMapper;
  /** Whether math is parsed (`mathOn`): then a `math` fence is KaTeX's too. */
  readonly math?: boolean;
}

/** What the remark stage learns about a module, for evaluation and the Markdown copy. */
export interface ModuleState {
  declared: ReadonlySet<string>;
  imports: Record<string, Readonly<Record<string, unknown>>>;
  bindings: ReadonlyMap<string, Binding>;
  modules: readonly SnippetModule[];
  markdown: Root;
  names: ReadonlyMap<string, Point>;
  readonly features: Set<string>;
  readonly diagnostics: Diagnostic[];
  /** For snippets: the free names read as props. */
  readonly props: SnippetProps;
  /** Its ParamFields, those of the MDX snippets it renders included (for `api:` pages). */
  paramFields: readonly MdxParamField[];
  /** Its guarded content expressions, by the index the compiled code passes (see guard-expressions.ts). */
  expressions: readonly ExpressionSite[];
}

export function createModuleState(): ModuleState {
  return {
    declared: new Set(),
    imports: {},
    bindings: new Map(),
    modules: [],
    markdown: { type: 'root', children: [] },
    names: new Map(),
    features: new Set(),
    diagnostics: [],
    props: { names: [] },
    paramFields: [],
    expressions: [],
  };
}

/** `mdx/too-deep` for a tree flattened by `capNesting` at `place` (in the file as written). */
export function tooDeepDiagnostic(file: string, place: Point, what: CappedKind = 'content'): Diagnostic {
  if (what === 'script') {
    return createDiagnostic('mdx/too-deep', {
      message: `The JavaScript here (an expression, attribute or import/export) nests more than ${MAX_SCRIPT_DEPTH} levels deep; an expression or import/export is shown as text, an attribute left out.`,
      file,
      ...place,
      hint: 'Nest fewer elements or brackets inside each other.',
    });
  }
  return createDiagnostic('mdx/too-deep', {
    message: `The content here is nested more than ${MAX_NESTING} levels deep; what lies deeper is shown as plain text.`,
    file,
    ...place,
    hint: 'Nest fewer components, lists or quotes inside each other.',
  });
}

/**
 * Adds `math` to `features` when the tree has math: `$…$`/`$$…$$`, or a `math` code fence when
 * math is parsed (`fences`; KaTeX renders those too).
 */
export function detectMath(tree: Root, features: Set<string>, fences = false): void {
  visit(tree, (node) => {
    const fence = fences && node.type === 'code' && node.lang?.toLowerCase() === 'math';
    if (!fence && node.type !== 'math' && node.type !== 'inlineMath') return undefined;
    features.add('math');
    return EXIT;
  });
}

/**
 * The Sheaf steps on a module's mdast, in order: resolve imports (loading snippets), make
 * `javascript:` links inert, take the Markdown copy, unwrap the paragraphs MDX puts in JSX
 * headings and phrasing elements, mark the document's headings (for the table of contents), apply `<Visibility>`, mark the aside components (pages), check component
 * names, collect expression names, features and ParamFields, and last guard the content
 * expressions. Results go to `state`.
 */
export function remarkSheaf(ctx: ModuleContext, state: ModuleState) {
  return async (tree: Root): Promise<void> => {
    const resolved = await resolveImports(tree, { ...ctx, report: (d) => state.diagnostics.push(d) });
    state.imports = resolved.imports;
    state.bindings = resolved.bindings;
    state.modules = resolved.modules;
    // Before the Markdown copy is taken, so the copy holds no `javascript:` link either.
    state.diagnostics.push(...inertScriptUrls(tree, ctx));
    const declared = declaredNames(tree);
    state.declared = declared;
    state.markdown = toMarkdownTree(tree, {
      snippet: (name) => {
        const binding = resolved.bindings.get(name);
        return binding?.name === 'default' ? binding.module.markdown : undefined;
      },
    });
    // After the Markdown copy, which is taken from the tree as written.
    unwrapJsxParagraphs(tree);
    markDocumentHeadings(tree);
    applyVisibility(tree, declared);
    if (ctx.kind === 'page') markAsides(tree, declared);
    state.paramFields = collectParamFields(tree, {
      declared,
      snippet: (name) => {
        const binding = resolved.bindings.get(name);
        return binding?.name === 'default' ? binding.module.paramFields : undefined;
      },
    });
    state.diagnostics.push(...resolveComponentNames(tree, { ...ctx, declared }));
    state.names = expressionNames(tree, ctx.mapPoint);
    detectMath(tree, state.features, ctx.math === true);
    for (const m of resolved.modules) for (const f of m.features) state.features.add(f);
    if (ctx.kind === 'snippet') {
      const reserved = new Set(['props', 'arguments', 'undefined']);
      state.props.names = [...state.names.keys()]
        .filter((n) => !declared.has(n) && !Object.hasOwn(MODULE_SCOPE, n) && !(n in globalThis) && !reserved.has(n))
        .sort();
    }
    state.expressions = guardExpressions(tree, ctx.mapPoint);
  };
}
