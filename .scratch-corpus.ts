import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { components } from './src/render/components/index.js';
import { createMdxCache, renderMdx } from './src/render/mdx/index.js';
const root = process.argv[2]!;
const filter = process.argv[3];
function pages(dir = ''): string[] {
  return readdirSync(path.join(root, dir)).sort().flatMap((name) => {
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(root, rel)).isDirectory()) return ['snippets', '_snippets', 'node_modules'].includes(name) || name.startsWith('.') ? [] : pages(rel);
    return /\.mdx?$/.test(name) && !/^(readme|license|contributing|changelog)\.md$/i.test(name) ? [rel] : [];
  });
}
let variables = {};
try { variables = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')).variables ?? {}; } catch {}
const cache = createMdxCache();
const counts: Record<string, number> = {};
const t0 = performance.now();
const files = pages();
for (const file of files) {
  const body = await renderMdx({ root, file, source: readFileSync(path.join(root, file), 'utf8'), variables, components, cache });
  for (const d of body.diagnostics) {
    counts[d.code] = (counts[d.code] ?? 0) + 1;
    if (!filter || d.code.includes(filter)) console.log(`${d.code} ${d.file}:${d.line}:${d.column} ${d.message} | ${d.hint ?? ''}`);
  }
}
console.log(files.length, 'pages', ((performance.now() - t0) / files.length).toFixed(1), 'ms/page', counts);
