import type { Directive, ImportDeclaration, ModuleDeclaration, Program, Statement } from 'estree';
import type { Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { didYouMean, nearest } from '../nearest.js';
import type { Point } from '../preprocess/point-mapper.js';
import { resolveSpecifier } from '../snippets/resolve-specifier.js';
import type { SnippetModule } from '../snippets/snippet-module.js';
import { constDeclaration, identifier, importsAccess, objectPattern } from './estree-builders.js';
import { createImportRegistry, importDiagnostic, Nothing, type Binding, type ImportContext } from './import-registry.js';
import { resolveLegacySnippets } from './legacy-snippets.js';
import { PACKAGES } from './module-scope.js';

export type { Binding, ImportContext } from './import-registry.js';

export interface ResolvedImports {
  /** Exports by import key, handed to the compiled code as `arguments[0]._sheafImports`. */
  readonly imports: Record<string, Readonly<Record<string, unknown>>>;
  readonly bindings: ReadonlyMap<string, Binding>;
  readonly modules: readonly SnippetModule[];
}

type EstreePoint = { line: number; column: number } | undefined | null;

/**
 * Replaces a module's `import` declarations by reads of `arguments[0]._sheafImports[key]`,
 * loading each imported snippet (project files, through `ctx.load`) or package (react/preact),
 * then resolves legacy `<Snippet file>` elements. A failed import is reported and its bindings
 * render nothing.
 */
export async function resolveImports(tree: Root, ctx: ImportContext): Promise<ResolvedImports> {
  const registry = createImportRegistry(ctx);
  const { imports, bindings } = registry;
  const where = (loc: EstreePoint) => (loc ? ctx.mapPoint({ line: loc.line, column: loc.column + 1 }) : undefined);
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
        imports[key] = PACKAGES[target.name] ?? {};
      } else if (target.kind === 'file') {
        key = await registry.use(await ctx.load(target.file), target.file, specifier, place, false);
      } else if (target.kind === 'outside') {
        const hint = 'import files from inside the project, e.g. `/snippets/…`';
        ctx.report(importDiagnostic(ctx, 'mdx/import-outside-project', `Import \`${specifier}\` resolves outside the project folder; it is not read.`, place, hint));
      } else {
        const hint = 'only project files (`/snippets/x.mdx`, `/snippets/x.jsx`) and react can be imported';
        ctx.report(importDiagnostic(ctx, 'mdx/unsupported-import', `Import from package \`${specifier}\` is not supported; its bindings render nothing.`, place, hint));
      }
      body.push(...declare(node, key));
      const module = registry.modules.find((m) => `file:${m.file}` === key);
      if (!module) continue;
      for (const s of node.specifiers) bindings.set(s.local.name, { module, name: importedName(s) });
      imports[key] = withMissing(imports[key] ?? module.exports, module, node, specifier, (s) => where(s), ctx);
    }
    program.body = body;
  }
  await resolveLegacySnippets(tree, registry, ctx);
  return { imports, bindings, modules: registry.modules };
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
  where: (loc: EstreePoint) => Point | undefined,
  ctx: ImportContext,
): Readonly<Record<string, unknown>> {
  const lacking = node.specifiers.filter((s) => s.type !== 'ImportNamespaceSpecifier' && !Object.hasOwn(module.exports, importedName(s)));
  if (lacking.length === 0) return current;
  const names = Object.keys(module.exports).filter((n) => n !== 'default');
  for (const s of module.failed ? [] : lacking) {
    const name = importedName(s);
    const hint = didYouMean(nearest(name, names)) ?? (names.length > 0 ? `it exports ${names.map((n) => `\`${n}\``).join(', ')}` : 'it has no named exports');
    const what = name === 'default' ? 'a default export' : `\`${name}\``;
    ctx.report(importDiagnostic(ctx, 'mdx/missing-export', `Snippet \`${specifier}\` has no ${what}; it renders nothing.`, where(s.loc?.start), hint));
  }
  return { ...current, ...Object.fromEntries(lacking.map((s) => [importedName(s), Nothing])) };
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
