import { describe, expect, it } from 'vitest';
import { load, located } from './helpers.js';

describe('loadOpenApi: structural problems', () => {
  it('reports wrong types, missing responses, duplicate operationIds and relative paths with positions', async () => {
    const result = await load('structure', { files: ['openapi.yaml'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/wrong-type', 'openapi.yaml', 7, 3], // /empty: null
      ['openapi/wrong-type', 'openapi.yaml', 9, 5], // get: a string
      ['openapi/missing-responses', 'openapi.yaml', 11, 5],
      ['openapi/duplicate-operation-id', 'openapi.yaml', 15, 7],
      ['openapi/path-not-absolute', 'openapi.yaml', 17, 3],
      ['openapi/wrong-type', 'openapi.yaml', 22, 7], // operationId: 42
      ['openapi/wrong-type', 'openapi.yaml', 23, 7], // summary: an array
      ['openapi/wrong-type', 'openapi.yaml', 24, 7], // tags: a string
      ['openapi/wrong-type', 'openapi.yaml', 25, 7], // x-mint: a string
      ['openapi/wrong-type', 'openapi.yaml', 28, 18], // tags[1]: a number
      ['openapi/wrong-type', 'openapi.yaml', 30, 9], // x-mint.href
      ['openapi/wrong-type', 'openapi.yaml', 31, 9], // x-mint.metadata
      ['openapi/wrong-type', 'openapi.yaml', 32, 9], // x-mint.content
      ['openapi/wrong-type', 'openapi.yaml', 5, 1], // tags: an object
      // The same document against the OpenAPI 3.0 JSON Schema: what the checks above do not say already.
      ['openapi/schema-violation', 'openapi.yaml', 16, 7], // /dupe get: responses: {}
      ['openapi/schema-violation', 'openapi.yaml', 26, 7], // /bad-fields get: responses: {}
      ['openapi/schema-violation', 'openapi.yaml', 33, 7], // /bad-fields put: responses: {}
    ]);
    expect(result.diagnostics[14]?.message).toBe('`/paths/~1dupe/get/responses` is empty; the OpenAPI 3.0 schema requires at least 1 entry in a Responses Object.');
    expect(result.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(result.diagnostics[3]).toMatchObject({
      message: '`operationId` `createThing` is used by more than one operation; it must be unique in `openapi.yaml`.',
      related: [{ file: 'openapi.yaml', pointer: '/paths/~1no-responses/post/operationId', message: 'first used here', line: 12, column: 7 }],
    });
    // Everything that could be read is still indexed.
    const index = result.output.documents[0]?.index;
    expect(index?.operations.map((o) => [o.method, o.path, o.operationId, o.tags, o.xMint])).toEqual([
      ['post', '/no-responses', 'createThing', [], undefined],
      ['get', '/dupe', 'createThing', [], undefined],
      ['get', 'users', undefined, [], undefined],
      ['get', '/bad-fields', undefined, [], undefined],
      ['put', '/bad-fields', undefined, ['ok'], undefined],
    ]);
    expect(result.output.failed).toEqual([]);
  });

  it('reports paths that are not an object and malformed declared tags', async () => {
    const result = await load('structure', { files: ['bad-paths.json'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/wrong-type', 'bad-paths.json', 4, 3],
      ['openapi/wrong-type', 'bad-paths.json', 8, 29],
      ['openapi/wrong-type', 'bad-paths.json', 8, 34],
    ]);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      '`paths` must be an object, but is an array; it is ignored.',
      'Tag 2 must be an object, but is a string; it is ignored.',
      '`name` of tag 3 must be a string, but is missing; it is ignored.',
    ]);
    // 3.1: no responses required; the webhook still renders.
    expect(result.output.documents[0]?.index.webhooks.map((w) => w.path)).toEqual(['ping']);
    expect(result.output.documents[0]?.index.tags).toEqual([{ name: 'a' }]);
  });

  it('reports a document with nothing to render as an error, but keeps it loaded', async () => {
    const result = await load('no-paths', { files: ['empty-30.yaml', 'empty-31.yaml', 'webhooks-only.yaml', 'items-without-operations.yaml'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/no-paths', 'empty-30.yaml', 1, 1],
      ['openapi/no-paths', 'empty-31.yaml', 5, 1],
    ]);
    expect(result.diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ['error', '`empty-30.yaml` defines no paths: it has nothing to render.'],
      ['error', '`empty-31.yaml` defines neither paths nor webhooks: it has nothing to render.'],
    ]);
    expect(result.output.documents.map((d) => [d.index.file, d.index.operations.length + d.index.webhooks.length])).toEqual([
      ['empty-30.yaml', 0],
      ['empty-31.yaml', 0],
      ['items-without-operations.yaml', 0],
      ['webhooks-only.yaml', 1],
    ]);
    expect(result.output.failed).toEqual([]);
  });
});
