import { describe, expect, it } from 'vitest';
import { fileLink, fixFileLinks, routeHref } from '../../src/client/nav/file-link.js';
import { BANNER_KEY, startMenu } from '../../src/client/nav/mobile-menu.js';
import { currentIndex, decodeFragment, startScrollSpy } from '../../src/client/nav/scroll-spy.js';
import { linkFragment, startSidebarFragments } from '../../src/client/nav/sidebar-fragments.js';
import { startAsideColumn } from '../../src/client/nav/aside-column.js';
import { $, click, key, pages } from './page-window.js';

const page = pages();

describe('links when the site is read from files', () => {
  it('points folder links at their index.html, keeping query and fragment', () => {
    expect(fileLink('guide/', true)).toBe('guide/index.html');
    expect(fileLink('../', true)).toBe('../index.html');
    expect(fileLink('..', true)).toBe('../index.html');
    expect(fileLink('.', true)).toBe('./index.html');
    expect(fileLink('guide/?q=1#top', true)).toBe('guide/index.html?q=1#top');
  });

  it('leaves files, fragments, absolute and scheme URLs, and served sites alone', () => {
    expect(['guide/page.html', '#top', '?q=1', 'https://x.test/a/', '//x.test/a/', 'mailto:a@b.test', ''].map((h) => fileLink(h, true))).toEqual([
      'guide/page.html',
      '#top',
      '?q=1',
      'https://x.test/a/',
      '//x.test/a/',
      'mailto:a@b.test',
      '',
    ]);
    expect(fileLink('guide/', false)).toBe('guide/');
  });

  it('makes a route page-relative under the base', () => {
    expect(routeHref('/api/pets/', '../', false, 'directory')).toBe('../api/pets/');
    expect(routeHref('/', '../', false, 'directory')).toBe('../');
    expect(routeHref('/', '', false, 'directory')).toBe('./');
    expect(routeHref('/api/pets', '../../', true, 'directory')).toBe('../../api/pets/index.html');    // In the html URL style a page is its file, on file:// as elsewhere.
    expect(routeHref('/api/pets/', '../', false, 'html')).toBe('../api/pets.html');
    expect(routeHref('/', '../', false, 'html')).toBe('../index.html');
    expect(routeHref('/api/pets', '../../', true, 'html')).toBe('../../api/pets.html');
  });

  it('rewrites the document’s folder links on file:// only', () => {
    const win = page({ body: '<a href="a/">a</a><a href="b.html">b</a><a href="https://x.test/">x</a>' });
    fixFileLinks(win.document, false);
    expect([...win.document.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['a/', 'b.html', 'https://x.test/']);
    fixFileLinks(win.document, true);
    expect([...win.document.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['a/index.html', 'b.html', 'https://x.test/']);
  });
});

const MENU = `
  <button data-sheaf-menu aria-expanded="false">Menu</button>
  <div data-sheaf-menu-close></div>
  <nav id="sidebar"><a href="../a/">A</a><a href="../b/" class="is-active">B</a></nav>
  <details data-sheaf-switcher id="versions" open><summary>v1</summary><a href="#">v2</a></details>
  <details data-sheaf-switcher id="languages" open><summary>en</summary></details>
  <div data-sheaf-banner="launch-2"><button data-sheaf-banner-dismiss>×</button></div>
  <p id="outside">text</p>`;

describe('the mobile menu, switchers and banner', () => {
  it('opens and closes the menu from its button, focusing the active page', () => {
    const win = page({ body: MENU, width: 800 });
    startMenu(win);
    const root = win.document.documentElement;
    click(win, $(win, '[data-sheaf-menu]'));
    expect(root.classList.contains('sheaf-nav-open')).toBe(true);
    expect($(win, '[data-sheaf-menu]').getAttribute('aria-expanded')).toBe('true');
    expect($(win, '[data-sheaf-menu]').getAttribute('aria-label')).toBe('Close navigation');
    expect(win.document.activeElement).toBe($(win, '#sidebar .is-active'));
    click(win, $(win, '[data-sheaf-menu]'));
    expect(root.classList.contains('sheaf-nav-open')).toBe(false);
    expect($(win, '[data-sheaf-menu]').getAttribute('aria-label')).toBe('Open navigation');
  });

  it('closes the menu on the scrim, on following a sidebar link, and on Escape (focus back on the button)', () => {
    const win = page({ body: MENU, width: 800 });
    startMenu(win);
    const root = win.document.documentElement;
    click(win, $(win, '[data-sheaf-menu]'));
    click(win, $(win, '[data-sheaf-menu-close]'));
    expect(root.classList.contains('sheaf-nav-open')).toBe(false);
    click(win, $(win, '[data-sheaf-menu]'));
    click(win, $(win, '#sidebar a'));
    expect(root.classList.contains('sheaf-nav-open')).toBe(false);
    click(win, $(win, '[data-sheaf-menu]'));
    key(win, win.document.body, 'Escape');
    expect(root.classList.contains('sheaf-nav-open')).toBe(false);
    expect(win.document.activeElement).not.toBe($(win, '#sidebar .is-active'));
  });

  it('closes open switchers on an outside click (not the one clicked in) and on Escape', () => {
    const win = page({ body: MENU });
    startMenu(win);
    click(win, $(win, '#versions a'));
    expect([$(win, '#versions').hasAttribute('open'), $(win, '#languages').hasAttribute('open')]).toEqual([true, false]);
    click(win, $(win, '#outside'));
    expect($(win, '#versions').hasAttribute('open')).toBe(false);
    $(win, '#languages').setAttribute('open', '');
    key(win, win.document.body, 'Escape');
    expect($(win, '#languages').hasAttribute('open')).toBe(false);
    expect(win.document.activeElement).toBe($(win, '#languages summary'));
  });

  it('dismisses the banner, remembering its id', () => {
    const win = page({ body: MENU });
    startMenu(win);
    click(win, $(win, '[data-sheaf-banner-dismiss]'));
    expect(win.document.documentElement.classList.contains('sheaf-banner-dismissed')).toBe(true);
    expect(win.localStorage.getItem(BANNER_KEY)).toBe('launch-2');
  });
});

describe('large sidebars', () => {
  const GROUP = `
    <nav id="sidebar"><details id="g" data-sheaf-nav-fragment="_sheaf/nav/0.js" data-sheaf-nav-index="3">
      <summary>API reference</summary><ul class="sheaf-nav-list"><li><a href="../api/first/">First</a></li></ul>
    </details></nav>`;
  const ENTRY = '<li><a data-route="/api/first">First</a></li><li><a data-route="/api/pets">Pets <img data-sheaf-src="img/pet.svg"></a></li>';

  it('links an inserted fragment relative to the page, marking the current page', () => {
    const win = page({ body: `<ul id="list">${ENTRY}</ul>` });
    linkFragment($(win, '#list'), { base: '../../', route: '/api/pets', fileProtocol: false, style: 'directory' });
    expect([...win.document.querySelectorAll('#list a')].map((a) => [a.getAttribute('href'), a.getAttribute('aria-current'), a.className])).toEqual([
      ['../../api/first/', null, ''],
      ['../../api/pets/', 'page', 'is-active'],
    ]);
    expect($(win, '#list img').getAttribute('src')).toBe('../../img/pet.svg');
  });

  it('loads a fragment script once for the groups waiting on it, then replaces their lists, keeping focus on the same link', () => {
    const win = page({
      root: { 'data-base': '../', 'data-route': '/api/pets' },
      body: `${GROUP}<details id="h" data-sheaf-nav-fragment="_sheaf/nav/0.js" data-sheaf-nav-index="4"><summary>More</summary></details>`,
    });
    // Scripts are held as if still loading; the test says when they load.
    const loading: HTMLScriptElement[] = [];
    win.document.head.appendChild = <T extends Node>(node: T): T => {
      loading.push(node as unknown as HTMLScriptElement);
      return node;
    };
    const fragments = startSidebarFragments(win);
    ($(win, '#g a') as HTMLElement).focus();
    fragments.fillGroup($(win, '#g'));
    fragments.fillGroup($(win, '#g'));
    fragments.fillGroup($(win, '#h'));
    expect(loading.map((s) => s.getAttribute('src'))).toEqual(['../_sheaf/nav/0.js']);
    expect([$(win, '#g').getAttribute('aria-busy'), $(win, '#h').getAttribute('aria-busy')]).toEqual(['true', 'true']);
    win.__SHEAF_NAV__ = { '_sheaf/nav/0.js': { '3': ENTRY, '4': '<li><a data-route="/more">More</a></li>' } };
    (loading[0] as HTMLScriptElement).dispatchEvent(new win.Event('load'));
    expect([$(win, '#g').hasAttribute('aria-busy'), $(win, '#g').hasAttribute('data-sheaf-nav-loaded')]).toEqual([false, true]);
    expect([...win.document.querySelectorAll('#g ul a')].map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['../api/first/', null],
      ['../api/pets/', 'page'],
    ]);
    expect([...win.document.querySelectorAll('#h ul.sheaf-nav-list a')].map((a) => a.getAttribute('href'))).toEqual(['../more/']);
    expect(win.document.activeElement?.getAttribute('href')).toBe('../api/first/');
  });

  it('fills a group at once when its fragment is already there, and on the toggle event', () => {
    const win = page({ root: { 'data-base': '../' }, body: GROUP });
    startSidebarFragments(win);
    win.__SHEAF_NAV__ = { '_sheaf/nav/0.js': { '3': ENTRY } };
    const details = $(win, '#g') as HTMLDetailsElement;
    details.open = true;
    details.dispatchEvent(new win.Event('toggle'));
    expect(details.querySelectorAll('ul a').length).toBe(2);
    expect(win.document.head.querySelectorAll('script').length).toBe(0);
  });

  it('keeps the first-page link when the fragment fails to load, and tries again on the next open', () => {
    const win = page({ root: { 'data-base': '../' }, body: GROUP, scriptFiles: 'error' });
    const fragments = startSidebarFragments(win);
    const details = $(win, '#g');
    fragments.fillGroup(details);
    expect(win.document.head.querySelectorAll('script').length).toBe(0);
    expect(details.hasAttribute('aria-busy')).toBe(false);
    expect(details.hasAttribute('data-sheaf-nav-loaded')).toBe(false);
    expect([...details.querySelectorAll('ul a')].map((a) => a.getAttribute('href'))).toEqual(['../api/first/']);
    win.__SHEAF_NAV__ = { '_sheaf/nav/0.js': { '3': ENTRY } };
    fragments.fillGroup(details);
    expect(details.querySelectorAll('ul a').length).toBe(2);
  });
});

describe('the table of contents scroll spy', () => {
  it('picks the last heading at or above the line, else the first', () => {
    expect(currentIndex([-300, -20, 80, 400], 88)).toBe(2);
    expect(currentIndex([120, 400], 88)).toBe(0);
    expect(currentIndex([-50, 500], 88)).toBe(0);
    expect(decodeFragment('caf%C3%A9')).toBe('café');
    expect(decodeFragment('100%')).toBe('100%');
  });

  it('marks the link of the section in view', () => {
    const win = page({
      body: `<header class="sheaf-header"></header><h2 id="one">One</h2><h2 id="caf%C3%A9-x">Café</h2><h2 id="three">Three</h2>
        <nav><a data-sheaf-toc-link href="#one">One</a><a data-sheaf-toc-link href="#caf%C3%A9-x">Café</a><a data-sheaf-toc-link href="#missing">?</a><a data-sheaf-toc-link href="#three">Three</a></nav>`,
    });
    const tops: Record<string, number> = { one: -200, 'caf%C3%A9-x': 10, three: 600 };
    for (const [id, top] of Object.entries(tops)) {
      win.document.getElementById(id)!.getBoundingClientRect = () => ({ top, bottom: top + 30, left: 0, right: 0, width: 0, height: 30, x: 0, y: top, toJSON: () => ({}) });
    }
    Object.defineProperty(win.document.documentElement, 'scrollHeight', { value: 5000 });
    startScrollSpy(win);
    const active = () => [...win.document.querySelectorAll('[data-sheaf-toc-link].is-active')].map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]);
    expect(active()).toEqual([['#caf%C3%A9-x', 'location']]);
  });
});

describe('examples in the right column', () => {
  const BODY = '<main class="sheaf-content"><p>a</p><div class="sheaf-aside" id="x">example</div><p>b</p></main><aside data-sheaf-aside-column></aside>';

  it('moves the asides into the column on wide screens', () => {
    const win = page({ body: BODY, width: 1400 });
    startAsideColumn(win);
    expect($(win, '#x').parentElement?.hasAttribute('data-sheaf-aside-column')).toBe(true);
    expect(win.document.documentElement.classList.contains('sheaf-has-aside')).toBe(true);
  });

  it('leaves them in place below 1280 px', () => {
    const win = page({ body: BODY, width: 1200 });
    startAsideColumn(win);
    expect($(win, '#x').parentElement?.className).toBe('sheaf-content');
    expect($(win, '#x').previousSibling?.nodeType).toBe(8);
    expect(win.document.documentElement.classList.contains('sheaf-has-aside')).toBe(false);
  });
});
