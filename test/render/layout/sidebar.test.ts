import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { inputFor } from './fixture.js';
import { expectGolden, extract } from './golden.js';

const sidebar = (route: string): string => extract(renderDocument(inputFor(route)), '<aside class="sheaf-sidebar"');
const openGroups = (html: string): string[] =>
  [...html.matchAll(/<details( open)?(?: data-active)? class="sheaf-nav-group sidebar-group"><summary[^>]*>(?:<span class="sheaf-nav-group-title">|<a [^>]*>)([^<]*)/g)].map(
    (m) => `${m[2]}${m[1] ? ' (open)' : ''}`,
  );
const active = (html: string): string[] => [...html.matchAll(/<a href="([^"]*)" data-href="([^"]*)" aria-current="page" class="[^"]*is-active[^"]*"/g)].map((m) => `${m[1]} ${m[2]}`);

describe('sidebar', () => {
  it('shows the version switcher, tabs (small screens), anchors and the tree of the active tab (golden)', () => {
    expectGolden('sidebar-nested-page', sidebar('/advanced/deploy/docker'));
  });

  it('highlights the active page and opens its groups; other nested groups stay closed unless expanded', () => {
    const html = sidebar('/advanced/deploy/docker');
    expect(active(html)).toEqual(['../../../advanced/deploy/docker/ /advanced/deploy/docker']);
    expect(openGroups(html)).toEqual(['Deployment (open)', 'Plugins (open)', 'Internals']);
    expect(openGroups(sidebar('/advanced/internals'))).toEqual(['Deployment', 'Plugins (open)', 'Internals (open)']);
  });

  it('highlights a group whose root is the page', () => {
    const html = sidebar('/advanced/plugins');
    expect(html).toContain('<a href="../../advanced/plugins/" data-href="/advanced/plugins" aria-current="page" class="sheaf-nav-group-link is-active">Plugins</a>');
  });

  it('shows method badges on API pages and strikes deprecated ones (golden)', () => {
    const html = sidebar('/api-reference/users/create-user');
    expectGolden('sidebar-api', extract(html, '<nav class="sheaf-nav"'));
    expect(html).toContain('<span class="sheaf-method sheaf-method-get method-nav-pill">GET</span>');
    expect(html).toContain('<span class="sheaf-method sheaf-method-delete method-nav-pill">DEL</span>');
    expect(html).toContain('<a href="../../../api-reference/users/delete-user/" data-href="/api-reference/users/delete-user" class="sheaf-nav-link is-deprecated">');
  });

  it('switches versions to the first page of each, the current one marked', () => {
    const v1 = extract(sidebar('/quickstart'), '<details class="sheaf-switcher');
    expect(v1).toContain('aria-label="Version: v1"');
    expect(v1).toContain('<a href="../" data-href="/" aria-current="true" class="sheaf-switcher-option is-active"><span>v1</span></a>');
    expect(v1).toContain('<a href="../v2/intro/" data-href="/v2/intro" class="sheaf-switcher-option"><span>v2</span></a>');
    const v2 = sidebar('/v2/intro');
    expect(v2).toContain('aria-label="Version: v2"');
    expect(v2).toContain('<a href="../../" data-href="/" class="sheaf-switcher-option"><span>v1</span></a>');
    expect(active(v2)).toEqual(['../../v2/intro/ /v2/intro']);
    expect(v2).not.toContain('Quickstart');
  });

  it('shows a page outside the navigation with the default divisions and nothing active', () => {
    const html = sidebar('/orphan');
    expect(active(html)).toEqual([]);
    expect(html).toContain('aria-label="Version: v1"');
    expect(html).toContain('Quickstart');
  });

  it('renders global anchors as links on top', () => {
    expect(sidebar('/')).toContain(
      '<ul class="sheaf-anchors nav-anchors"><li><a href="https://community.acme.test" class="sheaf-anchor nav-anchor"><span class="sheaf-anchor-icon"><span aria-hidden="true" class="sheaf-nav-icon"><img src="https://acme.test/community.svg" alt loading="lazy" decoding="async"/></span></span><span>Community</span></a></li></ul>',
    );
  });

  it('renders library icons through the components\' icon slot', () => {
    expect(sidebar('/')).toMatch(/<span data-icon="rocket" data-icon-library="fontawesome" aria-hidden="true" class="sheaf-nav-icon sidebar-group-icon"><svg /);
  });
});
