import { describe, expect, it } from 'vitest';
import { codes, load, located } from './helpers.js';
import { loadText } from './temp-project.js';

describe('loadOpenApi: versions and Swagger 2.0', () => {
  it('reports unsupported versions (3.3, a YAML number, Swagger 1.2) and skips those documents', async () => {
    const result = await load('unsupported-version', { named: ['v33.yaml', 'numeric.yaml', 'swagger12.json'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/unsupported-version', 'numeric.yaml', 4, 1],
      ['openapi/unsupported-version', 'swagger12.json', 2, 3],
      ['openapi/unsupported-version', 'v33.yaml', 1, 1],
    ]);
    expect(result.diagnostics.map((d) => d.hint)).toEqual([
      'Write the full version as a string, e.g. `openapi: "3.1.0"`: an unquoted YAML `3.0` is the number 3.',
      'Swagger 2.0 is the only version before OpenAPI 3.',
      'Use OpenAPI 3.0.x, 3.1.x or 3.2.x.',
    ]);
    expect(result.output).toEqual({ documents: [], failed: ['numeric.yaml', 'swagger12.json', 'v33.yaml'] });
  });

  it('accepts 3.0.x and 3.1.x without a version diagnostic', async () => {
    const result = await load('unsupported-version', { named: ['ok.yaml'] });
    expect(result.diagnostics).toEqual([]);
    expect(result.output.documents.map((d) => d.index.version)).toEqual(['3.0.3']);
  });

  it('converts Swagger 2.0 with a warning that lists what did not convert exactly', async () => {
    const result = await load('swagger2', { named: ['swagger.yaml'] });
    expect(result.diagnostics).toEqual([
      {
        code: 'openapi/swagger2-converted',
        severity: 'warning',
        message:
          '`swagger.yaml` is Swagger 2.0; it was converted to OpenAPI 3.0 in memory. 1 part could not be converted exactly (see the related locations). Convert the file to silence this.',
        file: 'swagger.yaml',
        line: 1,
        column: 1,
        pointer: '/swagger',
        hint: 'Mintlify does not support Swagger 2.0; run `npx swagger2openapi` on the file and commit the result.',
        related: [
          {
            file: 'swagger.yaml',
            pointer: '/paths/~1pets/get/parameters/0',
            message: 'collectionFormat:ssv is no longer supported except for in:query parameters',
            line: 15,
            column: 11,
          },
        ],
      },
    ]);
    const document = result.output.documents[0]?.document;
    expect(document?.openapi).toBe('3.0.0');
    expect(JSON.stringify(document)).not.toContain('x-s2o-warning');
    expect(JSON.stringify(document)).toContain('"$ref":"#/components/schemas/Pet"');
  });

  it('reports a Swagger 2.0 document the converter rejects, and skips it, with what the 2.0 schema says', async () => {
    const result = await load('swagger2', { named: ['bad-info.json'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/conversion-failed', 'bad-info.json', 2, 3],
      ['openapi/schema-violation', 'bad-info.json', 3, 3],
    ]);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      '`bad-info.json` is Swagger 2.0 and could not be converted to OpenAPI 3.0: info must be an object',
      '`/info` must be object, not a string.',
    ]);
    expect(result.output).toEqual({ documents: [], failed: ['bad-info.json'] });
  });

  it('converts a Swagger 2.0 document with a broken $ref, reported at its source position', async () => {
    const result = await load('swagger2', { named: ['broken-ref.yaml'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/ref-not-found', 'broken-ref.yaml', 12, 13],
      ['openapi/swagger2-converted', 'broken-ref.yaml', 1, 1],
    ]);
    expect(result.output.failed).toEqual([]);
    expect(result.output.documents[0]?.index.operations.map((o) => o.pointer)).toEqual(['/paths/~1pets/get']);
  });

  it('refuses a Swagger 2.0 document that converting makes hold itself (a parameter description `$ref` that is not a string), at the key of that description', async () => {
    // swagger2openapi inlines a parameter's `description: {$ref}`; a `$ref` that is not a string names the whole document.
    const swagger = (ref: string) => `swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, type: string, description: {$ref: ${ref}}}\n      responses: {'200': {description: ok}}\n`;
    const numeric = await loadText('swagger.yaml', { 'swagger.yaml': swagger('1') });
    expect(located(numeric.diagnostics)).toEqual([
      ['openapi/swagger2-converted', 'swagger.yaml', 1, 1],
      ['openapi/contains-itself', 'swagger.yaml', 7, 46],
    ]);
    expect(numeric.diagnostics[1]?.message).toBe(
      '`swagger.yaml` contains itself once converted from Swagger 2.0: the whole document would hold itself at `/paths/~1a/get/parameters/0/description` (written `{"$ref":1}`); the file is skipped.',
    );
    expect(numeric.output).toEqual({ documents: [], failed: ['swagger.yaml'] });
    const object = await loadText('swagger.yaml', { 'swagger.yaml': swagger('{a: 1}') });
    expect(object.diagnostics[1]?.message).toBe(
      '`swagger.yaml` contains itself once converted from Swagger 2.0: the whole document would hold itself at `/paths/~1a/get/parameters/0/description` (written `{"$ref":{…}}`); the file is skipped.',
    );
    expect(object.diagnostics[1]?.hint).toBe(
      'The conversion inlines a parameter `description` or `type` given as a `$ref`, and a `$ref` that is not a string as the whole document: write the value itself, or a `$ref` as a JSON pointer string (`#/x-texts/term`).',
    );
    // A `$ref` that is a JSON pointer string is inlined as the value it names: no cycle.
    const outside = await loadText('swagger.yaml', { 'swagger.yaml': swagger("'#/info/title'") });
    expect(codes(outside.diagnostics)).not.toContain('openapi/contains-itself');
    expect(outside.output.failed).toEqual([]);
    expect(outside.output.documents[0]?.document.paths).toMatchObject({ '/a': { get: { parameters: [{ name: 'q', description: 'T' }] } } });
  });

  it('does not warn about conversion for OpenAPI 3 documents', async () => {
    expect(codes((await load('index-order', { named: ['openapi.yaml'] })).diagnostics)).toEqual([]);
  });
});
