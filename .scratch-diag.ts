import { renderFixture } from './test/render/mdx/run-fixture.js';
for (const name of ['mdx-legacy-snippet', 'mdx-snippet-not-found', 'mdx-import-outside-project', 'mdx-unsupported-import', 'mdx-import-cycle', 'mdx-syntax-error', 'mdx-runtime-error', 'mdx-unknown-component', 'mdx-snippet-errors', 'mdx-variables']) {
  const r = await renderFixture(name);
  console.log('==', name);
  for (const d of r.diagnostics) console.log(JSON.stringify(d));
}
