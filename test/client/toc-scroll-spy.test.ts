import { describe, expect, it } from 'vitest';
import { activationLine, startScrollSpy } from '../../src/client/nav/scroll-spy.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import { $, click, key, pages } from './page-window.js';

const page = pages();

/**
 * A page whose last headings cannot reach the line under the header: the viewport is 768 px
 * (happy-dom's), the header ends at 112 px (line at 136 px), the page is 3,600 px tall, so it
 * scrolls 2,832 px at most; `five` (a `###` under `four`) stops 418 px from the top of the
 * viewport, `four` 168 px. Headings' document positions in px.
 */
const POSITIONS: Readonly<Record<string, number>> = { one: 200, two: 1500, three: 2600, four: 3000, five: 3250 };
const MAX_SCROLL = 3600 - 768;

const TOC = `<nav class="sheaf-toc" id="table-of-contents"><ul class="sheaf-toc-list toc" id="table-of-contents-content">
  <li class="sheaf-toc-item sheaf-toc-depth-2 toc-item"><a href="#one" data-sheaf-toc-link>One</a></li>
  <li class="sheaf-toc-item sheaf-toc-depth-2 toc-item"><a href="#two" data-sheaf-toc-link>Two</a></li>
  <li class="sheaf-toc-item sheaf-toc-depth-2 toc-item"><a href="#three" data-sheaf-toc-link>Three</a></li>
  <li class="sheaf-toc-item sheaf-toc-depth-2 toc-item"><a href="#four" data-sheaf-toc-link>Four</a></li>
  <li class="sheaf-toc-item sheaf-toc-depth-3 toc-item"><a href="#five" data-sheaf-toc-link>Five</a></li>
</ul></nav>`;

interface Scrolled {
  readonly win: BrowserWindow;
  /** Scrolls the page to `y` px and lets the spy's frame run. */
  readonly scrollTo: (y: number) => Promise<void>;
}

const rect = (top: number, height: number): DOMRect =>
  ({ top, bottom: top + height, left: 0, right: 0, width: 0, height, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;

const frame = (win: BrowserWindow): Promise<void> => new Promise((resolve) => win.requestAnimationFrame(() => resolve()));

/** The page at scroll position `start`, spy started; layout read from POSITIONS. */
function scrolledPage(start: number, url?: string): Scrolled {
  const headings = Object.keys(POSITIONS)
    .map((id) => `<h${id === 'five' ? 3 : 2} id="${id}">${id}</h${id === 'five' ? 3 : 2}>`)
    .join('');
  const win = page({ body: `<header class="sheaf-header"></header><main>${headings}</main>${TOC}`, ...(url ? { url } : {}) });
  let y = start;
  const root = win.document.documentElement;
  Object.defineProperty(root, 'scrollHeight', { configurable: true, get: () => 3600 });
  Object.defineProperty(root, 'scrollTop', { configurable: true, get: () => y });
  $(win, '.sheaf-header').getBoundingClientRect = () => rect(0, 112);
  for (const [id, at] of Object.entries(POSITIONS)) win.document.getElementById(id)!.getBoundingClientRect = () => rect(at - y, 30);
  startScrollSpy(win);
  return {
    win,
    scrollTo: async (to) => {
      y = to;
      win.dispatchEvent(new win.Event('scroll'));
      await frame(win);
    },
  };
}

/** The active link's target, and every entry's data-active / data-active-deepest, in list order. */
function state(win: BrowserWindow): { active: string[]; marks: string[] } {
  const active = [...win.document.querySelectorAll('[data-sheaf-toc-link].is-active')].map((a) => `${a.getAttribute('href')} ${a.getAttribute('aria-current')}`);
  const marks = [...win.document.querySelectorAll('.toc-item')].map((li) => {
    const id = li.querySelector('a')!.getAttribute('href')!.slice(1);
    return `${id}:${li.hasAttribute('data-active') ? 'active' : '-'}${li.hasAttribute('data-active-deepest') ? '+deepest' : ''}`;
  });
  return { active, marks };
}

/**
 * Clicks the table-of-contents link to `href` and waits for the browser's `hashchange` (queued
 * after the click; none when the fragment is already `href`), as a reader's next input comes after it.
 */
async function follow(spy: Scrolled, href: string): Promise<void> {
  const changed = spy.win.location.hash === href ? Promise.resolve() : new Promise((resolve) => spy.win.addEventListener('hashchange', resolve, { once: true }));
  click(spy.win, $(spy.win, `a[href="${href}"]`));
  await changed;
}

const activeAt = async (spy: Scrolled, y: number): Promise<string> => {
  await spy.scrollTo(y);
  return state(spy.win).active.join(',');
};

describe('the line where a heading counts as reached', () => {
  it('stays 24 px under the header until one viewport-minus-line of scrolling remains', () => {
    expect(activationLine(136, 900, 5000)).toBe(136);
    expect(activationLine(136, 900, 764)).toBe(136);
  });

  it('then moves down with the scrolling, to the bottom of the viewport at the end of the page', () => {
    expect(activationLine(136, 900, 382)).toBe(518);
    expect(activationLine(136, 900, 191)).toBe(709);
    expect(activationLine(136, 900, 0)).toBe(900);
    // Within 2 px of the end counts as the end (zoomed layouts round scroll positions).
    expect(activationLine(136, 900, 2)).toBe(900);
    expect(activationLine(136, 900, 3)).toBe(136 + 764 * (1 - 3 / 764));
  });

  it('stays put when the header fills the viewport', () => {
    expect(activationLine(500, 400, 0)).toBe(500);
  });
});

describe('the table of contents near the end of a page', () => {
  it('activates the last headings in turn as the page scrolls down, the last one at the bottom', async () => {
    const spy = scrolledPage(0);
    expect(state(spy.win).active).toEqual(['#one location']);
    expect(await activeAt(spy, 100)).toBe('#one location');
    expect(await activeAt(spy, 1400)).toBe('#two location');
    // 332 px left: the line is at 436 px; three at 100 px, four at 500 px.
    expect(await activeAt(spy, 2500)).toBe('#three location');
    // 232 px left: the line is at 536 px and four (400 px) has passed it. The line 24 px under the
    // header alone kept three, whose section shows only at the top of the screen, to the end.
    expect(await activeAt(spy, 2600)).toBe('#four location');
    expect(await activeAt(spy, 2700)).toBe('#five location');
    expect(await activeAt(spy, MAX_SCROLL)).toBe('#five location');
    // Back up: the same headings in reverse order.
    expect(await activeAt(spy, 2600)).toBe('#four location');
    expect(await activeAt(spy, 2500)).toBe('#three location');
  });

  it('marks the entry with data-active and data-active-deepest, and the ## above a ### with data-active', async () => {
    const spy = scrolledPage(2600);
    expect(state(spy.win).marks).toEqual(['one:-', 'two:-', 'three:-', 'four:active+deepest', 'five:-']);
    await spy.scrollTo(MAX_SCROLL);
    expect(state(spy.win).marks).toEqual(['one:-', 'two:-', 'three:-', 'four:active', 'five:active+deepest']);
    await spy.scrollTo(100);
    expect(state(spy.win).marks).toEqual(['one:active+deepest', 'two:-', 'three:-', 'four:-', 'five:-']);
  });

  it('keeps a heading reached by its link active at the bottom, until the reader scrolls by hand', async () => {
    const spy = scrolledPage(MAX_SCROLL);
    expect(state(spy.win).active).toEqual(['#five location']);
    // The browser cannot bring four to the top: it stays where it is, 168 px down.
    await follow(spy, '#four');
    expect(state(spy.win).active).toEqual(['#four location']);
    expect(await activeAt(spy, MAX_SCROLL)).toBe('#four location');
    expect(await activeAt(spy, MAX_SCROLL - 40)).toBe('#four location');
    spy.win.dispatchEvent(new spy.win.WheelEvent('wheel', { deltaY: 40 }));
    await frame(spy.win);
    expect(state(spy.win).active).toEqual(['#five location']);
    expect(state(spy.win).marks).toEqual(['one:-', 'two:-', 'three:-', 'four:active', 'five:active+deepest']);
  });

  it('lets go of a held heading on a scrolling key, or once it has left the viewport (the scrollbar)', async () => {
    const spy = scrolledPage(MAX_SCROLL);
    await follow(spy, '#four');
    key(spy.win, spy.win.document.body, 'Tab');
    expect(await activeAt(spy, MAX_SCROLL)).toBe('#four location');
    key(spy.win, spy.win.document.body, 'End');
    await frame(spy.win);
    expect(state(spy.win).active).toEqual(['#five location']);

    await follow(spy, '#four');
    expect(await activeAt(spy, MAX_SCROLL)).toBe('#four location');
    // Dragged up until four is below the viewport (1,000 px down): two's section is in view.
    expect(await activeAt(spy, 2000)).toBe('#two location');
  });

  it('holds a heading on its way into view: a link followed from the top of the page', async () => {
    const spy = scrolledPage(0);
    await follow(spy, '#four');
    expect(await activeAt(spy, 1400)).toBe('#four location');
    expect(await activeAt(spy, MAX_SCROLL)).toBe('#four location');
  });

  it('holds the heading of the page’s fragment on arrival', () => {
    const spy = scrolledPage(MAX_SCROLL, 'https://docs.example.com/guide/#four');
    expect(state(spy.win).active).toEqual(['#four location']);
  });
});
