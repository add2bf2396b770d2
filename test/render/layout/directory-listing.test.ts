import { describe, expect, it } from 'vitest';
import type { NavGroupNode, NavNode, NavRoot } from '../../../src/model/site.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { inputFor } from './fixture.js';
import { expectGolden, extract, hasElement } from './golden.js';

const page = (route: string, title: string, extra: Partial<NavNode> = {}): NavNode => ({ type: 'page', route, title, ...extra }) as NavNode;

/** A group rooted at /advanced/config listing the fixture's pages: a self entry, a group without root, one with, an API page and a hidden page. */
function navigation(directory: NavGroupNode['directory']): NavRoot {
  const group: NavGroupNode = {
    type: 'group',
    title: 'Advanced',
    root: '/advanced/config',
    ...(directory ? { directory } : {}),
    children: [
      page('/advanced/config', 'Configuration'),
      page('/quickstart', 'Quickstart'),
      { type: 'group', title: 'Deployment', children: [page('/advanced/deploy/docker', 'Docker'), page('/advanced/deploy/kubernetes', 'Kubernetes')] },
      { type: 'group', title: 'Plugins', root: '/advanced/plugins', children: [page('/advanced/plugins/writing', 'Writing plugins')] },
      { type: 'group', title: '', children: [page('/advanced/internals', 'Internals')] },
      page('/api-reference/users/list-users', 'List users', { method: 'GET' }),
      page('/secret/one', 'Secret one', { hidden: true }),
      { type: 'group', title: 'Empty', children: [page('/orphan', 'Orphan', { hidden: true })] },
    ],
  };
  return { type: 'root', children: [{ type: 'group', title: 'Start', children: [page('/', 'Introduction')] }, group] };
}

const render = (directory: NavGroupNode['directory'], route = '/advanced/config'): string => renderDocument(inputFor(route, { navigation: navigation(directory) }));
const listing = (html: string): string => extract(html, '<nav class="sheaf-directory"');

describe('navigation.directory on the group root page', () => {
  it('card: a card per child in navigation order, after the content (golden)', () => {
    const html = render('card');
    expectGolden('directory-card', listing(html));
    expect(html).toMatch(/<div id="content" class="sheaf-content mdx-content">[\s\S]*?<\/div><nav data-directory="card" aria-label="Advanced" class="sheaf-directory">/);
    // Titles and descriptions come from the pages; a group links to its root, else its first page.
    const cards = [...listing(html).matchAll(/<a href="([^"]*)" data-href="[^"]*"( data-group)? class="sheaf-directory-card">[\s\S]*?<span class="sheaf-directory-card-text">([^<]*)<\/span>[\s\S]*?(?:<span class="sheaf-directory-card-description">([^<]*)<\/span>)?<\/a>/g)].map(
      (m) => [m[3], m[1], m[2] ? 'group' : 'page', m[4] ?? ''].join(' | '),
    );
    expect(cards).toEqual([
      'Quickstart | ../../quickstart/ | page | Start in five minutes.',
      'Deployment | ../../advanced/deploy/docker/ | group | 2 pages',
      'Plugins | ../../advanced/plugins/ | group | 2 pages',
      'Internals | ../../advanced/internals/ | page | ',
      'List users | ../../api-reference/users/list-users/ | page | ',
    ]);
    expect(listing(html)).toContain('<span class="sheaf-method sheaf-method-get">GET</span>');
  });

  it('accordion: pages as rows, each titled group a closed section with its count (golden)', () => {
    const html = listing(render('accordion'));
    expectGolden('directory-accordion', html);
    expect([...html.matchAll(/<span class="sheaf-directory-section-title">([^<]*)<\/span><span class="sheaf-directory-count">(\d+)<\/span>/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      'Deployment 2',
      'Plugins 2',
    ]);
    expect(html.match(/<details class="sheaf-directory-section">/g)).toHaveLength(2);
    expect(html).not.toContain('<details open');
    // The root page of a nested group leads its section.
    expect(html).toContain('<div class="sheaf-directory-section-body"><ul class="sheaf-directory-list"><li><a href="../../advanced/plugins/" data-href="/advanced/plugins" class="sheaf-directory-row"><span class="sheaf-directory-row-title"><span>Plugins</span>');
  });

  it('leaves out the page itself, hidden pages and groups with nothing visible', () => {
    for (const mode of ['card', 'accordion'] as const) {
      const html = listing(render(mode));
      expect(html).not.toContain('data-href="/advanced/config"');
      expect(html).not.toContain('/secret/one');
      expect(html).not.toContain('Empty');
      expect(html).not.toContain('/orphan');
    }
  });

  it('shows nothing without a directory mode, and nothing on the group’s other pages', () => {
    expect(hasElement(render(undefined), '<nav class="sheaf-directory"')).toBe(false);
    expect(hasElement(render('card', '/quickstart'), '<nav class="sheaf-directory"')).toBe(false);
    expect(hasElement(render('card', '/advanced/internals'), '<nav class="sheaf-directory"')).toBe(false);
  });

  it('is not drawn in custom and frame modes, which have no article', () => {
    for (const mode of ['custom', 'frame']) {
      const html = renderDocument(inputFor('/advanced/config', { navigation: navigation('card'), frontmatter: { mode } }));
      expect(hasElement(html, '<nav class="sheaf-directory"'), mode).toBe(false);
    }
  });
});
