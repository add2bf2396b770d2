import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { components } from './src/render/components/index.js';
import { createMdxCache, renderMdx } from './src/render/mdx/index.js';
const root = process.argv[2]!;
const limit = Number(process.argv[3] ?? 1e9);
function pages(dir = ''): string[] {
  return readdirSync(path.join(root, dir)).sort().flatMap((name) => {
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(root, rel)).isDirectory()) return ['snippets', '_snippets', 'node_modules'].includes(name) || name.startsWith('.') ? [] : pages(rel);
    return /\.mdx?$/.test(name) ? [rel] : [];
  });
}
const files = pages().slice(0, limit);
const cache = createMdxCache();
const times: Array<[number, string]> = [];
const t0 = performance.now();
for (const file of files) {
  const t = performance.now();
  await renderMdx({ root, file, source: readFileSync(path.join(root, file), 'utf8'), variables: {}, components, cache });
  times.push([performance.now() - t, file]);
}
const total = performance.now() - t0;
times.sort((a, b) => b[0] - a[0]);
console.log(files.length, 'pages', (total / files.length).toFixed(1), 'ms/page; slowest', times.slice(0, 8).map(([t, f]) => `${f} ${t.toFixed(0)}`).join(', '));
const t1 = performance.now();
for (const file of files.slice(0, 100)) await renderMdx({ root, file, source: readFileSync(path.join(root, file), 'utf8'), variables: {}, components, cache });
console.log('second pass (warm highlight cache) first 100:', ((performance.now() - t1) / Math.min(100, files.length)).toFixed(1), 'ms/page');
