import { describe, expect, it } from 'vitest';
import { createLocator } from '../../src/diagnostics/positions.js';

// Positions pinned against what `yaml`'s parseDocument gave for the same pointers (the locator
// it replaced): the key of a mapping member, the content of a sequence item past its `&anchor`
// or `!tag`, the first key of a name written twice.
const TEXT = [
  '# leading comment', //                 1
  '---', //                               2
  'a: &anc', //                           3
  '  b: 1', //                            4
  '  c: [1, 2, {d: 3}]', //               5
  'e: *anc', //                           6
  '? f', //                               7
  ': g', //                               8
  'h:', //                                9
  'i:', //                                10
  '  - # comment', //                     11
  '    j: 1', //                          12
  '  - &x k', //                          13
  '  - !!str 12', //                      14
  '  - [x: 1, y]', //                     15
  '"q": \'r\'', //                        16
  'dup: 1', //                            17
  'dup: 2', //                            18
  'n: {o, p: 1}', //                      19
  '&k2 u: v', //                          20
  '',
].join('\n');

describe('YAML locator (js-yaml outline)', () => {
  const locate = createLocator(TEXT, 'yaml');
  it.each([
    ['', 3, 1],
    ['/a', 3, 1],
    ['/a/b', 4, 3],
    ['/a/c/2/d', 5, 14],
    ['/a/c/1', 5, 10],
    ['/e', 6, 1],
    ['/e/b', 6, 1], //   through an alias: stays at its key
    ['/f', 7, 3],
    ['/h', 9, 1],
    ['/i/0/j', 12, 5],
    ['/i/0', 12, 5], //  past the comment
    ['/i/1', 13, 8], //  past `&x`
    ['/i/2', 14, 11], // past `!!str`
    ['/i/3/1', 15, 12], // after a single-pair `x: 1`
    ['/q', 16, 1],
    ['/dup', 17, 1], //  the first of two
    ['/n/o', 19, 5], //  a flow-mapping key without a value
    ['/n/p', 19, 8],
    ['/u', 20, 5], //    past the key's anchor
    ['/a/missing', 3, 1],
    ['/nothing', 3, 1],
  ])('%s is at %i:%i', (pointer, line, column) => {
    expect(locate(pointer)).toEqual({ line, column });
  });

  it('locates nothing in a text js-yaml refuses', () => {
    expect(createLocator('a: [1,\n', 'yaml')('/a')).toBeUndefined();
  });
});
