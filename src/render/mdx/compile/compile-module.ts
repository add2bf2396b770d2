import type { Root } from 'mdast';
import type { Processor } from 'unified';
import { createDiagnostic } from '../../../diagnostics/create.js';
import { offsetToPosition } from '../../../diagnostics/positions.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import { rehypeCodeBlocks } from '../code/rehype-code-blocks.js';
import type { MdxCache } from '../mdx-cache.js';
import { toMarkdownTree } from '../markdown/to-markdown-tree.js';
import { didYouMean, nearest } from '../nearest.js';
import { createPointMapper } from '../preprocess/point-mapper.js';
import { blankEsm, preprocessSource, type PreprocessedSource } from '../preprocess/preprocess-source.js';
import type { LoadSnippet } from '../snippets/snippet-module.js';
import type { AdaptedComponents } from './adapt-components.js';
import { createMdxProcessor } from './create-processor.js';
import { isSyntaxMessage, syntaxDiagnostic } from './module-diagnostics.js';
import { recmaSnippetProps } from './recma-snippet-props.js';
import type { Point } from '../preprocess/point-mapper.js';
import { MAX_CLOSERS_PER_PARAGRAPH, MAX_CONTAINERS_PER_LINE, MAX_DELIMITER_RUN, MAX_EXPRESSION_DEPTH, MAX_INDENT, MAX_PARAGRAPH_LINES } from '../preprocess/source-nesting.js';
import { remarkCapNesting, type CappedKind } from './cap-nesting.js';
import { markDocumentHeadings } from './mark-document-headings.js';
import { createModuleState, detectMath, remarkSheaf, tooDeepDiagnostic, type ModuleState } from './remark-sheaf.js';

/**
 * Whether math (`$…$`, `$$…$$`, math fences) is parsed and rendered with KaTeX: docs.json
 * `styling.latex` when set (`false`: never, so no KaTeX on any page; `true`: always), else when the
 * text holds a `$` (detection, as Mintlify's default; a page without math costs nothing).
 */
export function mathOn(latex: boolean | undefined, text: string): boolean {
  return latex ?? text.includes('$');
}

export interface ModuleEnv {
  readonly root: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly components: AdaptedComponents;
  readonly cache: MdxCache;
  /** Loads the snippets this module imports (knows the import chain, for cycles). */
  readonly load: LoadSnippet;
}

export interface ModuleInput {
  readonly kind: 'page' | 'snippet';
  /** Project-relative POSIX path. */
  readonly file: string;
  /** The file as written, frontmatter included. */
  readonly source: string;
}

export interface CompiledModule {
  readonly file: string;
  /** `function-body` code for `evaluateModule`. */
  readonly code: string;
  /** True when compiled as plain Markdown after a syntax error. */
  readonly plain: boolean;
  /** The preprocessed source, for a plain-Markdown fallback after a runtime error. */
  readonly text: string;
  readonly state: ModuleState;
}

function variableDiagnostics(pre: PreprocessedSource, input: ModuleInput, variables: Readonly<Record<string, string>>): Diagnostic[] {
  const seen = new Set<string>();
  return pre.unknownVariables.flatMap(({ name, offset }) => {
    if (seen.has(name)) return [];
    seen.add(name);
    return [
      createDiagnostic('mdx/unknown-variable', {
        message: `\`{{${name}}}\` names no docs.json variable; it is shown as written.`,
        file: input.file,
        ...offsetToPosition(input.source, offset),
        hint: didYouMean(nearest(name, Object.keys(variables))) ?? `define it in docs.json: \`"variables": { "${name}": "…" }\``,
      }),
    ];
  });
}

/** What each nesting guard of the source turns into text, for its diagnostic. */
const GUARD_MESSAGES: Readonly<Record<keyof PreprocessedSource['nesting'], string>> = {
  containers: `This line opens more than ${MAX_CONTAINERS_PER_LINE} block quotes or list items; the rest of it is shown as text.`,
  runs: `A run of more than ${MAX_DELIMITER_RUN} \`*\`, \`_\` or \`~\` starts here; the characters past ${MAX_DELIMITER_RUN} are shown as text.`,
  expressions: `This expression nests brackets more than ${MAX_EXPRESSION_DEPTH} levels deep; it is shown as text.`,
  indentation: `This line is indented more than ${MAX_INDENT} characters; the indentation past that is cut.`,
  closers: `This paragraph holds more than ${MAX_CLOSERS_PER_PARAGRAPH} \`]\`; from here on they are shown as text.`,
  paragraphs: `A paragraph runs on for more than ${MAX_PARAGRAPH_LINES} lines; it is split every ${MAX_PARAGRAPH_LINES} lines.`,
};

/** `mdx/too-deep` for the first place each nesting guard of the source acted (see source-nesting.ts). */
function nestingDiagnostics(pre: PreprocessedSource, input: ModuleInput): Diagnostic[] {
  return (Object.keys(GUARD_MESSAGES) as (keyof PreprocessedSource['nesting'])[]).flatMap((guard) => {
    const first = pre.nesting[guard][0];
    if (first === undefined) return [];
    return [
      createDiagnostic('mdx/too-deep', {
        message: GUARD_MESSAGES[guard],
        file: input.file,
        ...offsetToPosition(input.source, first),
        hint: 'Nest fewer lists, quotes, emphasis or brackets inside each other.',
      }),
    ];
  });
}

/**
 * Compiles a page or snippet. Imports are resolved (snippets loaded through `env.load`) while
 * compiling. A syntax error gives `mdx/syntax` and a plain-Markdown compile of the same text.
 * Never throws for bad input.
 */
export async function compileModule(input: ModuleInput, env: ModuleEnv): Promise<CompiledModule> {
  const pre = preprocessSource(input.source, env.variables);
  const mapPoint = createPointMapper(pre.text, input.source, pre.toOriginal);
  const state = createModuleState();
  const math = mathOn(env.cache.settings.latex, pre.text);
  const ctx = { kind: input.kind, root: env.root, file: input.file, cache: env.cache, components: env.components, load: env.load, mapPoint, math };
  const processor = createMdxProcessor({
    format: 'mdx',
    math,
    remark: [[remarkCapNesting, (place: Point, what: CappedKind) => state.diagnostics.push(tooDeepDiagnostic(input.file, mapPoint(place), what))], [remarkSheaf, ctx, state]],
    rehype: [[rehypeCodeBlocks, { cache: env.cache, features: state.features, math }]],
    recma: input.kind === 'snippet' ? [[recmaSnippetProps, state.props]] : [],
  });
  const early = [...variableDiagnostics(pre, input, env.variables), ...nestingDiagnostics(pre, input)];
  try {
    const out = await processor.process({ path: input.file, value: pre.text });
    state.diagnostics.unshift(...early);
    return { file: input.file, code: String(out.value), plain: false, text: pre.text, state };
  } catch (error) {
    if (!isSyntaxMessage(error)) throw error;
    return compilePlain(input.file, pre.text, env.cache, [...early, syntaxDiagnostic(error, input.file, mapPoint)]);
  }
}

/**
 * Makes plain Markdown read JSX tags as inline HTML (dropped, their text kept) rather than HTML
 * blocks (dropped whole), and indented lines as text, not code: as MDX reads them.
 */
function remarkLenient(this: Processor) {
  const data = this.data() as Record<string, unknown>;
  const extensions = Array.isArray(data['micromarkExtensions']) ? data['micromarkExtensions'] : (data['micromarkExtensions'] = []);
  extensions.push({ disable: { null: ['codeIndented', 'htmlFlow'] } });
}

/**
 * Compiles preprocessed text as plain Markdown with GFM (JSX tags and ESM left out, code
 * blocks highlighted): the lenient fallback after a syntax or runtime error.
 */
export async function compilePlain(file: string, text: string, cache: MdxCache, diagnostics: Diagnostic[]): Promise<CompiledModule> {
  const state = createModuleState();
  state.diagnostics.push(...diagnostics);
  const math = mathOn(cache.settings.latex, text);
  const capture = () => (tree: Root) => {
    state.markdown = toMarkdownTree(tree, { snippet: () => undefined });
    markDocumentHeadings(tree);
    detectMath(tree, state.features, math);
  };
  const processor = createMdxProcessor({
    format: 'md',
    math,
    // The fallback parses the same text: its tree is capped as the MDX one is.
    remark: [remarkLenient, [remarkCapNesting, (place: Point, what: CappedKind) => state.diagnostics.push(tooDeepDiagnostic(file, place, what))], capture],
    rehype: [[rehypeCodeBlocks, { cache, features: state.features, math }]],
    recma: [],
  });
  const out = await processor.process({ path: file, value: blankEsm(text) });
  return { file, code: String(out.value), plain: true, text, state };
}
