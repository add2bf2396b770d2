import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../../src/config/loaded-config.js';
import { defaultFeatures } from '../../../src/deployment/features.js';
import type { NavRoot } from '../../../src/model/site.js';
import { components } from '../../../src/render/components/index.js';
import { MINTLIFY_COMPONENT_CLASSES } from '../../../src/render/components/mintlify-classes.js';
import { LAYOUT_IDS } from '../../../src/render/layout/layout-ids.js';
import { render404 } from '../../../src/render/layout/render-404.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { assets, config, inputFor, navigation, pages } from './fixture.js';

/**
 * Mintlify's documented hooks (mintlify__docs `customize/custom-scripts.mdx`) on the parts of the
 * page they name, beside Sheaf's own classes, so a project's CSS and scripts apply.
 */

const happy = new Window();
afterAll(() => happy.happyDOM.close());
const parse = (html: string): Document => new happy.DOMParser().parseFromString(html, 'text/html') as unknown as Document;

const assistant = { endpoint: 'https://assistant.acme.test/discovery/v1/assistant/docs.acme.test/message', key: 'svc_dsc_public0123' };
const withBanner = { ...config, banner: { content: 'New: v2 is out' } } as DocsConfig;
/** A page with every part: banner, tabs, sidebar, TOC, pager, footer columns, search, Ask AI. */
const full = parse(renderDocument(inputFor('/advanced/deploy/docker', { config: withBanner, assistant })));

/** Mintlify's id → the element Sheaf renders for that part (tag and Sheaf class). */
const ID_PARTS: readonly (readonly [id: string, element: string])[] = [
  ['banner', 'div.sheaf-banner'],
  ['navbar', 'header.sheaf-header'],
  ['search-bar-entry', 'button.sheaf-search-button'],
  ['assistant-entry', 'button.sheaf-assistant-open'],
  ['topbar-cta-button', 'a.sheaf-navbar-primary'],
  ['body-content', 'div.sheaf-shell'],
  ['sidebar', 'aside.sheaf-sidebar'],
  ['sidebar-content', 'div.sheaf-sidebar-inner'],
  ['content-area', 'main.sheaf-main'],
  ['header', 'header.sheaf-page-header'],
  ['page-title', 'h1.sheaf-page-title'],
  ['content', 'div.sheaf-content'],
  ['table-of-contents-layout', 'div.sheaf-rail'],
  ['table-of-contents', 'nav.sheaf-toc'],
  ['table-of-contents-content', 'ul.sheaf-toc-list'],
  ['pagination', 'nav.sheaf-pager'],
  ['footer', 'footer.sheaf-footer'],
  ['search-input', 'input.sheaf-search-input'],
];

/** Mintlify's class → Sheaf's element it is added to, and how many the fixture page has. */
const CLASS_PARTS: readonly (readonly [cls: string, element: string, count: number])[] = [
  ['nav-logo', 'img.sheaf-logo-light, img.sheaf-logo-dark', 2],
  ['navbar-link', 'a.sheaf-navbar-link', 2],
  ['nav-tabs', 'nav.sheaf-section-tabs', 1],
  ['nav-tabs-item', 'a.sheaf-section-tab', 3],
  ['mobile-nav-tabs-item', '.sheaf-sidebar-tabs a.sheaf-anchor', 3],
  ['nav-anchors', 'ul.sheaf-anchors', 1],
  ['nav-anchor', '.sheaf-anchors a.sheaf-anchor', 1],
  ['sidebar-group', '.sheaf-nav-section, .sheaf-nav-group', 5],
  ['sidebar-group-header', '.sheaf-nav-section-title, .sheaf-nav-group-summary', 5],
  ['sidebar-title', '.sheaf-nav-section-title > .sheaf-nav-group-title', 2],
  ['sidebar-group-icon', '.sheaf-nav-section-title > .sheaf-nav-icon', 1],
  ['nav-tag-pill', 'span.sheaf-tag', 1],
  ['eyebrow', 'nav.sheaf-breadcrumbs', 1],
  ['mdx-content', 'div.sheaf-content', 1],
  ['toc', 'ul.sheaf-toc-list', 1],
  ['toc-item', 'li.sheaf-toc-item', 2],
  ['pagination-prev', 'a.sheaf-pager-prev', 1],
  ['pagination-next', 'a.sheaf-pager-next', 1],
  ['pagination-title', 'span.sheaf-pager-title', 2],
  ['footer', 'footer.sheaf-footer', 1],
  ['advanced-footer', 'footer.sheaf-footer', 1],
];

const ids = (doc: Document): string[] => [...doc.querySelectorAll('[id]')].map((e) => e.id);
const describeElement = (e: Element): string => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`;

describe('Mintlify ids on the layout', () => {
  it.each(ID_PARTS)('#%s is on %s', (id, element) => {
    expect(full.querySelectorAll(`#${id}`)).toHaveLength(1);
    expect(full.getElementById(id)?.matches(element)).toBe(true);
  });

  it('gives every id on the page to one element only', () => {
    const all = ids(full);
    expect(all.filter((id, i) => all.indexOf(id) !== i)).toEqual([]);
    expect(all.filter((id) => LAYOUT_IDS.has(id) && !id.startsWith('sheaf-')).sort()).toEqual(ID_PARTS.map(([id]) => id).sort());
  });

  it('puts #panel on the right-hand panel, in the right column or after the content', () => {
    const aside = { ...inputFor('/quickstart').body, aside: '<div class="sheaf-aside">curl</div>' };
    const rail = parse(renderDocument(inputFor('/quickstart', { body: aside })));
    expect(describeElement(rail.getElementById('panel')!)).toBe('div.sheaf-aside-column');
    const center = parse(renderDocument(inputFor('/quickstart', { body: aside, frontmatter: { mode: 'center' } })));
    expect(describeElement(center.getElementById('panel')!)).toBe('div.sheaf-aside-inline');
    expect(full.getElementById('panel')).toBeNull();
  });

  it('puts #localization-select-trigger and -content on the language menu only', () => {
    const languages: NavRoot = {
      type: 'root',
      children: [
        { type: 'language', title: 'en', default: true, children: [{ type: 'group', title: 'Start', children: [{ type: 'page', route: '/quickstart', title: 'Quickstart' }] }] },
        { type: 'language', title: 'fr', children: [{ type: 'group', title: 'Début', children: [{ type: 'page', route: '/advanced/config', title: 'Configuration' }] }] },
      ],
    };
    const doc = parse(renderDocument(inputFor('/quickstart', { navigation: languages })));
    expect(describeElement(doc.getElementById('localization-select-trigger')!)).toBe('summary.sheaf-switcher-button');
    expect([...doc.querySelectorAll('#localization-select-content a')].map((a) => a.textContent)).toEqual(['English', 'Français']);
    expect(full.querySelector('.sheaf-switcher-version [id]')).toBeNull();
  });

  it('names the 404 page’s parts as Mintlify does', () => {
    const doc = parse(render404({ config, navigation, base: '', urlStyle: 'directory', assets, pages, features: defaultFeatures('cloud') }));
    expect(describeElement(doc.querySelector('article')!)).toBe('article.sheaf-article.sheaf-not-found.not-found-container');
    expect(describeElement(doc.getElementById('page-title')!)).toBe('h1.sheaf-page-title.not-found-title');
    expect(doc.querySelectorAll('.not-found-status-code, .not-found-description')).toHaveLength(2);
    expect(doc.documentElement.hasAttribute('data-current-path')).toBe(false);
  });
});

describe('Mintlify classes on the layout', () => {
  it.each(CLASS_PARTS)('.%s is on %s (%i on the page)', (cls, element, count) => {
    const tagged = [...full.querySelectorAll(`.${cls}`)];
    expect(tagged).toHaveLength(count);
    expect(tagged.every((e) => e.matches(element))).toBe(true);
  });

  it('lists every group with styling.eyebrows: breadcrumbs as .breadcrumb-list of .breadcrumb-item', () => {
    const doc = parse(renderDocument(inputFor('/advanced/plugins/writing', { config: { ...config, styling: { eyebrows: 'breadcrumbs' } } })));
    expect(doc.querySelectorAll('ol.breadcrumb-list > li.breadcrumb-item')).toHaveLength(2);
    expect(doc.querySelectorAll('.eyebrow')).toHaveLength(0);
  });

  it('marks sidebar method badges .method-nav-pill, and the theme toggle data-component-name="theme-toggle"', () => {
    const doc = parse(renderDocument(inputFor('/api-reference/users/create-user')));
    expect([...doc.querySelectorAll('#sidebar-content .method-nav-pill')].map((e) => e.textContent)).toEqual(['GET', 'POST', 'DEL']);
    expect(doc.querySelectorAll('#pagination .method-nav-pill')).toHaveLength(0);
    expect(describeElement(doc.querySelector('[data-component-name="theme-toggle"]')!)).toBe('button.sheaf-icon-button.sheaf-theme-toggle');
  });
});

/** A page using every content component Sheaf renders, through the MDX pipeline. */
const EVERY_COMPONENT = [
  'Read [the guide](/guide), <a className="group block" href="/card">a card</a> and <a href="/plain">plain</a>.',
  '<AccordionGroup>\n<Accordion title="One">A</Accordion>\n<Accordion title="Two">B</Accordion>\n</AccordionGroup>',
  '<Note>note</Note>\n\n<Callout icon="star">custom</Callout>',
  '<CardGroup cols={2}>\n<Card title="A" href="/a">a</Card>\n<Card title="B">b</Card>\n</CardGroup>',
  '<Columns cols={2}>\n<Card title="C">c</Card>\n</Columns>',
  '```js one.js\na()\n```',
  '<CodeGroup>\n```js a.js\na()\n```\n```py b.py\nb()\n```\n</CodeGroup>',
  '```mermaid\ngraph TD; A-->B\n```',
  '<ParamField path="id" type="string">\nThe id\n<Expandable title="props">\n<ResponseField name="x" type="string">x</ResponseField>\n</Expandable>\n</ParamField>',
  '<Frame caption="c"><img src="/a.png" /></Frame>',
  'An <Icon icon="flag" /> inline.',
  '<Steps>\n<Step title="S1">1</Step>\n<Step title="S2">2</Step>\n</Steps>',
  '<Tabs>\n<Tab title="T1" icon="leaf">1</Tab>\n<Tab title="T2">2</Tab>\n</Tabs>',
  '<Tile href="/t" title="Tile">x</Tile>',
  'A <Tooltip tip="tip">term</Tooltip>.',
  '<Update label="v1" description="d">u</Update>',
  '<Prompt description="d">p</Prompt>',
  '<Tree>\n<Tree.Folder name="src">\n<Tree.File name="a.ts" />\n</Tree.Folder>\n</Tree>',
  '<Color variant="compact">\n<Color.Item name="x" value="#fff" />\n</Color>',
  '<Color variant="table">\n<Color.Row title="r">\n<Color.Item value="#000" />\n</Color.Row>\n</Color>',
  '<View title="JS">js</View>',
  '<Panel>p</Panel>',
].join('\n\n');

/** Mintlify's class → the element of Sheaf's it is on, and how many the page has. */
const COMPONENT_CLASSES: readonly (readonly [cls: string, element: string, count: number])[] = [
  ['accordion', 'details.sheaf-accordion', 2],
  ['accordion-group', 'div.sheaf-accordion-group', 1],
  ['callout', 'div.sheaf-callout', 2],
  ['card', 'div.sheaf-card', 3],
  ['card-group', 'div.sheaf-columns', 1],
  ['columns', 'div.sheaf-columns', 2],
  ['code-block', 'div', 3],
  ['code-block-copy-button', 'button.copy-button', 4],
  ['code-group', 'div.sheaf-code-group', 1],
  ['expandable', 'details.sheaf-expandable', 1],
  ['field', 'div.sheaf-field', 2],
  ['frame', 'figure.sheaf-frame', 1],
  ['icon', 'span.sheaf-icon', 1],
  ['mermaid', 'pre', 1],
  ['step', 'li.sheaf-step', 2],
  ['steps', 'ol.sheaf-steps', 1],
  ['tab-icon', 'span.sheaf-tabs-icon', 2],
  ['tabs', 'div.sheaf-tabs', 1],
  ['tile', 'a.sheaf-tile', 1],
  ['tooltip', 'span.sheaf-tooltip', 1],
  ['update', 'div.sheaf-update', 1],
  ['prompt', 'div.sheaf-prompt', 1],
  ['tree', 'div.sheaf-tree', 1],
  ['tree-folder', 'li.sheaf-tree-folder', 1],
  ['tree-file', 'li.sheaf-tree-file', 1],
  ['color', 'div.sheaf-color', 2],
  ['color-row', 'tr.sheaf-color-row', 1],
  ['color-item', 'button.sheaf-color-item', 2],
  ['multi-view-item', 'section.sheaf-view', 1],
  ['panel', 'div.sheaf-aside[data-aside="panel"]', 1],
];

describe('Mintlify classes on the content components', () => {
  const rendered = renderMdx({ root: '/nowhere', file: 'page.mdx', source: EVERY_COMPONENT, variables: {}, components, cache: createMdxCache() });
  const page = rendered.then((body) => parse(`<main>${body.html}</main><aside>${body.aside ?? ''}</aside>`));

  it('names every class of mintlify-classes.ts, and only those', () => {
    expect(COMPONENT_CLASSES.map(([cls]) => cls).sort()).toEqual([...MINTLIFY_COMPONENT_CLASSES].sort());
  });

  it.each(COMPONENT_CLASSES)('.%s is on %s (%i on the page)', async (cls, element, count) => {
    const tagged = [...(await page).querySelectorAll(`.${cls}`)];
    expect(tagged).toHaveLength(count);
    expect(tagged.every((e) => e.matches(element))).toBe(true);
  });

  it('gives Markdown’s links the class link, and leaves the anchors an author writes as written', async () => {
    const doc = await page;
    expect([...doc.querySelectorAll('a.link')].map((a) => a.outerHTML)).toEqual(['<a href="/guide" class="link">the guide</a>']);
    expect(doc.querySelector('a[href="/card"]')?.outerHTML).toBe('<a href="/card" class="group block">a card</a>');
    expect(doc.querySelector('a[href="/plain"]')?.outerHTML).toBe('<a href="/plain">plain</a>');
  });

  it('never suggests the map’s `a` (Markdown’s links) for an unknown component', async () => {
    const body = await renderMdx({ root: '/nowhere', file: 'page.mdx', source: '<A>x</A> and <Ab>y</Ab>\n', variables: {}, components, cache: createMdxCache() });
    expect(body.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      // With `a` among the names, `<A>` would be told `a` first (a case-insensitive match).
      ['mdx/unknown-component', 'Unknown component `<A>`: only its content is shown.', 'did you mean `Tab`?'],
      ['mdx/unknown-component', 'Unknown component `<Ab>`: only its content is shown.', 'did you mean `Tab` or `Tabs`?'],
    ]);
  });
});

describe('Mintlify data attributes', () => {
  it('carries the page path on <html data-current-path>, root-absolute without a trailing slash', () => {
    expect(full.documentElement.getAttribute('data-current-path')).toBe('/advanced/deploy/docker');
    expect(parse(renderDocument(inputFor('/'))).documentElement.getAttribute('data-current-path')).toBe('/');
    expect(parse(renderDocument(inputFor('/quickstart'))).documentElement.getAttribute('data-current-path')).toBe('/quickstart');
  });

  it('marks the active tab, the sidebar entry of the page and the groups above it with data-active', () => {
    expect([...full.querySelectorAll('.nav-tabs-item[data-active]')].map((e) => e.textContent)).toEqual(['Guides']);
    expect([...full.querySelectorAll('.mobile-nav-tabs-item[data-active]')].map((e) => e.textContent)).toEqual(['Guides']);
    expect([...full.querySelectorAll('#sidebar-content li[data-active]')].map((e) => e.textContent)).toEqual(['Docker']);
    expect([...full.querySelectorAll('.sidebar-group[data-active]')].map((e) => e.querySelector('.sidebar-group-header')?.textContent)).toEqual(['Advanced', 'DeploymentNEW']);
  });

  it('leaves data-active on the table of contents to the client (none in the markup)', () => {
    expect(full.querySelectorAll('.toc-item[data-active], .toc-item[data-active-deepest]')).toHaveLength(0);
  });
});

describe('headings and elements named like a layout id', () => {
  const render = (source: string) => renderMdx({ root: '/nowhere', file: 'page.mdx', source, variables: {}, components, cache: createMdxCache() });

  it('get a suffix, and the page’s own links to them follow', async () => {
    const body = await render(
      '## Navbar\n\nSee [the navbar](#navbar) and [the footer](#footer).\n\n## Footer\n\n### Footer\n\n## Content\n\n<div id="banner">A</div>\n\n## Banner\n\n## Install\n',
    );
    expect(body.headings.map((h) => h.id)).toEqual(['navbar-1', 'footer-1', 'footer-2', 'content-1', 'banner-2', 'install']);
    expect(body.html).toContain('<a href="#navbar-1" class="link">the navbar</a> and <a href="#footer-1" class="link">the footer</a>');
    expect(body.html).toContain('<div id="banner-1">A</div>');
    expect(body.html).toContain('<a class="heading-anchor" href="#footer-2" aria-label="Link to this section">#</a>');
    const doc = parse(renderDocument(inputFor('/quickstart', { body, config: withBanner })));
    const all = ids(doc);
    expect(all.filter((id, i) => all.indexOf(id) !== i)).toEqual([]);
    expect([...doc.querySelectorAll('#table-of-contents a')].map((a) => a.getAttribute('href'))).toEqual(['#navbar-1', '#footer-1', '#footer-2', '#content-1', '#banner-2', '#install']);
  });

  it('leave a link to a layout part that the page does not hold alone', async () => {
    const body = await render('## Install\n\nBack to [the top](#navbar).\n');
    expect(body.html).toContain('<a href="#navbar" class="link">the top</a>');
  });
});

describe('a navbar link without a label', () => {
  const withLinks = (links: NonNullable<DocsConfig['navbar']>['links']) => ({ ...config, navbar: { links } }) as DocsConfig;
  const navbar = (c: DocsConfig) => parse(renderDocument(inputFor('/quickstart', { config: c }))).querySelector('.sheaf-navbar-links')!;

  it('shows an icon (its own, its site’s brand, else the globe), never its URL', () => {
    const nav = navbar(
      withLinks([
        { href: 'https://github.com/acme/acme', icon: 'star' } as never,
        { href: 'https://www.youtube.com/@acme' } as never,
        { href: 'https://status.acme.test/' } as never,
        { label: ' ', href: 'https://x.com/acme' },
      ]),
    );
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('title'), a.textContent])).toEqual([
      ['github.com', 'github.com', ''],
      ['youtube.com', 'youtube.com', ''],
      ['status.acme.test', 'status.acme.test', ''],
      ['x.com', 'x.com', ''],
    ]);
    expect(links.map((a) => describeElement(a.firstElementChild!))).toEqual(['span.sheaf-navbar-icon', 'svg.sheaf-social-icon', 'svg.sheaf-social-icon', 'svg.sheaf-social-icon']);
    expect(links.every((a) => a.classList.contains('sheaf-navbar-icon-only') && a.classList.contains('navbar-link'))).toBe(true);
    expect(nav.innerHTML).not.toContain('>https://');
  });

  it('names a relative link by its path for assistive technology, with no tooltip', () => {
    const a = navbar(withLinks([{ href: '/changelog' } as never])).querySelector('a')!;
    expect([a.getAttribute('aria-label'), a.hasAttribute('title'), a.textContent]).toEqual(['/changelog', false, '']);
  });

  it('keeps a label when there is one, and GitHub and Discord links their names', () => {
    const nav = navbar(withLinks([{ label: 'Support', href: 'mailto:help@acme.test' }, { type: 'github', href: 'https://github.com/acme' }, { type: 'discord', href: 'https://discord.gg/acme' }]));
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.hasAttribute('aria-label')])).toEqual([
      ['Support', false],
      ['GitHub', false],
      ['Discord', false],
    ]);
  });
});

describe('a group without a name', () => {
  const untitled: NavRoot = {
    type: 'root',
    children: [
      {
        type: 'group',
        title: '',
        children: [
          { type: 'page', route: '/', title: 'Introduction' },
          { type: 'group', title: ' ', children: [{ type: 'page', route: '/quickstart', title: 'Quickstart' }] },
          { type: 'group', title: 'Advanced', children: [{ type: 'page', route: '/advanced/config', title: 'Configuration' }] },
        ],
      },
    ],
  };
  const page = (route: string, c: DocsConfig = config) => parse(renderDocument(inputFor(route, { navigation: untitled, config: c })));

  it('has no heading in the sidebar; a nested one’s pages are listed in place', () => {
    const doc = page('/quickstart');
    expect(doc.querySelectorAll('.sheaf-nav-section-title')).toHaveLength(0);
    expect([...doc.querySelectorAll('#sidebar-content summary')].map((s) => s.textContent)).toEqual(['Advanced']);
    expect(doc.querySelectorAll('.sheaf-nav-section')).toHaveLength(1);
    expect([...doc.querySelectorAll('.sheaf-nav-section > ul > li')].map((li) => li.textContent)).toEqual(['Introduction', 'Quickstart', 'AdvancedConfiguration']);
    expect(doc.querySelector('#sidebar-content li[data-active]')?.textContent).toBe('Quickstart');
  });

  it('has no empty eyebrow or breadcrumb', () => {
    expect(page('/quickstart').querySelector('.sheaf-breadcrumbs')).toBeNull();
    const crumbs = page('/advanced/config', { ...config, styling: { eyebrows: 'breadcrumbs' } });
    expect([...crumbs.querySelectorAll('.breadcrumb-item')].map((li) => li.textContent)).toEqual(['Advanced']);
    expect(page('/advanced/config').querySelector('.eyebrow')?.textContent).toBe('Advanced');
  });
});
