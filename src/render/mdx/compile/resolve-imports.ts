import type { ImportDeclaration, Program, Statement, ModuleDeclaration, Directive } from 'estree';
import type { Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import { createDiagnostic } from '../../../diagnostics/create.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { MdxCache } from '../mdx-cache.js';
import { didYouMean, nearest } from '../nearest.js';
import type { PointMapper } from '../preprocess/point-mapper.js';
import { PACKAGES } from './module-scope.js';
import { listSnippetFiles } from '../snippets/snippet-files.js';
import type { LoadSnippet, SnippetFailure, SnippetModule } from '../snippets/snippet-module.js';
import { legacySnippetCandidates, resolveSpecifier } from '../snippets/resolve-specifier.js';
import { constDeclaration, identifier, importsAccess, member, objectPattern } from './estree-builders.js';

/** What a local name bound by an import refers to. */
export interface Binding {
  readonly module: SnippetModule;
  /** The export name, or `*` for a namespace import. */
  readonly name: string;
}

export interface ImportContext {
  readonly root: string;
  readonly file: string;
  readonly cache: MdxCache;
  readonly load: LoadSnippet;
  readonly mapPoint: PointMapper;
  readonly report: (diagnostic: Diagnostic) => void;
}

export interface ResolvedImports {
  /** Exports by import key, handed to the compiled code as `arguments[0]._sheafImports`. */
  readonly imports: Record<string, Readonly<Record<string, unknown>>>;
  readonly bindings: ReadonlyMap<string, Binding>;
  readonly modules: readonly SnippetModule[];
}

/** Renders nothing: what the bindings of a failed import are. */
const Nothing = () => null;
/** The exports of a failed import: every name is `Nothing`. */
const NO_EXPORTS: Readonly<Record<string, unknown>> = new Proxy(Object.freeze({}), { get: () => Nothing });

type Place = { line: number; column: number } | undefined;

/**
 * Replaces the page's `import` declarations by reads of `arguments[0]._sheafImports[key]`, loading
 * each imported snippet (files) or package (react/preact), and turns legacy
 * `<Snippet file="x.mdx" />` elements into imported `SheafSnippetN` components. A failed import
 * is reported and its bindings render nothing.
 */
export async function resolveImports(tree: Root, ctx: ImportContext): Promise<ResolvedImports> {
  const imports: Record<string, Readonly<Record<string, unknown>>> = {};
  const bindings = new Map<string, Binding>();
  const modules: SnippetModule[] = [];
  const where = (loc: { line: number; column: number } | undefined | null): Place =>
    loc ? ctx.mapPoint({ line: loc.line, column: loc.column + 1 }) : undefined;

  /** Records a loaded module, or reports why it failed; returns the import key. */
  const use = async (loaded: SnippetModule | SnippetFailure, file: string, shown: string, place: Place, legacy: boolean) => {
    if (loaded === 'cycle') {
      ctx.report(diag(ctx, 'mdx/import-cycle', `Snippet \`${shown}\` imports itself through other snippets; this import renders nothing.`, place));
      return 'none';
    }
    if (loaded === 'missing') {
      const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
      const files = await listSnippetFiles(ctx.cache, ctx.root, legacy ? undefined : dir);
      const names = legacy ? files.map((f) => f.replace(/^_?snippets\//, '')) : files.map((f) => `/${f}`);
      const hint = didYouMean(nearest(legacy ? shown : `/${file}`, names));
      ctx.report(diag(ctx, 'mdx/snippet-not-found', `Snippet \`${shown}\` does not exist; nothing is shown in its place.`, place, hint));
      return 'none';
    }
    modules.push(loaded);
    imports[`file:${file}`] ??= loaded.exports;
    return `file:${file}`;
  };

  for (const esm of tree.children.filter((c): c is MdxjsEsm => c.type === 'mdxjsEsm')) {
    const program = esm.data?.estree as Program | undefined;
    if (!program) continue;
    const body: Array<Statement | ModuleDeclaration | Directive> = [];
    for (const node of program.body) {
      if (node.type !== 'ImportDeclaration') {
        body.push(node);
        continue;
      }
      const specifier = String(node.source.value);
      const place = where(node.source.loc?.start);
      const target = resolveSpecifier(specifier, ctx.file);
      let key = 'none';
      if (target.kind === 'package') {
        key = `package:${target.name}`;
        imports[key] = PACKAGES[target.name] ?? NO_EXPORTS;
      } else if (target.kind === 'file') {
        key = await use(await ctx.load(target.file), target.file, specifier, place, false);
      } else if (target.kind === 'outside') {
        ctx.report(diag(ctx, 'mdx/import-outside-project', `Import \`${specifier}\` resolves outside the project folder; it is not read.`, place, 'import files from inside the project, e.g. `/snippets/…`'));
      } else {
        ctx.report(diag(ctx, 'mdx/unsupported-import', `Import from package \`${specifier}\` is not supported; its bindings render nothing.`, place, 'only project files (`/snippets/x.mdx`, `/snippets/x.jsx`) and react can be imported'));
      }
      if (key === 'none') imports[key] = NO_EXPORTS;
      body.push(...declare(node, key));
      const module = modules.find((m) => `file:${m.file}` === key);
      if (module) {
        for (const s of node.specifiers) bindings.set(s.local.name, { module, name: importedName(s) });
        imports[key] = withMissing(imports[key] ?? module.exports, module, node, specifier, where, ctx);
      }
    }
    program.body = body;
  }

  const bound = new Set(bindings.keys());
  const elements: Array<MdxJsxFlowElement | MdxJsxTextElement> = [];
  visit(tree, (node) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Snippet' && !bound.has('Snippet')) elements.push(node);
  });
  for (const [index, element] of elements.entries()) {
    const attr = element.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'file');
    const written = typeof attr?.value === 'string' ? attr.value : '';
    const place = element.position ? ctx.mapPoint(element.position.start) : undefined;
    const candidates = legacySnippetCandidates(written);
    let key = 'none';
    if (written === '') {
      ctx.report(diag(ctx, 'mdx/snippet-not-found', '`<Snippet>` has no `file` attribute; nothing is shown in its place.', place, 'write `<Snippet file="name.mdx" />` for `_snippets/name.mdx`'));
    } else {
      let loaded: SnippetModule | SnippetFailure = 'missing';
      let file = candidates[0] ?? written;
      for (const candidate of candidates) {
        loaded = await ctx.load(candidate);
        file = candidate;
        if (loaded !== 'missing') break;
      }
      key = await use(loaded, file, written, place, true);
    }
    if (key === 'none') imports[key] = NO_EXPORTS;
    const local = `SheafSnippet${index}`;
    element.name = local;
    element.attributes = element.attributes.filter((a) => a !== attr);
    const module = modules.find((m) => `file:${m.file}` === key);
    if (module) bindings.set(local, { module, name: 'default' });
    tree.children.unshift(esmNode([constDeclaration(identifier(local), member(importsAccess(key), 'default', true))]));
  }
  return { imports, bindings, modules };
}

/**
 * The exports of `module` as this import sees them: each imported name the module lacks is
 * reported (`mdx/missing-export`, unless the module failed) and renders nothing.
 */
function withMissing(
  current: Readonly<Record<string, unknown>>,
  module: SnippetModule,
  node: ImportDeclaration,
  specifier: string,
  where: (loc: { line: number; column: number } | undefined | null) => Place,
  ctx: ImportContext,
): Readonly<Record<string, unknown>> {
  const lacking = node.specifiers.filter((s) => s.type !== 'ImportNamespaceSpecifier' && !Object.hasOwn(module.exports, importedName(s)));
  const missing = lacking.map(importedName);
  if (missing.length === 0) return current;
  if (!module.failed) {
    for (const s of lacking) {
      const name = importedName(s);
      const place = where(s.loc?.start);
      const names = Object.keys(module.exports).filter((n) => n !== 'default');
      const hint = didYouMean(nearest(name, names)) ?? (names.length > 0 ? `it exports ${names.map((n) => `\`${n}\``).join(', ')}` : 'it has no named exports');
      const what = name === 'default' ? 'a default export' : `\`${name}\``;
      ctx.report(diag(ctx, 'mdx/missing-export', `Snippet \`${specifier}\` has no ${what}; it renders nothing.`, place, hint));
    }
  }
  return { ...current, ...Object.fromEntries(missing.map((name) => [name, Nothing])) };
}

function importedName(s: ImportDeclaration['specifiers'][number]): string {
  if (s.type === 'ImportDefaultSpecifier') return 'default';
  if (s.type === 'ImportNamespaceSpecifier') return '*';
  return s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value);
}

/** `const {default: X, y: y} = arguments[0]._sheafImports[key]` (and `const ns = …` for `* as ns`). */
function declare(node: ImportDeclaration, key: string): Statement[] {
  const out: Statement[] = [];
  const pairs: Array<[string, string]> = [];
  for (const s of node.specifiers) {
    if (s.type === 'ImportNamespaceSpecifier') out.push(constDeclaration(identifier(s.local.name), importsAccess(key)));
    else pairs.push([importedName(s), s.local.name]);
  }
  if (pairs.length > 0) out.unshift(constDeclaration(objectPattern(pairs), importsAccess(key)));
  return out;
}

function esmNode(body: Statement[]): MdxjsEsm {
  return { type: 'mdxjsEsm', value: '', data: { estree: { type: 'Program', sourceType: 'module', body } } };
}

function diag(ctx: ImportContext, code: Parameters<typeof createDiagnostic>[0], message: string, place: Place, hint?: string): Diagnostic {
  return createDiagnostic(code, { message, file: ctx.file, ...(place ?? {}), ...(hint ? { hint } : {}) });
}
