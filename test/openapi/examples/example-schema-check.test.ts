import { describe, expect, it } from 'vitest';
import { exampleSchemaChecker } from '../../corpus/example-schema-check.js';

/**
 * The checker the corpus suite validates every generated example with
 * (test/corpus/example-schema-check.ts): it must catch what it is there to catch, or the
 * corpus suite's "no violations" would mean nothing.
 */

const openapi30 = {
  openapi: '3.0.3',
  paths: {},
  components: {
    schemas: {
      Age: { type: 'integer', maximum: 30, exclusiveMaximum: true },
      Name: { type: 'string', nullable: true, maxLength: 5 },
      Pet: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, secret: { type: 'string', writeOnly: true } } },
      Email: { type: 'string', format: 'email', example: { id: 'not a schema id' } },
      A: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, a: { type: 'integer' } } },
      B: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, b: { type: 'string' } } },
      Either: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }], discriminator: { propertyName: 'kind', mapping: { first: '#/components/schemas/A', second: 'B' } } },
      Plain: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] },
    },
  },
};

const schema = (document: { components: { schemas: Record<string, unknown> } }, name: string) => document.components.schemas[name] as Record<string, unknown>;

describe('exampleSchemaChecker', () => {
  const checker = exampleSchemaChecker(openapi30, '3.0.3');
  const kind = (name: string, value: unknown, mode: 'request' | 'response' = 'request') => checker.check(schema(openapi30, name), value, mode).kind;

  it('3.0: the boolean exclusiveMaximum excludes its bound; nullable allows null; formats are checked', () => {
    expect([kind('Age', 30), kind('Age', 29), kind('Age', 12.5)]).toEqual(['invalid', 'valid', 'invalid']);
    expect([kind('Name', null), kind('Name', 'abcdef'), kind('Name', 'abc')]).toEqual(['valid', 'invalid', 'valid']);
    expect([kind('Email', 'x'), kind('Email', 'jsmith@example.com')]).toEqual(['invalid', 'valid']);
  });

  it('a required readOnly property counts in responses only, a writeOnly one in requests only', () => {
    expect([kind('Pet', { name: 'Rex' }, 'request'), kind('Pet', { name: 'Rex' }, 'response'), kind('Pet', { id: 1, name: 'Rex' }, 'response')]).toEqual(['valid', 'invalid', 'valid']);
  });

  it('a discriminated oneOf holds the variant its mapping names; a plain oneOf needs exactly one match', () => {
    expect([kind('Either', { kind: 'first', a: 1 }), kind('Either', { kind: 'second', b: 'x' }), kind('Either', { kind: 'first', a: 'x' }), kind('Either', { kind: 'third' })]).toEqual([
      'valid',
      'valid',
      'invalid',
      'invalid',
    ]);
    expect(kind('Plain', { kind: 'first', a: 1 })).toBe('invalid');
    expect(kind('Plain', { kind: 'first', a: 1, b: 2 })).toBe('valid');
  });

  it('says where: the pointer of the schema whose keyword the first error breaks', () => {
    const result = checker.check(schema(openapi30, 'Pet'), { id: 1, name: 7 }, 'response');
    expect(result).toMatchObject({ kind: 'invalid', at: '/components/schemas/Pet/properties/name' });
    expect(checker.check({ type: 'string' }, 'x', 'request')).toEqual({ kind: 'unlocated' });
  });

  it('3.1: the number form of exclusiveMinimum, type arrays', () => {
    const doc31 = { openapi: '3.1.0', components: { schemas: { N: { type: ['number', 'null'], exclusiveMinimum: 0 } } } };
    const c31 = exampleSchemaChecker(doc31, '3.1.0');
    expect([0, 0.1, null].map((v) => c31.check(schema(doc31, 'N'), v, 'request').kind)).toEqual(['invalid', 'valid', 'valid']);
  });
});
