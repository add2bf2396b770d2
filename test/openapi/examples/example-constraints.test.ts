import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { generateExample } from '../../../src/openapi/examples/index.js';
import { numberLimits } from '../../../src/openapi/examples/number-example.js';
import { compilePattern, patternExample, splitLookarounds } from '../../../src/openapi/examples/pattern-example.js';
import { mayMatch } from '../../../src/openapi/examples/schema-match.js';
import type { RawSchema } from '../../../src/openapi/operation-model/model.js';

/**
 * Issue 15, item 2: generated examples satisfy their schema's constraints. Each case pins the
 * exact value and has ajv (JSON Schema 2020-12 with ajv-formats) confirm it is valid, so a
 * change that keeps the value plausible but breaks the schema fails here.
 */

type Ajv = { compile(schema: unknown): ValidateFunction };
const require = createRequire(import.meta.url);
const Ajv2020 = (require('ajv/dist/2020.js') as { default: new (o: object) => Ajv }).default;
const addFormats = (require('ajv-formats') as { default: (ajv: Ajv) => void }).default;
const ajv = new Ajv2020({ strict: false, logger: false });
addFormats(ajv);

const doc = (schemas: Record<string, unknown> = {}) => ({ openapi: '3.1.0', components: { schemas } });

/** The example of `schema` (request direction); it must be valid by ajv, `$ref`s into `document` included. */
function valid(schema: RawSchema, document: Record<string, unknown> = doc(), mode: 'request' | 'response' = 'request'): unknown {
  const value = generateExample(schema, document, mode);
  const validate = ajv.compile({ ...schema, components: document.components });
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  return value;
}

describe('numbers: bounds in both forms, multipleOf', () => {
  it('3.0 boolean exclusiveMaximum/exclusiveMinimum exclude the bound itself (validated by draft 4 rules)', () => {
    // ajv 2020 does not read the boolean form: checked by hand and through numberLimits.
    expect(generateExample({ type: 'integer', maximum: 30, exclusiveMaximum: true }, {}, 'request')).toBe(29);
    expect(generateExample({ type: 'number', maximum: 30, exclusiveMaximum: true }, {}, 'request')).toBe(29);
    expect(generateExample({ type: 'integer', minimum: 200, exclusiveMinimum: true }, {}, 'request')).toBe(201);
    expect(generateExample({ type: 'integer', maximum: 30, exclusiveMaximum: false }, {}, 'request')).toBe(30);
    expect(numberLimits({ maximum: 30, exclusiveMaximum: true })).toEqual({ upper: { value: 30, exclusive: true } });
  });

  it('3.1 number exclusiveMaximum/exclusiveMinimum are limits of their own', () => {
    expect(valid({ type: 'integer', exclusiveMaximum: 30 })).toBe(29);
    expect(valid({ type: 'number', exclusiveMaximum: 30 })).toBe(29);
    expect(valid({ type: 'integer', exclusiveMinimum: 200 })).toBe(201);
    expect(valid({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 })).toBe(0.5);
    expect(valid({ type: 'number', exclusiveMinimum: 0, maximum: 0.25 })).toBe(0.25);
    // Both forms given: the tighter wins.
    expect(valid({ type: 'integer', maximum: 10, exclusiveMaximum: 5 })).toBe(4);
  });

  it('minimum and maximum move 123 into range; 123 stays when allowed', () => {
    expect(valid({ type: 'integer', minimum: 1, maximum: 5 })).toBe(5);
    expect(valid({ type: 'integer', minimum: 500 })).toBe(500);
    expect(valid({ type: 'integer', minimum: 1.5 })).toBe(123);
    expect(valid({ type: 'integer', minimum: 150.5 })).toBe(151);
    expect(valid({ type: 'number', minimum: -1, maximum: 1000 })).toBe(123);
  });

  it('multipleOf: the nearest multiple within the bounds, exact in floating point', () => {
    expect(valid({ type: 'integer', multipleOf: 7 })).toBe(126);
    expect(valid({ type: 'integer', multipleOf: 10, maximum: 95 })).toBe(90);
    expect(valid({ type: 'number', multipleOf: 0.01 })).toBe(123);
    expect(valid({ type: 'number', multipleOf: 0.01, maximum: 1 })).toBe(1);
    expect(valid({ type: 'number', multipleOf: 0.1, exclusiveMaximum: 0.3 })).toBe(0.2);
    expect(valid({ type: 'integer', multipleOf: 0.5, minimum: 1000 })).toBe(1000);
    expect(valid({ type: 'integer', multipleOf: 5, exclusiveMinimum: 0, exclusiveMaximum: 10 })).toBe(5);
  });

  it('contradictory bounds give the limit 123 is beyond (no valid number exists)', () => {
    expect(generateExample({ type: 'integer', minimum: 5, maximum: 1 }, {}, 'request')).toBe(1);
    expect(generateExample({ type: 'integer', minimum: 500, maximum: 400 }, {}, 'request')).toBe(500);
    expect(generateExample({ type: 'integer', minimum: 1, maximum: 2, multipleOf: 5 }, {}, 'request')).toBe(2);
  });
});

describe('strings: lengths, pattern, formats', () => {
  it('formats give values valid for ajv-formats', () => {
    const formats = ['date', 'date-time', 'time', 'email', 'uuid', 'uri', 'uri-reference', 'uri-template', 'hostname', 'ipv4', 'ipv6', 'byte', 'duration', 'json-pointer', 'relative-json-pointer', 'regex'];
    expect(formats.map((format) => valid({ type: 'string', format }))).toEqual([
      '2023-12-25',
      '2023-11-07T05:31:56Z',
      '05:31:56Z',
      'jsmith@example.com',
      '3c90c3cc-0d44-4b50-8888-8dd25736052a',
      'https://example.com',
      '/example',
      'https://example.com/{id}',
      'example.com',
      '127.0.0.1',
      '::1',
      'aSDinaTvuI8gbWludGxpZnk=',
      'P3D',
      '/example',
      '0/example',
      '^.*$',
    ]);
  });

  it('minLength and maxLength: the placeholder when it fits, else `string` cut or repeated', () => {
    expect(valid({ type: 'string', maxLength: 8 })).toBe('<string>');
    expect(valid({ type: 'string', minLength: 3, maxLength: 3 })).toBe('str');
    expect(valid({ type: 'string', minLength: 10 })).toBe('stringstri');
    expect(valid({ type: 'string', maxLength: 0 })).toBe('');
    expect(valid({ type: 'string', format: 'email', maxLength: 64 })).toBe('jsmith@example.com');
  });

  it('pattern: the placeholder or format value when it matches, else a string drawn from the pattern, the same every time', () => {
    expect(valid({ type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' })).toBe('2023-12-25');
    const sha = valid({ type: 'string', minLength: 71, maxLength: 71, pattern: '^sha256:[a-f0-9]{64}$' });
    expect(sha).toMatch(/^sha256:[a-f0-9]{64}$/);
    expect(generateExample({ type: 'string', pattern: '^sha256:[a-f0-9]{64}$' }, {}, 'request')).toBe(sha);
    expect(valid({ type: 'string', pattern: '^[A-Z]{3}$' })).toBe('ELC');
    expect(valid({ type: 'string', pattern: '^\\+[1-9]\\d{1,14}$' })).toBe('+845551');
  });

  it('pattern with lookaheads (password rules): their strings are put in, padded to minLength', () => {
    expect(splitLookarounds('(?=.*[a-z])x(?!y)(?=\\d)')).toEqual({ source: '\\uE000x\\uE000', lookaheads: ['.*[a-z]', '\\d'] });
    expect(valid({ type: 'string', format: 'password', minLength: 8, pattern: '(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])' })).toBe('eW0strin');
  });

  it('patterns no string can match, or that randexp cannot follow, give no pattern example', () => {
    expect(patternExample(compilePattern('^a$b')!, { min: 0, max: Infinity })).toBeUndefined();
    expect(patternExample(compilePattern('^a{100000}$')!, { min: 0, max: Infinity })).toBeUndefined();
    expect(compilePattern('(')).toBeUndefined();
    // The placeholder stands (a contradiction stays visible).
    expect(generateExample({ type: 'string', pattern: '^a$b' }, {}, 'request')).toBe('<string>');
  });
});

describe('enum and const', () => {
  it('const, and the first enum member of the schema\'s type', () => {
    expect(valid({ const: 'fixed' })).toBe('fixed');
    expect(valid({ type: 'integer', enum: ['a', 3, 4] })).toBe(3);
    expect(valid({ type: ['string', 'null'], enum: [null, 'x'] })).toBe('x');
  });
});

describe('arrays: minItems, maxItems, uniqueItems, tuples', () => {
  it('minItems items, none with maxItems 0, distinct enum members with uniqueItems', () => {
    expect(valid({ type: 'array', minItems: 3, items: { type: 'integer', maximum: 9 } })).toEqual([9, 9, 9]);
    expect(valid({ type: 'array', maxItems: 0, items: { type: 'string' } })).toEqual([]);
    expect(valid({ type: 'array', minItems: 2, uniqueItems: true, items: { type: 'string', enum: ['a', 'b', 'c'] } })).toEqual(['a', 'b']);
  });

  it('an item no value satisfies (allOf of two types) leaves an optional list empty', () => {
    expect(valid({ type: 'array', items: { allOf: [{ type: 'string' }, { type: 'null' }] } })).toEqual([]);
  });

  it('3.1 prefixItems: one item per position', () => {
    expect(valid({ type: 'array', prefixItems: [{ type: 'string', format: 'date' }, { type: 'integer', minimum: 200 }] })).toEqual(['2023-12-25', 200]);
  });
});

describe('objects: deprecated, required, additional and closed properties', () => {
  it('deprecated properties are left out unless required', () => {
    const schema = { type: 'object', required: ['kept'], properties: { a: { type: 'string' }, old: { type: 'string', deprecated: true }, kept: { type: 'integer', deprecated: true } } };
    expect(valid(schema)).toEqual({ a: '<string>', kept: 123 });
    expect(valid(schema, doc(), 'response')).toEqual({ a: '<string>', kept: 123 });
  });

  it('a deprecated $ref property is left out too', () => {
    const document = doc({ Old: { type: 'string', deprecated: true } });
    expect(valid({ type: 'object', properties: { old: { $ref: '#/components/schemas/Old' }, now: { type: 'boolean' } } }, document)).toEqual({ now: true });
  });

  it('optional properties no value satisfies are left out; the author\'s own values stay as written', () => {
    const schema = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer' },
        kind: { type: 'integer', enum: ['0', '1'] },
        phone: { type: 'string', pattern: '/^\\+[0-9]+$/' },
        both: { allOf: [{ type: 'string' }, { type: 'integer' }] },
        anything: {},
      },
    };
    expect(valid(schema)).toEqual({ id: 123 });
    const authored = { type: 'object', properties: { age: { type: 'integer', maximum: 10, example: 99 } } };
    expect(generateExample(authored, {}, 'request')).toEqual({ age: 99 });
    expect(generateExample(authored, {}, 'request', { authored: false })).toEqual({ age: 10 });
  });

  it('maxProperties: the last optional properties go', () => {
    const schema = { type: 'object', maxProperties: 2, required: ['c'], additionalProperties: false, properties: { a: { type: 'boolean' }, b: { type: 'boolean' }, c: { type: 'boolean' } } };
    expect(valid(schema)).toEqual({ a: true, c: true });
  });

  it('a required property whose schema gives no type gets a value', () => {
    expect(valid({ type: 'object', required: ['value'], properties: { value: { description: 'Any JSON value.' } } })).toEqual({ value: '<string>' });
  });

  it('required names without a property schema, and minProperties from additionalProperties', () => {
    expect(valid({ type: 'object', required: ['tags'], properties: { tag: { type: 'string' } } })).toEqual({ tag: '<string>', tags: '<string>' });
    expect(valid({ type: 'object', minProperties: 2, additionalProperties: { type: 'integer', minimum: 1, maximum: 3 } })).toEqual({ additionalProp1: 3, additionalProp2: 3 });
  });

  it('allOf with additionalProperties: false in a member keeps to that member\'s properties', () => {
    const document = doc({ Base: { type: 'object', additionalProperties: false, properties: { token: { type: 'string' } } } });
    const schema = { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } }] };
    expect(valid(schema, document)).toEqual({ token: '<string>' });
  });

  it('allOf members with oneOfs of their own: one variant of each, joined', () => {
    const schema = {
      type: 'object',
      allOf: [
        { oneOf: [{ type: 'object', required: ['type'], properties: { type: { const: 'standard' } } }, { type: 'object', required: ['type'], properties: { type: { const: 'express' } } }] },
        { oneOf: [{ type: 'object', required: ['scope'], properties: { scope: { const: 'global' } } }, { type: 'object', required: ['scope'], properties: { scope: { const: 'regional' } } }] },
      ],
    };
    expect(valid(schema)).toEqual({ type: 'standard', scope: 'global' });
  });

  it('items of two allOf members both apply', () => {
    const schema = { allOf: [{ type: 'object', properties: { users: { type: 'array', items: { type: 'object', required: ['login'], properties: { login: { type: 'string' } } } } } }, { type: 'object', properties: { users: { type: 'array', items: { type: ['object', 'null'] } } } }] };
    expect(valid(schema)).toEqual({ users: [{ login: '<string>' }] });
  });
});

describe('oneOf, anyOf and not', () => {
  it('oneOf: a variant told apart by its required properties when the whole example matches several', () => {
    const schema = {
      type: 'object',
      properties: { type: { type: 'string', enum: ['Issue', 'PullRequest'] }, id: { type: 'integer' }, owner: { type: 'string' }, repo: { type: 'string' }, number: { type: 'integer' } },
      oneOf: [{ required: ['type', 'id'] }, { required: ['type', 'owner', 'repo', 'number'] }],
    };
    expect(valid(schema)).toEqual({ type: 'Issue', id: 123 });
  });

  it('oneOf: the variant of the type the schema states comes first', () => {
    expect(valid({ type: 'string', oneOf: [{ type: 'integer' }, { type: 'string', format: 'date-time' }] })).toBe('2023-11-07T05:31:56Z');
  });

  it('not: optional properties left out when that satisfies it', () => {
    const schema = { type: 'object', properties: { url: { type: 'string' }, id: { type: 'string' } }, not: { required: ['url', 'id'] } };
    expect(valid(schema)).toEqual({});
  });

  it('discriminator mapping values may be schema names', () => {
    const document = doc({ One: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, a: { type: 'number' } } } });
    const schema = { oneOf: [{ $ref: '#/components/schemas/One' }], discriminator: { propertyName: 'kind', mapping: { first: 'One' } } };
    expect(generateExample(schema, document, 'request')).toEqual({ kind: 'first', a: 123 });
  });
});

describe('authored: false and the deep and wide limits', () => {
  it('authored: false ignores example, examples and default but keeps const and enum', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer', maximum: 3, example: 99 }, b: { type: 'string', default: 'd' }, c: { const: 'k' }, d: { type: 'string', enum: ['x', 'y'] } } };
    expect(generateExample(schema, {}, 'request', { authored: false })).toEqual({ a: 3, b: '<string>', c: 'k', d: 'x' });
    expect(generateExample(schema, {}, 'request')).toEqual({ a: 99, b: 'd', c: 'k', d: 'x' });
  });

  it('past the soft depth, objects keep their required properties (still valid)', () => {
    let deep: Record<string, unknown> = { type: 'object', required: ['leaf'], properties: { leaf: { type: 'string' }, extra: { type: 'integer' } } };
    for (let i = 0; i < 14; i += 1) deep = { type: 'object', required: ['next'], properties: { next: deep, extra: { type: 'integer' } } };
    const value = valid(deep);
    let at: unknown = value;
    for (let i = 0; i < 14; i += 1) at = (at as Record<string, unknown>).next;
    expect(at).toEqual({ leaf: '<string>' });
    expect(value).toHaveProperty('extra', 123);
  });
});

describe('mayMatch', () => {
  const ctx = { document: {}, mode: 'request' as const };
  it('rejects on type, enum, required, additionalProperties false, bounds; ignores formats', () => {
    expect(mayMatch('a', { type: 'integer' }, ctx)).toBe(false);
    expect(mayMatch({}, { required: ['x'] }, ctx)).toBe(false);
    expect(mayMatch({ y: 1 }, { additionalProperties: false, properties: { x: {} } }, ctx)).toBe(false);
    expect(mayMatch(30, { maximum: 30, exclusiveMaximum: true }, ctx)).toBe(false);
    expect(mayMatch('not-an-email', { type: 'string', format: 'email' }, ctx)).toBe(true);
    expect(mayMatch(null, { type: 'string', nullable: true }, ctx)).toBe(true);
  });

  it('a required readOnly property is not required in a request', () => {
    const schema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } };
    expect(mayMatch({}, schema, ctx)).toBe(true);
    expect(mayMatch({}, schema, { ...ctx, mode: 'response' })).toBe(false);
  });
});
