import { describe, expect, it } from 'vitest';
import type { LoadedOpenApi } from '../../../src/model/openapi.js';
import { operationDigests } from '../../../src/render/operation/operation-digest.js';

/** A document with two operations: `/pets` uses Pet (and, through a discriminator, Cat by its bare name); `/users` uses User. */
function documentWith(change: (d: Record<string, any>) => void = () => {}): LoadedOpenApi[] {
  const document: Record<string, any> = {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    security: [{ key: [] }],
    paths: {
      '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
      '/users': { $ref: '#/components/pathItems/Users' },
    },
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
      pathItems: { Users: { get: { summary: 'List users', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } } },
      schemas: {
        Pet: { type: 'object', discriminator: { propertyName: 'kind', mapping: { cat: 'Cat' } }, properties: { kind: { type: 'string' } } },
        Cat: { type: 'object', properties: { purrs: { type: 'boolean' } } },
        User: { type: 'object', properties: { name: { type: 'string' } } },
        Unused: { type: 'string' },
      },
    },
  };
  change(document);
  return [{ index: { file: 'openapi.json', version: '3.1.0', converted: false, operations: [], webhooks: [], tags: [] }, document }];
}

const pets = { document: 'openapi.json', method: 'GET', path: '/pets' };
const users = { document: 'openapi.json', method: 'GET', path: '/users' };
const digests = (change?: (d: Record<string, any>) => void) => {
  const of = operationDigests(documentWith(change));
  return { pets: of.of(pets), users: of.of(users) };
};

describe('operationDigests: what an operation page is made from', () => {
  const before = digests();

  it('an unused schema or another operation changed: unchanged', () => {
    expect(digests((d) => (d.components.schemas.Unused.type = 'number'))).toEqual(before);
    expect(digests((d) => (d.paths['/pets'].get.summary = 'All pets')).users).toBe(before.users);
  });

  it('a schema it reaches by $ref, through a path item $ref, or by a discriminator mapping of a bare name: changed', () => {
    expect(digests((d) => (d.components.schemas.Pet.properties.kind.description = 'Kind')).pets).not.toBe(before.pets);
    expect(digests((d) => (d.components.schemas.User.properties.name.maxLength = 9)).users).not.toBe(before.users);
    expect(digests((d) => (d.components.pathItems.Users.get.description = 'Everyone')).users).not.toBe(before.users);
    const cat = digests((d) => (d.components.schemas.Cat.properties.purrs.description = 'Loudly'));
    expect(cat.pets).not.toBe(before.pets);
    expect(cat.users).toBe(before.users);
  });

  it('the security schemes or the top level changed: every operation changed', () => {
    const schemes = digests((d) => (d.components.securitySchemes.key.name = 'X-Api-Key'));
    expect(schemes.pets).not.toBe(before.pets);
    expect(schemes.users).not.toBe(before.users);
    expect(digests((d) => (d.servers = [{ url: 'https://api.example.com' }])).users).not.toBe(before.users);
  });

  it('a cycle of references ends', () => {
    const cyclic = digests((d) => (d.components.schemas.Pet.properties.parent = { $ref: '#/components/schemas/Pet' }));
    expect(cyclic.pets).not.toBe(before.pets);
  });
});
