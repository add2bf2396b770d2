import { describe, expect, it } from 'vitest';
import { operationDisplay } from '../../../src/render/operation/render-operation.js';
import { postPills } from '../../../src/render/operation/schema/schema-field.js';
import { playgroundSettings, renderTryIt } from '../../../src/render/operation/playground/index.js';
import { find, loadFixture, modelOf, renderEntry } from './helpers.js';

const POST = ['x-internal', 'x-stage', 'nullable', 'x-since', 'x-tags', 'x-empty', 'x-none', 'x-obj', 'x-missing'];

describe('docs.json api.params.post: schema values as pills after each field name', () => {
  it('reads values as Mintlify documents: strings verbatim, true as the key, numbers, one pill per array element; skips false, null, empty, objects', () => {
    const schema = { 'x-internal': true, 'x-stage': 'beta', nullable: false, 'x-since': 2, 'x-tags': ['alpha', 3, { a: 1 }, true], 'x-empty': '', 'x-none': null, 'x-obj': { a: 1 } };
    expect(postPills(schema, POST)).toEqual(['x-internal', 'beta', '2', 'alpha', '3']);
    expect(postPills(schema, [])).toEqual([]);
    // Only own keys: nothing from Object.prototype.
    expect(postPills({}, ['constructor', 'toString'])).toEqual([]);
  });

  it('renders the pills on parameters and body fields, escaped, only when configured', async () => {
    const loaded = await loadFixture('api-settings');
    const e = find(loaded, 'GET /items/{id}');
    const html = renderEntry(loaded, e, { settings: operationDisplay({ params: { post: POST } }) }).html;
    const pills = [...html.matchAll(/<span class="sheaf-field-label sheaf-field-post">([^<]*)<\/span>/g)].map((m) => m[1]);
    // The path parameter's five, then the body field's string, escaped.
    expect(pills).toEqual(['x-internal', 'beta', '2', 'alpha', '3', '&lt;b&gt;new&lt;/b&gt;']);
    const plain = renderEntry(loaded, e).html;
    expect(plain).not.toContain('sheaf-field-post');
  });
});

describe('docs.json api.url: "full"', () => {
  it('shows the first server URL (no trailing slash) before the path on the endpoint line; webhooks and the default show the path only', async () => {
    const loaded = await loadFixture('api-settings');
    const get = find(loaded, 'GET /items/{id}');
    const endpoint = (html: string) => /<code class="sheaf-op-path">(.*?)<\/code>/.exec(html)?.[1];
    expect(endpoint(renderEntry(loaded, get, { settings: operationDisplay({ url: 'full' }) }).html)).toBe(
      '<span class="sheaf-op-base-url">https://api.example.com/v1</span>/items/<span class="sheaf-op-path-param">{id}</span>',
    );
    expect(endpoint(renderEntry(loaded, get).html)).toBe('/items/<span class="sheaf-op-path-param">{id}</span>');
    const ping = find(loaded, 'WEBHOOK ping');
    expect(endpoint(renderEntry(loaded, ping, { settings: operationDisplay({ url: 'full' }) }).html)).toBe('ping');
  });
});

describe('docs.json api.params.post in the playground', () => {
  it('shows the same pills after each parameter and form field name in the Try-it form', async () => {
    const loaded = await loadFixture('api-settings');
    const e = find(loaded, 'GET /items/{id}');
    const model = modelOf(loaded, e);
    const settings = playgroundSettings({ params: { post: POST } }, {});
    expect(settings.post).toEqual(POST);
    const html = renderTryIt({ model, document: loaded.document, ...settings });
    const pills = [...html.matchAll(/<span class="sheaf-playground-hint sheaf-field-post">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(pills).toEqual(['x-internal', 'beta', '2', 'alpha', '3']);
    expect(renderTryIt({ model, document: loaded.document, ...playgroundSettings(undefined, {}) })).not.toContain('sheaf-field-post');
  });
});
