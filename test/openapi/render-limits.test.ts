import { describe, expect, it } from 'vitest';
import type { SitePage } from '../../src/model/site.js';
import { apiAside } from '../../src/render/api-aside.js';
import { renderOperationBody } from '../../src/render/operation/operation-body.js';
import { loadText } from './temp-project.js';
import { operationDisplay } from '../../src/render/operation/render-operation.js';

const options = { display: operationDisplay(undefined), markdownCache: new Map<string, string>() };
const page = (path: string, document = 'openapi.json'): SitePage => ({
  route: path,
  kind: 'operation',
  source: document,
  title: path,
  hidden: false,
  operation: { document, method: 'POST', path },
});

/** 5,000 schemas, each leading to the next through a `$ref` of the given shape: shallow text, a long walk. */
const SHAPES: Record<string, (next: string) => unknown> = {
  properties: (next) => ({ type: 'object', properties: { a: { $ref: next } } }),
  allOf: (next) => ({ allOf: [{ $ref: next }, { type: 'object', properties: { b: { type: 'string' } } }] }),
  items: (next) => ({ type: 'array', items: { $ref: next } }),
  oneOf: (next) => ({ oneOf: [{ $ref: next }, { type: 'string' }] }),
  ref: (next) => ({ $ref: next }),
  additionalProperties: (next) => ({ type: 'object', additionalProperties: { $ref: next } }),
  not: (next) => ({ not: { $ref: next } }),
};

describe('operations that are hard to render', () => {
  it.each(Object.keys(SHAPES))('renders a request and response schema that is a chain of 5,000 `$ref`s through %s', async (shape) => {
    const make = SHAPES[shape] as (next: string) => unknown;
    const schemas: Record<string, unknown> = { S5000: { type: 'string', example: 'end' } };
    for (let i = 0; i < 5000; i++) schemas[`S${i}`] = make(`#/components/schemas/S${i + 1}`);
    const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } };
    const document = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/x': { post: { requestBody: body, responses: { 200: { description: 'ok', ...body } } } } }, components: { schemas } };
    const result = await loadText('openapi.json', { 'openapi.json': JSON.stringify(document) });
    expect(result.diagnostics).toEqual([]);
    // With the panel a build adds: playground, code samples and response examples walk the schema too.
    const aside = (model: Parameters<typeof apiAside>[0]['model'], doc: unknown) => apiAside({ model, document: doc, configApi: undefined });
    const rendered = renderOperationBody(page('/x'), result.output.documents, { ...options, aside });
    expect(rendered.diagnostics).toEqual([]);
    expect(rendered.headings.map((h) => h.id)).toContain('responses');
    expect(rendered.aside).toContain('curl');
  });

  it('skips an operation whose rendering fails with a diagnostic naming it; the others render', async () => {
    const text = 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths:\n  /ok:\n    post: {}\n  /bad:\n    post: {}\n';
    const result = await loadText('openapi.yaml', { 'openapi.yaml': text });
    // The renderer's own failure, stood in by the aside maker (called while rendering) throwing for one operation.
    const aside = (model: { readonly path: string }) => {
      if (model.path === '/bad') throw new TypeError('cannot read it');
      return undefined;
    };
    const bad = renderOperationBody(page('/bad', 'openapi.yaml'), result.output.documents, { ...options, aside });
    expect(bad.diagnostics.map((d) => [d.code, d.severity, d.file, d.pointer, d.message])).toEqual([
      [
        'openapi/operation-skipped',
        'error',
        'openapi.yaml',
        '/paths/~1bad/post',
        'The operation `POST /bad` of `openapi.yaml` could not be rendered (cannot read it); its page shows a notice instead, and the rest of the document is unaffected.',
      ],
    ]);
    expect(bad.html).toBe('<p class="render-failed">The operation POST /bad could not be rendered; see the build diagnostics.</p>');
    const ok = renderOperationBody(page('/ok', 'openapi.yaml'), result.output.documents, { ...options, aside });
    expect(ok.diagnostics).toEqual([]);
    expect(ok.markdown.split('\n')[0]).toBe('# /ok');
  });
});
