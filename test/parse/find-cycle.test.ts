import { describe, expect, it } from 'vitest';
import { findCycle } from '../../src/parse/find-cycle.js';

describe('findCycle', () => {
  it('finds none in scalars, trees and values with shared, acyclic subtrees', () => {
    expect(findCycle(1)).toBeUndefined();
    expect(findCycle(null)).toBeUndefined();
    expect(findCycle({ a: [1, { b: 'x' }], c: {} })).toBeUndefined();
    const shared = { s: [1, 2] };
    expect(findCycle({ a: shared, b: [shared, shared], c: { d: shared } })).toBeUndefined();
  });

  it('names the member that is its own ancestor and the path to that ancestor', () => {
    const item: Record<string, unknown> = { get: { responses: {} } };
    const root = { openapi: '3.0.3', paths: { '/a': item } };
    (item.get as { responses: Record<string, unknown> }).responses['200'] = { 'x-loop': item };
    const cycle = findCycle(root);
    expect(cycle).toEqual({ path: ['paths', '/a', 'get', 'responses', '200', 'x-loop'], target: ['paths', '/a'], node: item });
  });

  it('gives array indexes as keys, and the root as an empty target', () => {
    const root: Record<string, unknown> = { list: [1, {}] };
    (root.list as unknown[])[1] = { up: root };
    expect(findCycle(root)).toMatchObject({ path: ['list', '1', 'up'], target: [] });
  });

  it('finds a cycle reached only through a subtree already seen elsewhere', () => {
    const inner: Record<string, unknown> = {};
    inner.self = inner;
    expect(findCycle({ a: { x: 1 }, b: [inner] })).toMatchObject({ path: ['b', '0', 'self'], target: ['b', '0'] });
  });
});
