import { describe, expect, it } from 'vitest';
import type { RenderedBody } from '../../../src/model/render.js';
import type { SitePage } from '../../../src/model/site.js';
import { renderOperationBody, withOperation } from '../../../src/render/operation/operation-body.js';
import { loadFixture } from './helpers.js';
import { operationDisplay } from '../../../src/render/operation/render-operation.js';

const page = (method: string, path: string, document = 'openapi.yaml'): SitePage => ({
  route: '/x',
  kind: method === 'WEBHOOK' ? 'webhook' : 'operation',
  source: document,
  title: 'Title',
  hidden: false,
  operation: { document, method: method as 'GET', path },
});

const options = { display: operationDisplay(undefined), markdownCache: new Map<string, string>() };

describe('renderOperationBody', () => {
  it('finds the operation or webhook of a page in the loaded documents', async () => {
    const loaded = { ...(await loadFixture('webhooks')), index: { ...(await loadFixture('webhooks')).index, file: 'openapi.yaml' } };
    const body = renderOperationBody(page('WEBHOOK', 'newPet'), [loaded], options);
    expect(body.headings.map((h) => h.id)).toEqual(['payload', 'responses', 'response-200']);
    expect(body.markdown.split('\n').slice(0, 3)).toEqual(['# Title', '', '`WEBHOOK POST newPet`']);
  });

  it('shows x-mint.content after the description, sanitized', async () => {
    const base = await loadFixture('webhooks');
    const entry = base.index.webhooks[0];
    if (!entry) throw new Error('no webhook');
    const loaded = { ...base, index: { ...base.index, file: 'openapi.yaml', webhooks: [{ ...entry, xMint: { content: 'Extra **words**<script>x</script>' } }] } };
    const body = renderOperationBody(page('WEBHOOK', 'newPet'), [loaded], options);
    expect(body.html).toContain('<div class="sheaf-op-content"><p>Extra <strong>words</strong></p></div>');
    expect(body.markdown).toContain('Extra **words**');
  });

  it('asks for the aside with the model and the document', async () => {
    const base = await loadFixture('webhooks');
    const loaded = { ...base, index: { ...base.index, file: 'openapi.yaml' } };
    const seen: string[] = [];
    const body = renderOperationBody(page('WEBHOOK', 'newPet'), [loaded], {
      ...options,
      aside: (model, document) => {
        seen.push(`${model.method} ${model.path} ${document === loaded.document}`);
        return '<div>panel</div>';
      },
    });
    expect(seen).toEqual(['POST newPet true']);
    expect(body.aside).toBe('<div>panel</div>');
  });

  it('says so when the operation is not in a loaded document', () => {
    expect(renderOperationBody(page('GET', '/nowhere'), [], options).html).toBe('<p>This operation could not be found in its OpenAPI document.</p>');
  });
});

describe('withOperation', () => {
  const mdx: RenderedBody = {
    html: '<p>mdx</p>',
    headings: [{ depth: 2, text: 'Usage', id: 'usage' }],
    sections: [{ anchor: '', heading: '', text: 'intro' }, { anchor: 'usage', heading: 'Usage', text: 'use it' }],
    markdown: '# Page\n\nintro\n\n## Usage\n\nuse it\n',
    features: ['mermaid'],
    diagnostics: [],
  };
  const op: RenderedBody = {
    html: '<div>op</div>',
    aside: '<div>samples</div>',
    headings: [{ depth: 2, text: 'Responses', id: 'responses' }],
    sections: [{ anchor: '', heading: '', text: 'GET /x' }, { anchor: 'responses', heading: 'Responses', text: '200' }],
    markdown: '# Page\n\n`GET /x`\n',
    features: [],
    diagnostics: [],
  };

  it('puts the operation first, one top section, the MDX title once', () => {
    const merged = withOperation(mdx, op);
    expect(merged.html).toBe('<div>op</div>\n<p>mdx</p>');
    expect(merged.aside).toBe('<div>samples</div>');
    expect(merged.headings.map((h) => h.id)).toEqual(['responses', 'usage']);
    expect(merged.sections.map((s) => [s.anchor, s.text])).toEqual([['', 'GET /x intro'], ['responses', '200'], ['usage', 'use it']]);
    expect(merged.markdown).toBe('# Page\n\n`GET /x`\n\nintro\n\n## Usage\n\nuse it\n');
    expect(merged.features).toEqual(['mermaid']);
  });

  it("keeps the MDX page's own aside when the operation has none", () => {
    expect(withOperation({ ...mdx, aside: '<div>mine</div>' }, op).aside).toBe('<div>samples</div>');
    const { aside: _, ...bare } = op;
    expect(withOperation({ ...mdx, aside: '<div>mine</div>' }, bare).aside).toBe('<div>mine</div>');
  });
});
