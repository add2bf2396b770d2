import type { Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { visit } from 'unist-util-visit';
import { legacySnippetCandidates } from '../snippets/resolve-specifier.js';
import type { SnippetFailure, SnippetModule } from '../snippets/snippet-module.js';
import { constDeclaration, identifier, importsAccess, member } from './estree-builders.js';
import { importDiagnostic, type ImportContext, type ImportRegistry } from './import-registry.js';
import { isJsxElement, stringAttribute, type JsxElement } from './jsx-nodes.js';

/**
 * Turns each legacy `<Snippet file="x.mdx" />` (unless the module binds its own `Snippet`) into
 * `<SheafSnippetN />`, bound to the default export of `_snippets/x.mdx` or else `snippets/x.mdx`.
 * Other attributes stay as props. A missing file is `mdx/snippet-not-found` and renders nothing.
 */
export async function resolveLegacySnippets(tree: Root, registry: ImportRegistry, ctx: ImportContext): Promise<void> {
  if (registry.bindings.has('Snippet')) return;
  const elements: JsxElement[] = [];
  visit(tree, (node) => {
    if (isJsxElement(node) && node.name === 'Snippet') elements.push(node);
  });
  const declarations: MdxjsEsm[] = [];
  for (const [index, element] of elements.entries()) {
    const written = stringAttribute(element, 'file') ?? '';
    const place = element.position ? ctx.mapPoint(element.position.start) : undefined;
    let key = 'none';
    if (written === '') {
      const hint = 'write `<Snippet file="name.mdx" />` for `_snippets/name.mdx`';
      ctx.report(importDiagnostic(ctx, 'mdx/snippet-not-found', '`<Snippet>` has no `file` attribute; nothing is shown in its place.', place, hint));
    } else {
      const candidates = legacySnippetCandidates(written);
      let loaded: SnippetModule | SnippetFailure = 'missing';
      let file = candidates[0] ?? written;
      for (const candidate of candidates) {
        loaded = await ctx.load(candidate);
        file = candidate;
        if (loaded !== 'missing') break;
      }
      key = await registry.use(loaded, file, written, place, true);
    }
    const local = `SheafSnippet${index}`;
    element.name = local;
    element.attributes = element.attributes.filter((a) => !(a.type === 'mdxJsxAttribute' && a.name === 'file'));
    const module = registry.modules.find((m) => `file:${m.file}` === key);
    if (module) registry.bindings.set(local, { module, name: 'default' });
    const body = [constDeclaration(identifier(local), member(importsAccess(key), 'default', true))];
    declarations.push({ type: 'mdxjsEsm', value: '', data: { estree: { type: 'Program', sourceType: 'module', body } } });
  }
  tree.children.unshift(...declarations);
}
