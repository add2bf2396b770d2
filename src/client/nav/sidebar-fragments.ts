/**
 * Large sidebars: a group whose list is left out of the page,
 *   details[data-sheaf-nav-fragment][data-sheaf-nav-index]
 * holds only a link to the group's first page. When it opens, the fragment script
 * `base + fragment` is loaded once (it registers
 * window.__SHEAF_NAV__[fragment][index] = '<li>…</li>…') and the list is replaced by that entry.
 * Its links carry data-route ("/a/b") and its images data-sheaf-src ("img/x.svg"), root-relative:
 * they get href/src relative to <html data-base> here. A fragment that fails to load leaves the
 * first-page link; the next open tries again.
 */
import type { NavFragmentEntries } from '../../model/nav-fragments.js';
import type { BrowserWindow } from '../shared/browser-window.js';
import type { UrlStyle } from '../../model/url-style.js';
import { urlStyleOf } from '../shared/page-url.js';
import { routeHref } from './file-link.js';

type Entries = NavFragmentEntries | null;

/** Gives the root-relative links and images of an inserted fragment their page-relative URLs. */
export function linkFragment(container: ParentNode, page: { base: string; route: string | null; fileProtocol: boolean; style: UrlStyle }): void {
  container.querySelectorAll('a[data-route]').forEach((link) => {
    const route = link.getAttribute('data-route') ?? '';
    link.setAttribute('href', routeHref(route, page.base, page.fileProtocol, page.style));
    if (route === page.route) {
      link.classList.add('is-active');
      link.setAttribute('aria-current', 'page');
    }
  });
  container.querySelectorAll('img[data-sheaf-src]').forEach((image) => {
    image.setAttribute('src', page.base + (image.getAttribute('data-sheaf-src') ?? ''));
  });
}

export interface SidebarFragments {
  /** Fills a fragment group's list (once loaded); does nothing for a filled or loading group. */
  fillGroup(details: Element): void;
  /** Fills every open fragment group (on load: a group of the current page is open). */
  fillOpenGroups(): void;
}

export function startSidebarFragments(win: BrowserWindow): SidebarFragments {
  const doc = win.document;
  const root = doc.documentElement;
  /** Callbacks waiting for a fragment script being loaded, by fragment path. */
  const waiters = new Map<string, ((entries: Entries) => void)[]>();
  const base = (): string => root.getAttribute('data-base') || '';

  function loadFragment(path: string, done: (entries: Entries) => void): void {
    const store = win.__SHEAF_NAV__;
    const known = store && store[path];
    if (known) return done(known);
    const waiting = waiters.get(path);
    if (waiting) {
      waiting.push(done);
      return;
    }
    waiters.set(path, [done]);
    const script = doc.createElement('script');
    script.src = base() + path;
    script.async = true;
    script.onload = script.onerror = () => {
      const callbacks = waiters.get(path) || [];
      waiters.delete(path);
      if (script.parentNode) script.parentNode.removeChild(script);
      const entries = (win.__SHEAF_NAV__ && win.__SHEAF_NAV__[path]) || null;
      for (const callback of callbacks) callback(entries);
    };
    doc.head.appendChild(script);
  }

  function fillGroup(details: Element): void {
    if (details.hasAttribute('data-sheaf-nav-loaded') || details.hasAttribute('aria-busy')) return;
    const path = details.getAttribute('data-sheaf-nav-fragment');
    const index = details.getAttribute('data-sheaf-nav-index');
    if (!path || !index) return;
    details.setAttribute('aria-busy', 'true');
    loadFragment(path, (entries) => {
      details.removeAttribute('aria-busy');
      const html = entries ? entries[index] : undefined;
      if (typeof html !== 'string') return; /* not loaded: the first-page link stays, retried on the next open */
      let list: Element | null = null;
      for (let child = details.firstElementChild; child; child = child.nextElementSibling) {
        if (child.tagName === 'UL') list = child;
      }
      if (!list) {
        list = doc.createElement('ul');
        list.className = 'sheaf-nav-list';
        details.appendChild(list);
      }
      const active = doc.activeElement;
      const focused = active && list.contains(active) ? active.getAttribute('href') : null;
      const template = doc.createElement('template');
      template.innerHTML = html;
      linkFragment(template.content, { base: base(), route: root.getAttribute('data-route'), fileProtocol: win.location.protocol === 'file:', style: urlStyleOf(root) });
      list.textContent = '';
      list.appendChild(template.content);
      details.setAttribute('data-sheaf-nav-loaded', '');
      if (focused !== null) {
        /* focus was on the first-page link that was replaced: keep it on the same link */
        const same = list.querySelector<HTMLElement>(`a[href="${focused.replace(/["\\]/g, '\\$&')}"]`);
        const summary = details.querySelector<HTMLElement>('summary');
        if (same) same.focus();
        else if (summary) summary.focus();
      }
      list.querySelectorAll('details[data-sheaf-nav-fragment][open]').forEach(fillGroup);
    });
  }

  function fillOpenGroups(): void {
    doc.querySelectorAll('details[data-sheaf-nav-fragment][open]').forEach(fillGroup);
  }

  /* `toggle` does not bubble: listen in the capture phase. */
  doc.addEventListener(
    'toggle',
    (event) => {
      const details = event.target as HTMLDetailsElement | null;
      if (details && details.open && typeof details.hasAttribute === 'function' && details.hasAttribute('data-sheaf-nav-fragment')) fillGroup(details);
    },
    true,
  );
  return { fillGroup, fillOpenGroups };
}
