import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import { generateExample } from '../../../src/openapi/examples/index.js';
import type { RawSchema } from '../../../src/openapi/operation-model/model.js';

/** A corpus document with a schema that refers to itself (the corpus lives beside the repository). */
const CIRCULAR = new URL('../../../../shared/corpus/openapi/edge/readme-circular.yaml', import.meta.url);

const doc = (schemas: Record<string, unknown>) => ({ openapi: '3.1.0', components: { schemas } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('generateExample: given values', () => {
  it('takes example, then examples[0], default, const, the first enum member', () => {
    expect(generateExample({ type: 'string', example: 'a', examples: ['b'], default: 'c' }, {}, 'request')).toBe('a');
    expect(generateExample({ type: 'string', examples: ['b', 'x'], default: 'c' }, {}, 'request')).toBe('b');
    expect(generateExample({ type: 'integer', default: 7, enum: [1, 7] }, {}, 'request')).toBe(7);
    expect(generateExample({ const: 'fixed' }, {}, 'request')).toBe('fixed');
    expect(generateExample({ type: 'string', enum: ['one', 'two'] }, {}, 'request')).toBe('one');
    expect(generateExample({ type: ['string', 'null'], enum: [null, 'two'] }, {}, 'request')).toBe('two');
  });

  it('keeps falsy given values (false, 0, null)', () => {
    expect(generateExample({ type: 'boolean', example: false }, {}, 'request')).toBe(false);
    expect(generateExample({ type: 'integer', default: 0 }, {}, 'request')).toBe(0);
    expect(generateExample({ type: 'string', nullable: true, example: null }, {}, 'request')).toBeNull();
  });

  it('an object example wins over its properties', () => {
    const schema = { type: 'object', example: { id: 1 }, properties: { name: { type: 'string' } } };
    expect(generateExample(schema, {}, 'response')).toEqual({ id: 1 });
  });

  it('uses x-default first only with prefill', () => {
    const schema = { type: 'string', example: 'shown', 'x-default': 'prefilled' };
    expect(generateExample(schema, {}, 'request')).toBe('shown');
    expect(generateExample(schema, {}, 'request', { prefill: true })).toBe('prefilled');
  });
});

describe('generateExample: by type and format', () => {
  it('writes placeholders by type', () => {
    expect(generateExample({ type: 'string' }, {}, 'request')).toBe('<string>');
    expect(generateExample({ type: 'integer' }, {}, 'request')).toBe(123);
    expect(generateExample({ type: 'number' }, {}, 'request')).toBe(123);
    expect(generateExample({ type: 'boolean' }, {}, 'request')).toBe(true);
    expect(generateExample({ type: 'null' }, {}, 'request')).toBeNull();
  });

  it('writes strings by format', () => {
    const byFormat = (format: string) => generateExample({ type: 'string', format }, {}, 'request');
    expect(byFormat('date-time')).toBe('2023-11-07T05:31:56Z');
    expect(byFormat('date')).toBe('2023-12-25');
    expect(byFormat('email')).toBe('jsmith@example.com');
    expect(byFormat('uri')).toBe('https://example.com');
    expect(byFormat('uuid')).toBe('3c90c3cc-0d44-4b50-8888-8dd25736052a');
    expect(byFormat('binary')).toBe('<binary>');
    expect(byFormat('byte')).toBe('aSDinaTvuI8gbWludGxpZnk=');
    expect(byFormat('ipv4')).toBe('127.0.0.1');
    expect(byFormat('unknown-format')).toBe('<string>');
    expect(generateExample({ type: 'string', contentMediaType: 'image/png' }, {}, 'request')).toBe('<binary>');
  });

  it('keeps numbers within minimum and maximum', () => {
    expect(generateExample({ type: 'integer', minimum: 500 }, {}, 'request')).toBe(500);
    expect(generateExample({ type: 'integer', maximum: 100 }, {}, 'request')).toBe(100);
    expect(generateExample({ type: 'number', minimum: 0.5, maximum: 0.9 }, {}, 'request')).toBe(0.9);
  });

  it('infers objects, arrays and strings without a type', () => {
    expect(generateExample({ properties: { a: { type: 'boolean' } } }, {}, 'request')).toEqual({ a: true });
    expect(generateExample({ items: { type: 'integer' } }, {}, 'request')).toEqual([123]);
    expect(generateExample({ format: 'date' }, {}, 'request')).toBe('2023-12-25');
    expect(generateExample({ description: 'anything' }, {}, 'request')).toBeUndefined();
    expect(generateExample(undefined, {}, 'request')).toBeUndefined();
  });

  it('gives arrays one item', () => {
    expect(generateExample({ type: 'array', items: { type: 'string', format: 'email' } }, {}, 'request')).toEqual(['jsmith@example.com']);
    expect(generateExample({ type: 'array' }, {}, 'request')).toEqual([]);
  });
});

describe('generateExample: nullable and type arrays', () => {
  it('takes the non-null type', () => {
    expect(generateExample({ type: ['null', 'integer'] }, {}, 'request')).toBe(123);
    expect(generateExample({ type: 'string', nullable: true }, {}, 'request')).toBe('<string>');
    expect(generateExample({ type: ['null'] }, {}, 'request')).toBeNull();
  });
});

describe('generateExample: objects', () => {
  const schema: RawSchema = {
    type: 'object',
    required: ['name'],
    properties: {
      id: { type: 'integer', readOnly: true },
      name: { type: 'string' },
      password: { type: 'string', format: 'password', writeOnly: true },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };

  it('leaves readOnly properties out of requests and writeOnly ones out of responses', () => {
    expect(generateExample(schema, {}, 'request')).toEqual({ name: '<string>', password: '<password>', tags: ['<string>'] });
    expect(generateExample(schema, {}, 'response')).toEqual({ id: 123, name: '<string>', tags: ['<string>'] });
  });

  it('honours readOnly written on the referenced schema or beside the $ref', () => {
    const document = doc({ Id: { type: 'string', readOnly: true }, Plain: { type: 'string' } });
    const s = { type: 'object', properties: { id: ref('Id'), created: { ...ref('Plain'), readOnly: true }, name: ref('Plain') } };
    expect(generateExample(s, document, 'request')).toEqual({ name: '<string>' });
    expect(generateExample(s, document, 'response')).toEqual({ id: '<string>', created: '<string>', name: '<string>' });
  });

  it('keeps only required properties with required: "required"', () => {
    expect(generateExample(schema, {}, 'request', { required: 'required' })).toEqual({ name: '<string>' });
    expect(generateExample(schema, {}, 'request', { required: 'all' })).toEqual({ name: '<string>', password: '<password>', tags: ['<string>'] });
  });

  it('property examples fill generated objects', () => {
    const s = { type: 'object', properties: { name: { type: 'string', example: 'Rex' }, age: { type: 'integer', default: 3 } } };
    expect(generateExample(s, {}, 'response')).toEqual({ name: 'Rex', age: 3 });
  });
});

describe('generateExample: composition', () => {
  const document = doc({
    Base: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' }, kind: { type: 'string' } } },
    Named: { allOf: [ref('Base'), { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'Rex' } } }] },
    Cat: { type: 'object', properties: { kind: { type: 'string' }, meows: { type: 'boolean' } } },
    Dog: { type: 'object', properties: { kind: { type: 'string' }, barks: { type: 'boolean' } } },
  });

  it('merges allOf members, nested allOf included', () => {
    expect(generateExample(ref('Named'), document, 'response')).toEqual({ id: '3c90c3cc-0d44-4b50-8888-8dd25736052a', kind: '<string>', name: 'Rex' });
    const outer = { allOf: [ref('Named'), { properties: { extra: { type: 'integer' } } }] };
    expect(generateExample(outer, document, 'response')).toEqual({ id: '3c90c3cc-0d44-4b50-8888-8dd25736052a', kind: '<string>', name: 'Rex', extra: 123 });
  });

  it('unions required across allOf members', () => {
    expect(generateExample(ref('Named'), document, 'request', { required: 'required' })).toEqual({ id: '3c90c3cc-0d44-4b50-8888-8dd25736052a', name: 'Rex' });
  });

  it('merges same-named properties of two members (the later example wins)', () => {
    const s = { allOf: [{ properties: { status: { type: 'string' } } }, { properties: { status: { example: 'active' } } }] };
    expect(generateExample(s, {}, 'response')).toEqual({ status: 'active' });
  });

  it('takes the first oneOf/anyOf variant, skipping null', () => {
    expect(generateExample({ oneOf: [ref('Cat'), ref('Dog')] }, document, 'response')).toEqual({ kind: '<string>', meows: true });
    expect(generateExample({ anyOf: [{ type: 'null' }, { type: 'integer' }] }, document, 'response')).toBe(123);
  });

  it('sets the discriminator property to the variant mapping key', () => {
    const s = { oneOf: [ref('Dog'), ref('Cat')], discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Dog' } } };
    expect(generateExample(s, document, 'response')).toEqual({ kind: 'dog', barks: true });
    const unmapped = { oneOf: [ref('Cat')], discriminator: { propertyName: 'kind' } };
    expect(generateExample(unmapped, document, 'response')).toEqual({ kind: 'Cat', meows: true });
  });

  it('lays the schema’s own properties over the chosen variant', () => {
    const s = { type: 'object', properties: { common: { type: 'boolean' } }, oneOf: [ref('Cat')] };
    expect(generateExample(s, document, 'response')).toEqual({ kind: '<string>', meows: true, common: true });
  });
});

describe('generateExample: references, cycles and limits', () => {
  it('follows $ref chains', () => {
    const document = doc({ A: ref('B'), B: { type: 'string', format: 'date' } });
    expect(generateExample(ref('A'), document, 'request')).toBe('2023-12-25');
  });

  it('gives undefined for unresolvable and external $refs, without throwing', () => {
    expect(generateExample(ref('Missing'), doc({}), 'request')).toBeUndefined();
    expect(generateExample({ $ref: 'other.yaml#/Pet' }, doc({}), 'request')).toBeUndefined();
    expect(generateExample({ type: 'object', properties: { a: ref('Missing'), b: { type: 'boolean' } } }, doc({}), 'request')).toEqual({ b: true });
  });

  it('cuts a cycle: the recursive property is left out, a recursive array is empty', () => {
    const document = doc({
      Node: { type: 'object', properties: { name: { type: 'string' }, parent: ref('Node'), children: { type: 'array', items: ref('Node') } } },
      Loop: ref('Loop'),
      AllOfLoop: { allOf: [ref('AllOfLoop'), { properties: { x: { type: 'integer' } } }] },
    });
    expect(generateExample(ref('Node'), document, 'response')).toEqual({ name: '<string>', children: [] });
    expect(generateExample(ref('Loop'), document, 'response')).toBeUndefined();
    expect(generateExample(ref('AllOfLoop'), document, 'response')).toEqual({ x: 123 });
  });

  it('expands the same schema twice when it is not recursive (siblings)', () => {
    const document = doc({ Money: { type: 'object', properties: { amount: { type: 'integer' } } } });
    const s = { type: 'object', properties: { price: ref('Money'), tax: ref('Money') } };
    expect(generateExample(s, document, 'response')).toEqual({ price: { amount: 123 }, tax: { amount: 123 } });
  });

  it('stops at a depth: deeper objects are empty', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i += 1) deep = { type: 'object', properties: { next: deep } };
    const value = generateExample(deep, {}, 'response');
    let levels = 0;
    let at: unknown = value;
    while (typeof at === 'object' && at !== null && 'next' in at) {
      at = (at as { next: unknown }).next;
      levels += 1;
    }
    expect(levels).toBe(10);
    expect(at).toEqual({});
  });

  it('bounds the size of examples of wide schemas: past 1,000 schema nodes, objects keep their required properties only', () => {
    const inner = (required: string[]) => ({ type: 'object', required, properties: Object.fromEntries(Array.from({ length: 60 }, (_, j) => [`q${j}`, { type: 'integer' }])) });
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}`, inner(i === 59 ? ['q7'] : [])])) };
    const value = generateExample(wide, {}, 'response') as Record<string, Record<string, unknown>>;
    const leaves = Object.values(value).reduce((n, o) => n + Object.keys(o).length, 0);
    // p0…p16 whole (1 + 17 × 61 = 1,038 nodes), then the others with their required properties.
    expect(Object.keys(value)).toHaveLength(60);
    expect(leaves).toBe(17 * 60 + 1);
    expect(value.p16).toHaveProperty('q59', 123);
    expect(value.p17).toEqual({});
    expect(value.p59).toEqual({ q7: 123 });
  });

  it.skipIf(!existsSync(CIRCULAR))('handles readme-circular.yaml from the corpus (a schema that holds itself)', () => {
    const document = yaml.load(readFileSync(CIRCULAR, 'utf8')) as Record<string, unknown>;
    expect(generateExample(ref('ErrorMessage'), document, 'response')).toEqual({
      statusCode: 123,
      error: '<string>',
      canBeRetried: 'Unknown',
      detailedErrorCode: 123,
    });
  });
});
