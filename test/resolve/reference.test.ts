import { describe, expect, it } from 'vitest';
import { findOperation, matchDocuments, nearest, nearestOperations } from '../../src/openapi/match.js';
import { formatReference, parseReference } from '../../src/openapi/reference.js';
import { index, op } from './builders.js';


describe('parseReference', () => {
  it('reads METHOD path and file METHOD path', () => {
    expect(parseReference('GET /users', 'navigation')).toEqual({ method: 'get', path: '/users' });
    expect(parseReference('  /specs/a.json   POST /x ', 'navigation')).toEqual({ file: 'specs/a.json', method: 'post', path: '/x' });
    expect(parseReference('./a.yaml DELETE /x/{id}', 'frontmatter')).toEqual({ file: 'a.yaml', method: 'delete', path: '/x/{id}' });
  });
  it('reads webhooks in any case', () => {
    expect(parseReference('webhook orderUpdated', 'navigation')).toEqual({ method: 'webhook', path: 'orderUpdated' });
    expect(parseReference('hooks.yaml Webhook a', 'navigation')).toEqual({ file: 'hooks.yaml', method: 'webhook', path: 'a' });
  });
  it('is case-sensitive about methods in navigation only', () => {
    expect(parseReference('get /users', 'navigation')).toBeUndefined();
    expect(parseReference('Get /users', 'navigation')).toBeUndefined();
    expect(parseReference('get /users', 'frontmatter')).toEqual({ method: 'get', path: '/users' });
  });
  it('leaves file paths and other strings alone', () => {
    expect(parseReference('guides/intro', 'navigation')).toBeUndefined();
    expect(parseReference('Fetch /users', 'navigation')).toBeUndefined();
    expect(parseReference('fetch /users', 'frontmatter')).toBeUndefined();
    expect(parseReference('GET users', 'navigation')).toBeUndefined();
    expect(parseReference('a b c d', 'navigation')).toBeUndefined();
  });
  it('reads OpenAPI 3.2 methods: QUERY like the others, any other uppercase method token (additionalOperations)', () => {
    expect(parseReference('QUERY /search', 'navigation')).toEqual({ method: 'query', path: '/search' });
    expect(parseReference('query /search', 'frontmatter')).toEqual({ method: 'query', path: '/search' });
    expect(parseReference('query /search', 'navigation')).toBeUndefined();
    expect(parseReference('a.yaml LINK /things/{id}', 'navigation')).toEqual({ file: 'a.yaml', method: 'link', path: '/things/{id}' });
    expect(parseReference('M-SEARCH /x', 'frontmatter')).toEqual({ method: 'm-search', path: '/x' });
    expect(parseReference('FETCH /users', 'navigation')).toEqual({ method: 'fetch', path: '/users' });
    expect(parseReference('L(NK /x', 'navigation')).toBeUndefined();
    expect(parseReference('123 /x', 'navigation')).toBeUndefined();
  });
  it('formats back the way navigation writes it', () => {
    expect(formatReference({ file: 'a.json', method: 'get', path: '/x' })).toBe('a.json GET /x');
    expect(formatReference({ method: 'webhook', path: 'w' })).toBe('webhook w');
  });
});

describe('findOperation', () => {
  const doc = index('a.yaml', [op('get', '/users'), op('get', '/users/'), op('get', '/orders/'), op('post', '/Users')], [op('post', 'hook')]);
  it('prefers the exact path, then ignores one trailing slash either way', () => {
    expect(findOperation(doc, { method: 'get', path: '/users' })?.path).toBe('/users');
    expect(findOperation(doc, { method: 'get', path: '/users/' })?.path).toBe('/users/');
    expect(findOperation(doc, { method: 'get', path: '/orders' })?.path).toBe('/orders/');
  });
  it('is case-sensitive about paths and exact about methods', () => {
    expect(findOperation(doc, { method: 'post', path: '/users' })).toBeUndefined();
    expect(findOperation(doc, { method: 'put', path: '/users' })).toBeUndefined();
  });
  it('finds webhooks by name', () => {
    expect(findOperation(doc, { method: 'webhook', path: 'hook' })?.path).toBe('hook');
    expect(findOperation(doc, { method: 'webhook', path: 'nope' })).toBeUndefined();
  });
});

describe('matchDocuments', () => {
  const docs = [{ file: 'api/v1-openapi.json' }, { file: 'es/api/v1-openapi.json' }, { file: 'other.yaml' }];
  it('matches by exact location first', () => {
    expect(matchDocuments('/es/api/v1-openapi.json', docs).map((d) => d.file)).toEqual(['es/api/v1-openapi.json']);
  });
  it('matches a location without extension', () => {
    expect(matchDocuments('api/v1-openapi', docs).map((d) => d.file)).toEqual(['api/v1-openapi.json']);
  });
  it('matches by file name, with or without extension, every folder', () => {
    expect(matchDocuments('v1-openapi.json', docs).map((d) => d.file)).toEqual(['api/v1-openapi.json', 'es/api/v1-openapi.json']);
    expect(matchDocuments('v1-openapi', docs).map((d) => d.file)).toEqual(['api/v1-openapi.json', 'es/api/v1-openapi.json']);
  });
  it('falls back to a substring of the location, else nothing', () => {
    expect(matchDocuments('ther', docs).map((d) => d.file)).toEqual(['other.yaml']);
    expect(matchDocuments('missing.json', docs)).toEqual([]);
  });
});

describe('nearest', () => {
  it('lists close candidates, closest first, and nothing for far ones', () => {
    expect(nearest('GET /user/{id}', ['POST /users/{id}', 'GET /users/{id}', 'DELETE /orders/{orderId}/items'])).toEqual([
      'GET /users/{id}',
    ]);
    expect(nearest('PUT /users', ['POST /users', 'GET /users', 'GET /orders'])).toEqual(['GET /users', 'POST /users']);
    expect(nearest('zzzzzzzzzzzz', ['GET /users/{id}'])).toEqual([]);
  });
  it('suggests operations of the documents, never excluded ones', () => {
    const doc = index('a.yaml', [op('get', '/users/{userId}'), { ...op('get', '/users/{uid}'), excluded: true }]);
    expect(nearestOperations({ method: 'get', path: '/users/{id}' }, [doc])).toEqual(['GET /users/{userId}']);
  });
});
