import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { indexDocument, indexOperations } from '../../src/openapi/index-operations.js';
import { fixture, load } from './helpers.js';

const flags = { deprecated: false, hidden: false, excluded: false };
const readFixture = (name: string, file: string) =>
  yaml.load(readFileSync(path.join(fixture(name), file), 'utf8')) as Record<string, unknown>;

describe('indexOperations', () => {
  it('indexes paths in document order and methods in Mintlify order, then webhooks', () => {
    const index = indexOperations('openapi.yaml', readFixture('index-order', 'openapi.yaml'), '3.1.0', false);
    expect(index).toEqual({
      file: 'openapi.yaml',
      version: '3.1.0',
      converted: false,
      title: 'Order API',
      operations: [
        {
          method: 'get',
          path: '/zebra',
          operationId: 'listZebras',
          summary: 'List zebras',
          description: 'All zebras.',
          tags: [],
          deprecated: true,
          hidden: true,
          excluded: false,
          pointer: '/paths/~1zebra/get',
        },
        { method: 'post', path: '/zebra', summary: 'Create zebra', tags: ['admin', 'users'], ...flags, pointer: '/paths/~1zebra/post' },
        { method: 'put', path: '/apple/{id}', tags: [], ...flags, pointer: '/paths/~1apple~1{id}/put' },
        {
          method: 'delete',
          path: '/apple/{id}',
          tags: [],
          ...flags,
          xMint: { href: '/custom/apple', metadata: { title: 'Remove apple' }, content: '## Extra' },
          pointer: '/paths/~1apple~1{id}/delete',
        },
        { method: 'options', path: '/apple/{id}', tags: [], ...flags, pointer: '/paths/~1apple~1{id}/options' },
        { method: 'head', path: '/apple/{id}', tags: [], ...flags, pointer: '/paths/~1apple~1{id}/head' },
        { method: 'patch', path: '/apple/{id}', tags: ['users'], ...flags, pointer: '/paths/~1apple~1{id}/patch' },
        { method: 'trace', path: '/apple/{id}', tags: [], ...flags, excluded: true, pointer: '/paths/~1apple~1{id}/trace' },
        // a path-item `$ref` is followed; the pointer names where the operation really is
        { method: 'get', path: '/shared', summary: 'Shared item', tags: [], ...flags, pointer: '/components/pathItems/Shared/get' },
      ],
      webhooks: [
        {
          method: 'post',
          path: 'orderUpdated',
          operationId: 'orderUpdated',
          summary: 'Order updated',
          tags: [],
          ...flags,
          pointer: '/webhooks/orderUpdated/post',
        },
        { method: 'delete', path: 'orderDeleted', tags: [], ...flags, pointer: '/components/pathItems/Deleted/delete' },
      ],
      tags: [{ name: 'users', displayName: 'People' }, { name: 'admin' }],
    });
  });

  it('finds no problems in a valid document', () => {
    expect(indexDocument('openapi.yaml', readFixture('index-order', 'openapi.yaml'), '3.1.0', false).problems).toEqual([]);
  });

  it('ignores `webhooks` in OpenAPI 3.0, which has none', () => {
    const document = { openapi: '3.0.3', info: { title: 'T' }, paths: { '/a': { get: { responses: {} } } }, webhooks: { ping: { post: {} } } };
    const index = indexOperations('a.json', document, '3.0.3', false);
    expect(index.webhooks).toEqual([]);
    expect(index.operations.map((o) => o.pointer)).toEqual(['/paths/~1a/get']);
  });

  it('records the source version and conversion of a Swagger 2.0 document', async () => {
    const result = await load('swagger2', { named: ['swagger.yaml'] });
    const index = result.output.documents[0]?.index;
    expect(index && { version: index.version, converted: index.converted, tags: index.tags }).toEqual({
      version: '2.0',
      converted: true,
      tags: [{ name: 'pets', displayName: 'Animals' }],
    });
    expect(index?.operations).toEqual([
      { method: 'get', path: '/pets', operationId: 'listPets', summary: 'List pets', tags: ['pets'], ...flags, pointer: '/paths/~1pets/get' },
    ]);
  });

  it('is serialisable and the same for the same input', () => {
    const a = indexOperations('openapi.yaml', readFixture('index-order', 'openapi.yaml'), '3.1.0', false);
    const b = indexOperations('openapi.yaml', readFixture('index-order', 'openapi.yaml'), '3.1.0', false);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
});
