import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { body, inputFor } from './fixture.js';
import { expectGolden, extract, hasElement, openingTagAt } from './golden.js';

const ROUTE = '/advanced/config';
const shell = (mode: string, extra = {}): string => renderDocument(inputFor(ROUTE, { frontmatter: { mode }, ...extra }));
const parts = (html: string) => ({
  htmlClass: /<html [^>]*class="([^"]*)"/.exec(html)?.[1],
  sidebar: hasElement(html, '<aside class="sheaf-sidebar"'),
  title: html.includes('<h1 id="page-title" class="sheaf-page-title">'),
  toc: hasElement(html, '<nav class="sheaf-toc"'),
  rail: hasElement(html, '<div class="sheaf-rail"'),
  pager: hasElement(html, '<nav class="sheaf-pager"'),
  footer: hasElement(html, '<footer class="sheaf-footer'),
  header: hasElement(html, '<header class="sheaf-header"'),
});

describe('page modes', () => {
  it.each(['default', 'wide', 'center', 'custom', 'frame'])('lays out a %s page (golden)', (mode) => {
    const html = shell(mode);
    expectGolden(`mode-${mode}`, html.slice(openingTagAt(html, '<div class="sheaf-shell"'), openingTagAt(html, '<div class="sheaf-scrim"')));
  });

  it('default: sidebar, title, table of contents, pager and footer', () => {
    expect(parts(shell('default'))).toEqual({ htmlClass: 'sheaf-mode-default sheaf-theme-mint sheaf-has-tabs', sidebar: true, title: true, toc: true, rail: true, pager: true, footer: true, header: true });
  });

  it('wide: no table of contents', () => {
    expect(parts(shell('wide'))).toEqual({ htmlClass: 'sheaf-mode-wide sheaf-theme-mint sheaf-has-tabs', sidebar: true, title: true, toc: false, rail: true, pager: true, footer: true, header: true });
  });

  it('center: no right column; the sidebar is rendered for small screens, hidden beside the content by CSS', () => {
    expect(parts(shell('center'))).toEqual({ htmlClass: 'sheaf-mode-center sheaf-theme-mint sheaf-has-tabs', sidebar: true, title: true, toc: false, rail: false, pager: true, footer: true, header: true });
  });

  it('custom: the header and the body alone, full width', () => {
    const html = shell('custom');
    expect(parts(html)).toEqual({ htmlClass: 'sheaf-mode-custom sheaf-theme-mint sheaf-has-tabs', sidebar: true, title: false, toc: false, rail: false, pager: false, footer: false, header: true });
    expect(extract(html, '<main')).toBe(`<main id="content-area" tabindex="-1" class="sheaf-main"><div id="content" class="sheaf-content sheaf-content-full mdx-content">${body.html}</div></main>`);
  });

  it('frame: the header, the sidebar and the body full width', () => {
    expect(parts(shell('frame'))).toEqual({ htmlClass: 'sheaf-mode-frame sheaf-theme-mint sheaf-has-tabs', sidebar: true, title: false, toc: false, rail: false, pager: false, footer: false, header: true });
  });

  it('keeps examples of a page without a right column after its content', () => {
    const html = shell('center', { body: { ...body, aside: '<div class="sheaf-aside">curl</div>' } });
    expect(html).toContain('</div><div id="panel" class="sheaf-aside-inline"><div class="sheaf-aside">curl</div></div></article>');
    expect(html).not.toContain('sheaf-has-aside');
  });

  it('treats an unknown mode as default', () => {
    expect(parts(shell('assistant')).htmlClass).toBe('sheaf-mode-default sheaf-theme-mint sheaf-has-tabs');
  });
});
