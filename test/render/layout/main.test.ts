import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { body, config, inputFor } from './fixture.js';
import { expectGolden, extract, hasElement } from './golden.js';

const pager = (html: string): string[] =>
  hasElement(html, '<nav class="sheaf-pager"')
    ? [...extract(html, '<nav class="sheaf-pager"').matchAll(/ href="([^"]*)" data-href="([^"]*)" rel="(prev|next)"/g)].map((m) => `${m[3]} ${m[1]} ${m[2]}`)
    : [];

describe('page header', () => {
  it('shows the innermost group as eyebrow, the title and the description (golden)', () => {
    expectGolden('page-header', extract(renderDocument(inputFor('/quickstart')), '<header class="sheaf-page-header"'));
  });

  it('shows every group above the page with styling.eyebrows: breadcrumbs, groups with a root as links', () => {
    const html = renderDocument(inputFor('/advanced/plugins/writing', { config: { ...config, styling: { eyebrows: 'breadcrumbs' } } }));
    expect(extract(html, '<nav class="sheaf-breadcrumbs')).toBe(
      '<nav aria-label="Breadcrumb" class="sheaf-breadcrumbs"><ol class="breadcrumb-list"><li class="breadcrumb-item"><span>Advanced</span></li><li class="breadcrumb-item"><a href="../../../advanced/plugins/" data-href="/advanced/plugins">Plugins</a></li></ol></nav>',
    );
  });

  it('shows only the innermost group by default', () => {
    const html = renderDocument(inputFor('/advanced/deploy/docker'));
    expect(extract(html, '<nav class="sheaf-breadcrumbs')).toBe('<nav aria-label="Breadcrumb" class="sheaf-breadcrumbs eyebrow"><ol><li><span>Deployment</span></li></ol></nav>');
  });

  it('leaves out the group a page is the root of, and has no breadcrumbs outside the navigation', () => {
    expect(extract(renderDocument(inputFor('/advanced/plugins')), '<nav class="sheaf-breadcrumbs')).toContain('<span>Advanced</span>');
    expect(renderDocument(inputFor('/orphan'))).not.toContain('sheaf-breadcrumbs');
  });

  it('marks deprecated pages', () => {
    expect(renderDocument(inputFor('/api-reference/users/delete-user'))).toContain(
      '<h1 id="page-title" class="sheaf-page-title">Delete user</h1><span class="sheaf-page-badge sheaf-page-badge-deprecated">Deprecated</span>',
    );
    expect(renderDocument(inputFor('/api-reference/users/list-users'))).not.toContain('sheaf-page-badge-deprecated');
  });

  it('escapes titles and descriptions', () => {
    const html = renderDocument(inputFor('/orphan', { page: { route: '/orphan', kind: 'mdx', source: 'o.mdx', title: 'A <b> & "c"', description: '<script>', hidden: true } }));
    expect(html).toContain('<title>A &lt;b> &amp; &quot;c&quot; — Acme</title>');
    expect(html).toContain('<h1 id="page-title" class="sheaf-page-title">A &lt;b> &amp; &quot;c&quot;</h1>');
    expect(html).toContain('<p class="sheaf-page-description">&lt;script></p>');
  });
});

describe('previous and next', () => {
  it('links the neighbours in navigation order, across groups and into nested groups (golden)', () => {
    expectGolden('pager', extract(renderDocument(inputFor('/advanced/config')), '<nav class="sheaf-pager"'));
  });

  it('follows the sidebar order, a group root before its pages, hidden pages skipped', () => {
    expect(pager(renderDocument(inputFor('/')))).toEqual(['next quickstart/ /quickstart']);
    expect(pager(renderDocument(inputFor('/quickstart')))).toEqual(['prev ../ /', 'next ../advanced/config/ /advanced/config']);
    expect(pager(renderDocument(inputFor('/advanced/deploy/kubernetes')))).toEqual(['prev ../../../advanced/deploy/docker/ /advanced/deploy/docker', 'next ../../../advanced/plugins/ /advanced/plugins']);
    expect(pager(renderDocument(inputFor('/advanced/plugins')))).toEqual(['prev ../../advanced/deploy/kubernetes/ /advanced/deploy/kubernetes', 'next ../../advanced/plugins/writing/ /advanced/plugins/writing']);
    expect(pager(renderDocument(inputFor('/advanced/internals')))).toEqual(['prev ../../advanced/plugins/writing/ /advanced/plugins/writing']);
  });

  it('stays within the tab', () => {
    expect(pager(renderDocument(inputFor('/api-reference/users/list-users')))).toEqual(['next ../../../api-reference/users/create-user/ /api-reference/users/create-user']);
  });

  it('shows method badges and page titles', () => {
    const html = extract(renderDocument(inputFor('/api-reference/users/create-user')), '<nav class="sheaf-pager"');
    expect(html).toContain('<span class="sheaf-pager-title pagination-title"><span class="sheaf-method sheaf-method-get">GET</span><span>List users</span></span>');
  });

  it('is absent with hideFooterPagination and on pages outside the navigation', () => {
    expect(renderDocument(inputFor('/quickstart', { frontmatter: { hideFooterPagination: true } }))).not.toContain('sheaf-pager');
    expect(renderDocument(inputFor('/orphan'))).not.toContain('sheaf-pager');
  });
});

describe('right column', () => {
  it('lists ## and ### headings in the table of contents (golden)', () => {
    expectGolden('toc', extract(renderDocument(inputFor('/quickstart')), '<div class="sheaf-rail"'));
  });

  it('has no table of contents without headings', () => {
    expect(renderDocument(inputFor('/quickstart', { body: { ...body, headings: [] } }))).not.toContain('sheaf-toc');
  });

  it('holds the request and response examples instead of the table of contents', () => {
    const html = renderDocument(inputFor('/api-reference/users/list-users', { body: { ...body, aside: '<div class="sheaf-aside">curl</div>' } }));
    expect(extract(html, '<div class="sheaf-rail"')).toBe(
      '<div class="sheaf-rail"><div class="sheaf-rail-inner"><div id="panel" data-sheaf-aside-column="true" class="sheaf-aside-column"><div class="sheaf-aside">curl</div></div></div></div>',
    );
    expect(html).toMatch(/<html [^>]*class="sheaf-mode-default sheaf-theme-mint sheaf-has-aside sheaf-has-tabs"/);
  });
});

describe('footer', () => {
  it('renders the site name, social links and link columns (golden)', () => {
    expectGolden('footer', extract(renderDocument(inputFor('/quickstart')), '<footer class="sheaf-footer'));
  });
});
