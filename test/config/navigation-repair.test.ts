import { describe, expect, it } from 'vitest';
import { childPriority, resolveNavigationChildren } from '../../src/config/navigation-children.js';
import { divisionChildren, navigationPart } from '../../src/config/navigation-part.js';
import { workingCopy } from '../../src/config/working-copy.js';
import { validConfig } from './helpers.js';

describe('workingCopy', () => {
  it('removes keys and array items and maps pointers of the copy back to the original', () => {
    const original = { a: [{ x: 1 }, { x: 2 }, { x: 3 }, { x: 4 }], b: { c: 1, d: 2 } };
    const copy = workingCopy(original);
    expect([copy.remove('/a/1'), copy.remove('/a/1'), copy.remove('/b/c'), copy.remove('/b/zz'), copy.remove('/a/9')]).toEqual([true, true, true, false, false]);
    expect(copy.value).toEqual({ a: [{ x: 1 }, { x: 4 }], b: { d: 2 } });
    expect([copy.original('/a/0/x'), copy.original('/a/1/x'), copy.original('/a/1'), copy.original('/b/d'), copy.original('/a/1/missing/0')]).toEqual([
      '/a/0/x', '/a/3/x', '/a/3', '/b/d', '/a/3/missing/0',
    ]);
    expect(original.a).toHaveLength(4);
  });
});

describe('navigationPart', () => {
  it.each([
    ['config/invalid-value', '/navigation/groups/0/pages/1', '/navigation/groups/0/pages/1'],
    ['config/invalid-value', '/navigation/tabs/0/icon', '/navigation/tabs/0/icon'],
    ['config/invalid-value', '/navigation/tabs/0/icon/style', '/navigation/tabs/0/icon'],
    ['config/invalid-value', '/navigation/tabs/2/tab', '/navigation/tabs/2'],
    ['config/missing-required', '/navigation/tabs/0/groups/3/group', '/navigation/tabs/0/groups/3'],
    ['config/missing-required', '/navigation/global/anchors/0/href', '/navigation/global/anchors/0'],
    ['config/invalid-value', '/navigation/global/anchors/0/href', '/navigation/global/anchors/0'],
    ['config/invalid-value', '/navigation/tabs/0/openapi/1/source', '/navigation/tabs/0/openapi'],
    ['config/invalid-value', '/navigation/directory', '/navigation/directory'],
    ['config/missing-required', '/navigation', undefined],
    ['config/invalid-value', '/colors/primary', undefined],
  ] as const)('%s at %s costs %s', (code, pointer, part) => {
    expect(navigationPart({ code, pointer })).toBe(part);
  });

  it.each([
    ['/navigation/tabs/0/groups/1/group', '/navigation/tabs/0/groups'],
    ['/navigation/tabs/0/anchors/0/icon', '/navigation/tabs/0/anchors'],
    ['/navigation/languages/0/tabs/2/groups/0/pages/1', '/navigation/languages/0/tabs/2/groups'],
    ['/navigation/groups/0/group', undefined],
    ['/navigation/pages/0/pages/1', undefined],
    ['/navigation/tabs/0/icon', undefined],
    ['/navigation/tabs/0/global/anchors/0/href', undefined],
  ] as const)('a problem at %s lies in the division children %s', (pointer, list) => {
    expect(divisionChildren(pointer)).toBe(list);
  });
});

describe('resolveNavigationChildren', () => {
  it('keeps the first kind of children of each element by Mintlify order, a link keeps none, and leaves the input as it is', () => {
    const input = validConfig({
      navigation: {
        tabs: [{ tab: 'T', pages: ['a'], groups: [{ group: 'G', pages: ['b'] }], menu: [{ item: 'M', pages: ['c'] }] }],
        versions: [{ version: 'v1', href: 'https://v1.example.com', pages: ['d'] }],
      },
    });
    const before = structuredClone(input);
    const out = resolveNavigationChildren(input);
    expect(out.config['navigation']).toEqual({ versions: [{ version: 'v1', href: 'https://v1.example.com' }] });
    expect(out.problems.map((p) => [p.code, p.pointer, p.related?.[0]?.pointer])).toEqual([
      ['config/ignored-children', '/navigation/tabs', '/navigation/versions'],
      ['config/ignored-children', '/navigation/versions/0/pages', '/navigation/versions/0/href'],
    ]);
    expect(input).toEqual(before);
  });

  it('has an order for every division kind that lists each child key it accepts once', () => {
    expect(Object.fromEntries(Object.entries(childPriority).map(([kind, keys]) => [kind, keys.length]))).toEqual({
      navigation: 8, tab: 8, anchor: 7, dropdown: 7, version: 7, language: 7, product: 8, menuItem: 8,
    });
  });
});
