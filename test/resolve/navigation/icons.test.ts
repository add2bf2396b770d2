import { describe, expect, it } from 'vitest';
import { readNavigationTree } from '../../../src/resolve/navigation/read-navigation-tree.js';
import { validNavigation } from './run-navigation.js';

describe('navigation icons in either form docs.json allows (read-navigation-tree.ts)', () => {
  it('reads a name from a string and from an object ({ name, style }); blank names are no icon', () => {
    const tree = readNavigationTree(
      validNavigation({
        tabs: [
          {
            tab: 'Guides',
            icon: { name: 'book-open', style: 'regular' },
            groups: [
              { group: 'Object form', icon: { name: 'microchip-ai', style: 'regular' }, pages: [] },
              { group: 'String form', icon: 'bolt', pages: [] },
              { group: 'Blank', icon: '  ', pages: [] },
            ],
          },
        ],
      }),
      new Map(),
    );
    const [tab] = tree.children;
    expect(tab).toMatchObject({ kind: 'division', title: 'Guides', icon: 'book-open' });
    const groups = tab?.kind === 'division' ? tab.children : [];
    expect(groups.map((g) => [g.kind === 'group' ? g.title : '', g.kind === 'group' ? g.icon : 'not a group'])).toEqual([
      ['Object form', 'microchip-ai'],
      ['String form', 'bolt'],
      ['Blank', undefined],
    ]);
  });
});
