/**
 * Table-of-contents scroll spy: of the [data-sheaf-toc-link] links (href="#id"), the one whose
 * section is in view gets class is-active and aria-current="location". A section is in view from
 * when its heading passes 24 px under the sticky header; at the bottom of the page the last one is.
 */
import type { BrowserWindow } from '../shared/browser-window.js';

/** Pixels under the header's bottom edge where a heading counts as reached. */
const LINE_OFFSET_PX = 24;
/** Pixels from the bottom of the page that count as the bottom (rounding of zoomed layouts). */
const BOTTOM_SLACK_PX = 2;

interface Item {
  readonly link: Element;
  readonly heading: Element;
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

export function startScrollSpy(win: BrowserWindow): void {
  const doc = win.document;
  const links = doc.querySelectorAll('[data-sheaf-toc-link]');
  if (!links.length) return;
  const items: Item[] = [];
  links.forEach((link) => {
    const raw = (link.getAttribute('href') || '').slice(1);
    const heading = raw && (doc.getElementById(raw) || doc.getElementById(decodeFragment(raw)));
    if (heading) items.push({ link, heading });
  });
  if (!items.length) return;
  let current: Item | null = null;
  let pending = false;

  const offset = (): number => {
    const header = doc.querySelector('.sheaf-header');
    return (header ? header.getBoundingClientRect().bottom : 0) + LINE_OFFSET_PX;
  };

  const update = (): void => {
    pending = false;
    // Headings are measured only up to the first one below the line.
    const line = offset();
    const tops: number[] = [];
    for (const item of items) {
      const top = item.heading.getBoundingClientRect().top;
      tops.push(top);
      if (top > line) break;
    }
    const scroller = doc.scrollingElement || doc.documentElement;
    const atBottom = scroller.scrollTop + win.innerHeight >= scroller.scrollHeight - BOTTOM_SLACK_PX;
    const next = items[atBottom ? items.length - 1 : currentIndex(tops, line)] as Item;
    if (next === current) return;
    if (current) {
      current.link.classList.remove('is-active');
      current.link.removeAttribute('aria-current');
    }
    current = next;
    current.link.classList.add('is-active');
    current.link.setAttribute('aria-current', 'location');
  };

  const schedule = (): void => {
    if (pending) return;
    pending = true;
    win.requestAnimationFrame(update);
  };

  win.addEventListener('scroll', schedule, { passive: true });
  win.addEventListener('resize', schedule, { passive: true });
  update();
}
