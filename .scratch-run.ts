import { renderMdx, createMdxCache } from './src/render/mdx/index.js';
import { readFileSync } from 'node:fs';
const root = process.argv[2]!; const file = process.argv[3]!;
const cache = createMdxCache();
const t = performance.now();
const r = await renderMdx({ root, file, source: readFileSync(`${root}/${file}`, 'utf8'), variables: { product: 'Sheaf' }, components: {}, cache });
console.log(performance.now() - t, 'ms');
console.log(JSON.stringify(r, null, 1));
