import { describe, expect, it } from 'vitest';
import type { NavNode } from '../../../src/model/site.js';
import { elementScope, ROOT_SCOPE } from '../../../src/resolve/navigation/inheritance.js';
import { mdx, runNavigation } from './run-navigation.js';

/** Every group of a tree as `title: directory` (`-` when unset), depth first. */
const directories = (nodes: readonly NavNode[]): string[] =>
  nodes.flatMap((n) => (n.type === 'page' ? [] : [...(n.type === 'group' ? [`${n.title}: ${n.directory ?? '-'}`] : []), ...directories(n.children)]));

const pages = ['help/index', 'help/faq', 'help/start/index', 'help/start/one', 'help/api/index', 'help/api/one', 'guides/index', 'guides/one', 'plain/one'].map((p) =>
  mdx(p),
);

describe('navigation.directory (Mintlify organize/navigation.mdx "Directory listings")', () => {
  it("an element's own directory replaces the inherited one; none leaves it as is", () => {
    const card = elementScope(ROOT_SCOPE, false, { type: 'tab', title: 'T' }, 'card');
    expect(card.directory).toBe('card');
    expect(elementScope(card, false).directory).toBe('card');
    expect(elementScope(card, false, undefined, 'none').directory).toBe('none');
    expect(elementScope(ROOT_SCOPE, false).directory).toBeUndefined();
  });

  it("follows the documented example: inherited by a nested group, overridden by `none`", () => {
    const result = runNavigation(
      {
        groups: [
          {
            group: 'Help Center',
            root: 'help/index',
            directory: 'accordion',
            pages: [
              'help/faq',
              { group: 'Getting Started', root: 'help/start/index', pages: ['help/start/one'] },
              { group: 'API Reference', root: 'help/api/index', directory: 'none', pages: ['help/api/one'] },
            ],
          },
        ],
      },
      { pages },
    );
    expect(result.diagnostics).toEqual([]);
    expect(directories(result.children)).toEqual(['Help Center: accordion', 'Getting Started: accordion', 'API Reference: -']);
  });

  it('is inherited from the navigation root and from divisions (tab, anchor, dropdown, version, language)', () => {
    const root = runNavigation({ directory: 'card', groups: [{ group: 'G', root: 'guides/index', pages: ['guides/one'] }] }, { pages });
    expect(directories(root.children)).toEqual(['G: card']);
    const divisions = runNavigation(
      {
        tabs: [
          { tab: 'Cards', directory: 'card', groups: [{ group: 'In tab', root: 'guides/index', pages: ['guides/one'] }] },
          {
            tab: 'Others',
            anchors: [
              {
                anchor: 'A',
                directory: 'accordion',
                dropdowns: [{ dropdown: 'D', directory: 'card', groups: [{ group: 'In dropdown', root: 'help/index', pages: ['help/faq'] }] }],
              },
            ],
          },
          {
            tab: 'Versions',
            versions: [{ version: 'v1', directory: 'accordion', languages: [{ language: 'en', groups: [{ group: 'In language', root: 'help/start/index', pages: ['help/start/one'] }] }] }],
          },
        ],
      },
      { pages },
    );
    expect(divisions.diagnostics).toEqual([]);
    expect(directories(divisions.children)).toEqual(['In tab: card', 'In dropdown: card', 'In language: accordion']);
  });

  it('only affects groups with a root page (documented Note); a root of another group does not inherit from a sibling', () => {
    const result = runNavigation(
      {
        groups: [
          { group: 'No root', directory: 'card', pages: ['plain/one', { group: 'Nested root', root: 'guides/index', pages: ['guides/one'] }] },
          { group: 'Sibling', root: 'help/index', pages: ['help/faq'] },
        ],
      },
      { pages },
    );
    expect(directories(result.children)).toEqual(['No root: -', 'Nested root: card', 'Sibling: -']);
  });

  it('is unset everywhere when docs.json has no directory (Mintlify default `none`)', () => {
    const result = runNavigation({ groups: [{ group: 'G', root: 'guides/index', pages: ['guides/one'] }] }, { pages });
    expect(directories(result.children)).toEqual(['G: -']);
    expect(JSON.stringify(result.children)).not.toContain('directory');
  });
});
