import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { components } from './src/render/components/index.js';
import { createMdxCache } from './src/render/mdx/mdx-cache.js';
import { adaptComponents } from './src/render/mdx/compile/adapt-components.js';
import { compileModule } from './src/render/mdx/compile/compile-module.js';
import { evaluateModule } from './src/render/mdx/compile/evaluate-module.js';
import { createSnippetLoader } from './src/render/mdx/snippets/load-snippet.js';
import { finishHtml } from './src/render/mdx/html/finish-html.js';
import { serializeMarkdown } from './src/render/mdx/markdown/serialize-markdown.js';
import { compile } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
const root = process.argv[2]!;
function pages(dir = ''): string[] {
  return readdirSync(path.join(root, dir)).sort().flatMap((name) => {
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(root, rel)).isDirectory()) return ['snippets', '_snippets', 'node_modules'].includes(name) || name.startsWith('.') ? [] : pages(rel);
    return /\.mdx?$/.test(name) ? [rel] : [];
  });
}
const files = pages().slice(0, 150);
const cache = createMdxCache();
const adapted = adaptComponents(cache, components);
const opts = { root, variables: {}, map: components, components: adapted, cache };
const t = { compile: 0, evaluate: 0, render: 0, finish: 0, markdown: 0, raw: 0 };
for (let pass = 0; pass < 2; pass++) {
  for (const k of Object.keys(t)) (t as any)[k] = 0;
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    let s = performance.now();
    const c = await compileModule({ kind: 'page', file, source }, { ...opts, load: createSnippetLoader(opts, [file]) });
    t.compile += performance.now() - s; s = performance.now();
    try { await compile(source, { outputFormat: 'function-body', jsxImportSource: 'preact', remarkPlugins: [remarkFrontmatter, remarkGfm] }); } catch {}
    t.raw += performance.now() - s; s = performance.now();
    let html = '';
    try {
      const ex = await evaluateModule({ code: c.code, declared: c.state.declared, imports: c.state.imports, components: adapted.provided });
      t.evaluate += performance.now() - s; s = performance.now();
      html = renderToString(h(ex['default'] as any, {}));
    } catch {}
    t.render += performance.now() - s; s = performance.now();
    finishHtml(html, cache);
    t.finish += performance.now() - s; s = performance.now();
    serializeMarkdown(c.state.markdown, 'x', () => '');
    t.markdown += performance.now() - s;
  }
  console.log(`pass ${pass}`, Object.fromEntries(Object.entries(t).map(([k, v]) => [k, (v / files.length).toFixed(1)])));
}
