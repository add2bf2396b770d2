import { describe, expect, it } from 'vitest';
import { scaleDocument } from '../../bench/scale-document.js';

describe('scaleDocument', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          security: [{ key: [] }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Pet: { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner/properties/name' } } },
        Owner: { type: 'object', properties: { name: { type: 'string' } } },
      },
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    },
  };

  it('copies paths, operation ids and components, rewriting references to the copy', () => {
    const scaled = scaleDocument(doc, 3) as typeof doc & { paths: Record<string, { get: { operationId: string; responses: unknown } }> };
    expect(Object.keys(scaled.paths)).toEqual(['/pets/{id}', '/x2/pets/{id}', '/x3/pets/{id}']);
    expect(scaled.paths['/x3/pets/{id}']?.get.operationId).toBe('getPet-x3');
    expect(JSON.stringify(scaled.paths['/x2/pets/{id}']?.get.responses)).toContain('"#/components/schemas/Pet__x2"');
    expect(Object.keys(scaled.components.schemas)).toEqual(['Pet', 'Owner', 'Pet__x2', 'Owner__x2', 'Pet__x3', 'Owner__x3']);
    expect((scaled.components.schemas as Record<string, unknown>)['Pet__x3']).toEqual({
      type: 'object',
      properties: { owner: { $ref: '#/components/schemas/Owner__x3/properties/name' } },
    });
    expect(Object.keys(scaled.components.securitySchemes)).toEqual(['key']);
  });

  it('leaves the first copy as it was', () => {
    const scaled = scaleDocument(doc, 1);
    expect(scaled).toEqual(doc);
  });
});
