import { describe, expect, it } from 'vitest';
import { NETWORK_DISABLED_CODE } from '../../../src/export/deny-network.js';
import { createExpressionGuard, createExpressionSink, withExpressionReport } from '../../../src/render/mdx/compile/expression-guard.js';
import type { ExpressionSite } from '../../../src/render/mdx/compile/guard-expressions.js';
import { SANDBOX_NETWORK_CODE } from '../../../src/render/mdx/compile/module-diagnostics.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import type { Diagnostic } from '../../../src/model/diagnostic.js';
import { testComponents } from './test-components.js';

const render = (source: string) => renderMdx({ root: '/nonexistent', file: 'page.mdx', source, variables: {}, components: testComponents, cache: createMdxCache() });
const sites: ExpressionSite[] = [
  { kind: 'content', source: '{ID}', place: { line: 3, column: 5 } },
  { kind: 'attribute', source: '{x}', attribute: 'title' },
];
const missing = () => {
  throw new ReferenceError('ID is not defined');
};

describe('expression guard', () => {
  it('outside a page render (nobody listening) it rethrows, so the module fails as before', () => {
    const guard = createExpressionGuard('page.mdx', sites, createExpressionSink());
    expect(() => guard(missing, 0)).toThrow('ID is not defined');
    expect(guard(() => 'fine', 0)).toBe('fine');
  });

  it('while a page renders: content shows its source, an attribute is left out, each reported once per failure', () => {
    const sink = createExpressionSink();
    const guard = createExpressionGuard('page.mdx', sites, sink);
    const seen: Diagnostic[] = [];
    const values = withExpressionReport(sink, (d) => seen.push(d), () => [guard(missing, 0), guard(missing, 1)]);
    expect(values).toEqual(['{ID}', undefined]);
    expect(seen.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([
      ['mdx/expression-failed', 'warning', 'page.mdx', 3, 5],
      ['mdx/expression-failed', 'warning', 'page.mdx', undefined, undefined],
    ]);
    expect(sink.report).toBeUndefined();
  });

  it('a refusal of the export sandbox is rethrown (it stays an error of the page)', () => {
    expect(SANDBOX_NETWORK_CODE).toBe(NETWORK_DISABLED_CODE);
    const sink = createExpressionSink();
    const guard = createExpressionGuard('page.mdx', sites, sink);
    for (const code of [NETWORK_DISABLED_CODE, 'ERR_ACCESS_DENIED']) {
      const refused = () => {
        throw Object.assign(new Error('refused'), { code });
      };
      expect(() => withExpressionReport(sink, () => undefined, () => guard(refused, 0))).toThrow('refused');
    }
  });

  it('a page with a refused expression falls back to plain Markdown with mdx/runtime', async () => {
    const body = await render(`Data: {(() => { throw Object.assign(new Error('denied'), { code: '${NETWORK_DISABLED_CODE}' }) })()}\n`);
    expect(body.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([['mdx/runtime', 'error', 'Rendering failed: denied']]);
  });

  it('good expressions are not reported and render their values', async () => {
    const body = await render(`export const n = 2\n\nTwo: {n}, {n * 2}, {'text'}, {\`t\`}, {[1, 2].join('-')}\n\n<Note {...{ title: 'T' }}>x {n}</Note>\n`);
    expect(body.diagnostics).toEqual([]);
    expect(body.html).toBe('<p>Two: 2, 4, text, t, 1-2</p>\n<div class="callout note">x 2</div>');
  });

  it("mem0's table cell `\"{mem0_dir}/history.db\"` keeps the page's components and code", async () => {
    const body = await render('<Note>Kept</Note>\n\n| Key | Default |\n| --- | --- |\n| `history_db_path` | "{mem0_dir}/history.db" |\n\n```bash\nls\n```\n');
    expect(body.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['mdx/expression-failed', 5, 24]]);
    expect(body.html).toContain('<div class="callout note">Kept</div>');
    expect(body.html).toContain('<td>"{mem0_dir}/history.db"</td>');
    expect(body.html).toContain('<div data-language="bash" class="code-block">');
  });
});

describe('expression guard and the plain-Markdown fallback', () => {
  it('a page that fails later (a component it defines throws) reports no expression of the discarded render', async () => {
    const body = await render(`export const Boom = () => { throw new Error('boom') }\n\n{ID}\n\n<Boom />\n`);
    expect(body.diagnostics.map((d) => [d.code, d.message])).toEqual([['mdx/runtime', 'Rendering failed: boom']]);
    expect(body.html).toBe('<p>{ID}</p>\n<p></p>');
  });
});
