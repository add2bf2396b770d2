import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import type { OperationModel, ParameterModel } from '../../../../src/openapi/operation-model/model.js';
import { buildHar } from '../../../../src/render/operation/code-samples/build-har.js';
import { playgroundSettings } from '../../../../src/render/operation/playground/playground-display.js';
import { renderBodyFields } from '../../../../src/render/operation/playground/render-body-fields.js';
import { renderParameterFields } from '../../../../src/render/operation/playground/render-parameter-fields.js';

/**
 * Try-it's fields start with exactly what the code samples send (build-har.ts): an optional
 * deprecated parameter, and with `api.examples.defaults: required` every optional one, starts
 * empty (its example greyed as the placeholder), so Send sends what the curl sample shows.
 */

const param = (p: Partial<ParameterModel> & Pick<ParameterModel, 'name' | 'in'>): ParameterModel => ({ required: false, deprecated: false, examples: [], ...p });
const ex = (value: unknown) => [{ name: 'example', value }];

const PARAMETERS: readonly ParameterModel[] = [
  param({ name: 'id', in: 'path', required: true, schema: { type: 'string' }, examples: ex('pet-42') }),
  param({ name: 'limit', in: 'query', required: true, schema: { type: 'integer' }, examples: ex(5) }),
  param({ name: 'old', in: 'query', deprecated: true, schema: { type: 'string' }, examples: ex('legacy-value') }),
  param({ name: 'oldNeeded', in: 'query', required: true, deprecated: true, schema: { type: 'string' }, examples: ex('still-needed') }),
  param({ name: 'sort', in: 'query', schema: { type: 'string', default: 'asc' } }),
  param({ name: 'X-Trace', in: 'header', schema: { type: 'string', example: 'trace-1' } }),
];

const MODEL: OperationModel = {
  kind: 'operation',
  method: 'POST',
  path: '/pets/{id}',
  deprecated: false,
  tags: [],
  servers: [{ url: 'https://api.example.com', variables: {} }],
  security: [],
  parameters: PARAMETERS,
  responses: [],
  callbacks: [],
  codeSamples: [],
  pointer: '/paths/~1pets~1{id}/post',
  requestBody: {
    required: true,
    content: [
      {
        mediaType: 'application/x-www-form-urlencoded',
        schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'Rex' }, nick: { type: 'string', example: 'Rexy' }, legacy: { type: 'string', deprecated: true, example: 'L' } } },
        examples: [],
      },
    ],
  },
};

/** `{ name: [value, placeholder] }` of every input and select in `html` (a select's value is its selected option). */
function fieldValues(html: string, key: string): Record<string, [string | undefined, string | undefined]> {
  const out: Record<string, [string | undefined, string | undefined]> = {};
  visit(fromHtml(html, { fragment: true }), 'element', (node: Element) => {
    const name = node.properties[key];
    if (typeof name !== 'string' || (node.tagName !== 'input' && node.tagName !== 'select')) return;
    const value = node.tagName === 'input' ? node.properties.value : undefined;
    const placeholder = node.properties.placeholder;
    out[name] = [value === undefined ? undefined : String(value), placeholder === undefined ? undefined : String(placeholder)];
  });
  return out;
}

const params = (defaults: 'all' | 'required') => fieldValues(renderParameterFields(PARAMETERS, {}, false, 'pg', defaults), 'name');
const query = (defaults: 'all' | 'required') => buildHar(MODEL, {}, { defaults, prefill: false }).har.queryString.map((q) => `${q.name}=${q.value}`);

describe('Try-it start values match the code samples', () => {
  it('defaults all: a deprecated optional parameter starts empty (its example as placeholder); others filled', () => {
    expect(params('all')).toEqual({
      'path.id': ['pet-42', undefined],
      'query.limit': ['5', undefined],
      'query.old': [undefined, 'legacy-value'],
      'query.oldNeeded': ['still-needed', undefined],
      'query.sort': ['asc', undefined],
      'header.X-Trace': ['trace-1', undefined],
    });
    // The curl sample's query holds the same filled fields, and not `old`.
    expect(query('all')).toEqual(['limit=5', 'oldNeeded=still-needed', 'sort=asc']);
  });

  it('defaults required: every optional parameter starts empty, as the samples leave them out', () => {
    expect(params('required')).toEqual({
      'path.id': ['pet-42', undefined],
      'query.limit': ['5', undefined],
      'query.old': [undefined, 'legacy-value'],
      'query.oldNeeded': ['still-needed', undefined],
      'query.sort': [undefined, 'asc'],
      'header.X-Trace': [undefined, 'trace-1'],
    });
    expect(query('required')).toEqual(['limit=5', 'oldNeeded=still-needed']);
    expect(buildHar(MODEL, {}, { defaults: 'required', prefill: false }).har.headers.map((h) => h.name)).not.toContain('X-Trace');
  });

  it('form body fields: deprecated optional empty; with defaults required, every optional one empty', () => {
    const body = (defaults: 'all' | 'required') => fieldValues(renderBodyFields(MODEL, {}, false, 'pg', defaults), 'dataPgBodyField');
    expect(body('all')).toEqual({ name: ['Rex', undefined], nick: ['Rexy', undefined], legacy: [undefined, undefined] });
    expect(body('required')).toEqual({ name: ['Rex', undefined], nick: [undefined, undefined], legacy: [undefined, undefined] });
    expect(buildHar(MODEL, {}, { defaults: 'required', prefill: false }).har.postData.params?.map((p) => p.name)).toEqual(['name']);
  });

  it('docs.json api.examples.defaults reaches the playground settings', () => {
    expect(playgroundSettings({ examples: { defaults: 'required' } }, {}).defaults).toBe('required');
    expect(playgroundSettings(undefined, {}).defaults).toBe('all');
  });
});
