/**
 * Table-of-contents scroll spy: of the [data-sheaf-toc-link] links (href="#id"), the one whose
 * section is in view gets class is-active and aria-current="location"; its `li` gets Mintlify's
 * `data-active` and `data-active-deepest`, and the `##` entry above a `###` one `data-active`
 * too (`toc-item[data-active]` in a project's CSS).
 *
 * A section is in view from when its heading passes the line 24 px under the sticky header. Near
 * the end of a page the last headings may never reach that line (the page stops scrolling first):
 * over the last stretch of scrolling the line moves down to the bottom of the viewport
 * (`activationLine`), so each of those headings becomes active in turn as the reader scrolls
 * down, and at the bottom the last one is. A heading reached through a table-of-contents link or
 * the page's `#fragment` stays active (at the end of a page the browser cannot bring it to the
 * top, and the heading chosen is the one meant) until the reader scrolls by hand (wheel, touch,
 * scrolling keys) or it leaves the viewport after having come into it (the scrollbar).
 */
import { closest, type BrowserWindow } from '../shared/browser-window.js';

/** Pixels under the header's bottom edge where a heading counts as reached. */
const LINE_OFFSET_PX = 24;
/** Pixels from the bottom of the page that count as the bottom (rounding of zoomed layouts). */
const BOTTOM_SLACK_PX = 2;
/** Keys that scroll the page: pressing one ends the hold of a heading reached by a link. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

interface Item {
  readonly link: Element;
  readonly heading: Element;
  /** The `li` of the entry (Mintlify's `toc-item`), when the link is in one. */
  readonly entry: Element | null;
  /** The `##` entry above a `###` one: active with it. */
  readonly parent: Element | null;
}

/** An id from a fragment, percent-decoded when it is valid percent-encoding. */
export function decodeFragment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The item in view: the last whose heading's top is at or above `line`, the first when none is.
 * `tops` are the headings' tops in document order (those after the first one below the line may
 * be left out).
 */
export function currentIndex(tops: readonly number[], line: number): number {
  let next = 0;
  for (let i = 0; i < tops.length; i++) {
    if ((tops[i] as number) <= line) next = i;
    else break;
  }
  return next;
}

/**
 * Where a heading counts as reached, in pixels from the top of the viewport: `top` (24 px under
 * the header) while more than one viewport-minus-`top` of scrolling remains; over that last
 * stretch it moves down in step with the scrolling, to `viewport` (the bottom edge) when
 * `remaining` is 0. A heading whose top is `t` px from the top of the viewport at the end of the
 * page is so reached when `(viewport − t) / 2` px of scrolling remain: the last headings take
 * turns in document order, each for half the length of its section.
 */
export function activationLine(top: number, viewport: number, remaining: number): number {
  const stretch = viewport - top;
  if (stretch <= 0 || remaining >= stretch) return top;
  const left = remaining <= BOTTOM_SLACK_PX ? 0 : remaining;
  return top + stretch * (1 - left / stretch);
}

/** The `li` of a `###` entry's `##`: the closest earlier `li.sheaf-toc-depth-2` in the list. */
function parentEntry(entry: Element | null): Element | null {
  if (!entry || !entry.classList.contains('sheaf-toc-depth-3')) return null;
  for (let at = entry.previousElementSibling; at; at = at.previousElementSibling) {
    if (at.classList.contains('sheaf-toc-depth-2')) return at;
  }
  return null;
}

export function startScrollSpy(win: BrowserWindow): void {
  const doc = win.document;
  const links = doc.querySelectorAll('[data-sheaf-toc-link]');
  if (!links.length) return;
  const items: Item[] = [];
  links.forEach((link) => {
    const raw = (link.getAttribute('href') || '').slice(1);
    const heading = raw && (doc.getElementById(raw) || doc.getElementById(decodeFragment(raw)));
    const entry = link.closest('li');
    if (heading) items.push({ link, heading, entry, parent: parentEntry(entry) });
  });
  if (!items.length) return;
  let current: Item | null = null;
  /** The item reached by a link, active until the reader scrolls by hand; `seen` once in the viewport. */
  let held: { readonly item: Item; seen: boolean } | null = null;
  let pending = false;

  const headerBottom = (): number => {
    const header = doc.querySelector('.sheaf-header');
    return header ? header.getBoundingClientRect().bottom : 0;
  };

  const show = (next: Item): void => {
    if (next === current) return;
    if (current) {
      current.link.classList.remove('is-active');
      current.link.removeAttribute('aria-current');
      current.entry?.removeAttribute('data-active');
      current.entry?.removeAttribute('data-active-deepest');
      current.parent?.removeAttribute('data-active');
    }
    current = next;
    current.link.classList.add('is-active');
    current.link.setAttribute('aria-current', 'location');
    current.entry?.setAttribute('data-active', '');
    current.entry?.setAttribute('data-active-deepest', '');
    current.parent?.setAttribute('data-active', '');
  };

  const update = (): void => {
    pending = false;
    if (held) {
      const { top } = held.item.heading.getBoundingClientRect();
      const visible = top >= 0 && top < win.innerHeight;
      if (visible) held.seen = true;
      if (visible || !held.seen) return show(held.item);
      held = null;
    }
    const scroller = doc.scrollingElement || doc.documentElement;
    const remaining = Math.max(0, scroller.scrollHeight - win.innerHeight - scroller.scrollTop);
    const line = activationLine(headerBottom() + LINE_OFFSET_PX, win.innerHeight, remaining);
    // Headings are measured only up to the first one below the line.
    const tops: number[] = [];
    for (const item of items) {
      const top = item.heading.getBoundingClientRect().top;
      tops.push(top);
      if (top > line) break;
    }
    show(items[currentIndex(tops, line)] as Item);
  };

  const schedule = (): void => {
    if (pending) return;
    pending = true;
    win.requestAnimationFrame(update);
  };

  /** Holds the item of the page's fragment, if it names one of the headings. */
  const holdFragment = (): void => {
    const id = decodeFragment(win.location.hash.slice(1));
    const item = id ? items.find((i) => i.heading.id === id) : undefined;
    if (item) hold(item);
  };

  const hold = (item: Item): void => {
    held = { item, seen: false };
    show(item);
  };

  const release = (): void => {
    if (!held) return;
    held = null;
    schedule();
  };

  doc.addEventListener('click', (event) => {
    const link = closest(event.target, '[data-sheaf-toc-link]');
    const item = link ? items.find((i) => i.link === link) : undefined;
    if (item) hold(item);
  });
  win.addEventListener('hashchange', holdFragment);
  win.addEventListener('wheel', release, { passive: true });
  win.addEventListener('touchmove', release, { passive: true });
  win.addEventListener('keydown', (event) => {
    if (SCROLL_KEYS.has(event.key)) release();
  });
  win.addEventListener('scroll', schedule, { passive: true });
  win.addEventListener('resize', schedule, { passive: true });
  update();
  holdFragment();
}
