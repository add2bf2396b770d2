import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { channelPointers, excerptDocument, MAX_EXCERPT_CHARS, operationPointers, specSection } from '../../src/render/spec-excerpt.js';

/** An OpenAPI document with a shared path parameter, refs through refs, a cycle, a mid-path ref and an unused schema. */
const doc = () => ({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  security: [{ key: [] }],
  paths: {
    '/pets/{id}': {
      parameters: [{ $ref: '#/components/parameters/Id' }],
      get: { operationId: 'getPet', security: [{ oauth: [] }], responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } },
      delete: { operationId: 'deletePet', responses: { '204': { description: 'gone' } } },
    },
    '/other': { get: { responses: { '200': { description: 'x' } } } },
  },
  components: {
    parameters: { Id: { name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Alias/properties/id' } } },
    schemas: {
      Pet: { type: 'object', properties: { id: { type: 'string' }, parent: { $ref: '#/components/schemas/Pet' }, owner: { $ref: '#/components/schemas/Owner' } } },
      Owner: { type: 'object', properties: { name: { type: 'string' } } },
      Alias: { $ref: '#/components/schemas/Pet' },
      Unused: { type: 'string' },
    },
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, oauth: { type: 'oauth2', flows: {} }, other: { type: 'http', scheme: 'basic' } },
  },
});

describe('the specification excerpt of an API page', () => {
  it('holds the operation, its path item parameters, what their $refs reach, and the schemes used; nothing else', () => {
    const document = doc();
    const before = JSON.stringify(document);
    const out = excerptDocument(document, operationPointers('/paths/~1pets~1{id}/get'))?.excerpt;
    expect(JSON.stringify(document)).toBe(before);
    expect(out).toEqual({
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      servers: [{ url: 'https://api.example.test' }],
      security: [{ key: [] }],
      paths: { '/pets/{id}': { get: document.paths['/pets/{id}'].get, parameters: document.paths['/pets/{id}'].parameters } },
      components: {
        parameters: { Id: document.components.parameters.Id },
        schemas: { Pet: document.components.schemas.Pet, Owner: document.components.schemas.Owner, Alias: document.components.schemas.Alias },
        securitySchemes: { key: document.components.securitySchemes.key, oauth: document.components.securitySchemes.oauth },
      },
    });
  });

  it('is a fenced YAML section that parses back to the excerpt', () => {
    const document = doc();
    const section = specSection(document, operationPointers('/paths/~1pets~1{id}/delete')) as string;
    expect(section.split('\n').slice(0, 3)).toEqual(['## OpenAPI specification', '', '```yaml']);
    expect(yaml.load(section.split('\n').slice(3, -1).join('\n'))).toEqual(excerptDocument(document, operationPointers('/paths/~1pets~1{id}/delete'))?.excerpt);
    expect(section.endsWith('\n```')).toBe(true);
  });

  it('uses a longer fence than any backtick run of the document', () => {
    const document = doc();
    document.paths['/other'].get = { description: 'Use ```` fences', responses: { '200': { description: 'x' } } } as never;
    const section = specSection(document, operationPointers('/paths/~1other/get')) as string;
    expect(section.split('\n')[2]).toBe('`````yaml');
  });

  it('keeps the operation alone, said in a comment, when what its $refs reach is over the limit', () => {
    const document = doc();
    document.components.schemas.Owner = { type: 'object', description: 'x'.repeat(MAX_EXCERPT_CHARS), properties: {} } as never;
    const body = (specSection(document, operationPointers('/paths/~1pets~1{id}/get')) as string).split('\n').slice(3, -1);
    expect(body[0]).toBe("# What this endpoint's $refs reach is left out (over 100,000 characters).");
    expect(Object.keys(yaml.load(body.join('\n')) as object)).toEqual(['openapi', 'info', 'servers', 'security', 'paths']);
  });

  it('is undefined when the pointers reach nothing', () => {
    expect(specSection(doc(), operationPointers('/paths/~1missing/get'))).toBeUndefined();
    expect(specSection('not a document', ['/paths/~1a/get'])).toBeUndefined();
  });

  it('an AsyncAPI channel page: the channel, the operations on it, their messages; titled AsyncAPI', () => {
    const document = {
      asyncapi: '3.0.0',
      info: { title: 'Chat', version: '1' },
      channels: { 'room/{id}': { address: 'rooms/{id}', messages: { said: { $ref: '#/components/messages/Said' } } }, other: { address: 'x' } },
      operations: { send: { action: 'send', channel: { $ref: '#/channels/room~1{id}' } }, elsewhere: { action: 'receive', channel: { $ref: '#/channels/other' } } },
      components: { messages: { Said: { payload: { type: 'string' } }, Unused: { payload: {} } } },
    };
    expect(channelPointers(document, 'room/{id}')).toEqual(['/channels/room~1{id}', '/operations/send']);
    const section = specSection(document, channelPointers(document, 'room/{id}')) as string;
    expect(section.split('\n')[0]).toBe('## AsyncAPI specification');
    expect(yaml.load(section.split('\n').slice(3, -1).join('\n'))).toEqual({
      asyncapi: '3.0.0',
      info: { title: 'Chat', version: '1' },
      channels: { 'room/{id}': document.channels['room/{id}'] },
      operations: { send: document.operations.send },
      components: { messages: { Said: { payload: { type: 'string' } } } },
    });
  });
});
