import { describe, expect, it } from 'vitest';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { testComponents } from './test-components.js';

describe('<img …></img> with an explicit closing tag compiles, as on Mintlify', () => {
  it('on one line and across lines; the rest of the page keeps its components', async () => {
    const source = 'Before\n\n<img src="/a.png" alt="A"></img>\n\n<img\n  src="/b.png"\n  alt="B">\n</img>\n\n<Note>After {1}</Note>\n\n{undefinedName}\n';
    const body = await renderMdx({ root: '/nonexistent', file: 'page.mdx', source, variables: {}, components: testComponents, cache: createMdxCache() });
    expect(body.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['mdx/expression-failed', 12, 1]]);
    expect(body.html).toBe('<p>Before</p>\n<img src="/a.png" alt="A">\n<img src="/b.png" alt="B">\n<div class="callout note">After 1</div>\n{undefinedName}');
  });
});
