import { describe, expect, it } from 'vitest';
import * as examples from '../../../src/openapi/examples/index.js';
import { explicitValue, mediaExample, resolveMerged } from '../../../src/openapi/examples/index.js';
import type { MediaModel, ParameterModel } from '../../../src/openapi/operation-model/model.js';

const document = { components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, id: { type: 'integer', readOnly: true } } } } } };
const media = (m: Partial<MediaModel>): MediaModel => ({ mediaType: 'application/json', examples: [], ...m });
const param = (p: Partial<ParameterModel>): ParameterModel => ({ name: 'id', in: 'path', required: true, deprecated: false, examples: [], ...p });

describe('src/openapi/examples public surface', () => {
  it('exports exactly the example functions', () => {
    expect(Object.keys(examples).sort()).toEqual(['explicitValue', 'generateExample', 'mediaExample', 'resolveMerged', 'schemaValue']);
  });
});

describe('mediaExample', () => {
  it('takes the first own example that has a value', () => {
    const m = media({
      schema: { $ref: '#/components/schemas/Pet' },
      examples: [{ name: 'remote', externalValue: 'https://example.com/pet.json' }, { name: 'rex', value: { name: 'Rex' } }],
    });
    expect(mediaExample(m, document, 'response')).toEqual({ name: 'Rex' });
  });

  it('generates from the schema otherwise, per mode and options', () => {
    const m = media({ schema: { $ref: '#/components/schemas/Pet' } });
    expect(mediaExample(m, document, 'response')).toEqual({ name: '<string>', id: 123 });
    expect(mediaExample(m, document, 'request')).toEqual({ name: '<string>' });
    expect(mediaExample(media({ schema: { type: 'object', properties: { a: { type: 'string' } } } }), document, 'request', { required: 'required' })).toEqual({});
  });

  it('gives undefined with neither examples nor schema', () => {
    expect(mediaExample(media({}), document, 'response')).toBeUndefined();
  });
});

describe('explicitValue', () => {
  it('takes the parameter’s example, then its schema’s given value; nothing generated', () => {
    expect(explicitValue(param({ examples: [{ name: 'a', value: 'p-1' }], schema: { type: 'string', example: 's-1' } }), document)).toBe('p-1');
    expect(explicitValue(param({ schema: { type: 'string', example: 's-1' } }), document)).toBe('s-1');
    expect(explicitValue(param({ schema: { type: 'string', enum: ['asc', 'desc'] } }), document)).toBe('asc');
    expect(explicitValue(param({ schema: { type: 'string' } }), document)).toBeUndefined();
  });

  it('puts x-default first with prefill', () => {
    const p = param({ examples: [{ name: 'a', value: 'p-1' }], schema: { type: 'string', 'x-default': 'preset' } });
    expect(explicitValue(p, document)).toBe('p-1');
    expect(explicitValue(p, document, true)).toBe('preset');
  });
});

describe('resolveMerged', () => {
  it('follows $refs and merges allOf into one schema', () => {
    const merged = resolveMerged({ allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { tag: { type: 'string' } } }] }, document);
    expect(Object.keys((merged?.properties ?? {}) as object)).toEqual(['name', 'id', 'tag']);
    expect(merged?.required).toEqual(['name']);
    expect(resolveMerged({ $ref: '#/nope' }, document)).toBeUndefined();
  });
});
