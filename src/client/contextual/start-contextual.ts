/**
 * The contextual menu (src/render/layout/contextual-menu.tsx): the split button and its menu
 * beside the title, or the list under the table of contents.
 *
 * Markup read: `[data-sheaf-contextual]` roots with `data-markdown` (the page's `.md` copy) and
 * `data-mcp` (the site's MCP server), relative to the page; `[data-sheaf-contextual-toggle]`
 * (aria-controls: the `role="menu"` element); entries with `data-sheaf-contextual-action`
 * (`copy-page`, `copy-text` + `data-sheaf-contextual-text`, `print`) and links with
 * `data-sheaf-contextual-href` (a template, src/model/contextual.ts) filled in here; each entry's
 * `[data-sheaf-contextual-title]` says "Copied" (or "Copy failed") for COPIED_MS; the root's
 * `[data-sheaf-contextual-status]` announces it. After a `copy-text` entry (the MCP server's URL,
 * its install command) the status also shows, as a toast for TOAST_MS, what was copied and what
 * to do with it (`data-sheaf-contextual-copied`), or the text itself when the copy failed.
 *
 * Keyboard (WAI-ARIA menu button): Enter, Space or ArrowDown on the button opens the menu on its
 * first item, ArrowUp on its last; in the menu ArrowDown/ArrowUp move (wrapping), Home/End jump,
 * Escape closes and returns to the button, Tab closes and moves on. A click outside closes it.
 */
import { closest, whenReady, type BrowserWindow } from '../shared/browser-window.js';
import { copyText } from './clipboard.js';
import { buildHref, substitute, templateOf, type ContextualValues } from './contextual-href.js';
import { menuKeyTarget } from './menu-keys.js';

/** How long an entry says "Copied", in milliseconds. */
const COPIED_MS = 2000;
/** How long the toast after a `copy-text` entry shows, in milliseconds: time to read a URL. */
const TOAST_MS = 8000;
/** Pixels kept between an opened menu and the viewport's left edge before it opens rightwards instead. */
const EDGE_PX = 8;

/** The page's Markdown, fetched once (from its `.md` copy) for `$page` and Copy page. */
function markdownLoader(win: BrowserWindow, url: string): () => Promise<string> {
  let pending: Promise<string> | undefined;
  return () => {
    if (!pending) {
      pending = win.fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        return response.text();
      });
      // A failed fetch is tried again next time.
      pending.catch(() => (pending = undefined));
    }
    return pending;
  };
}

function setUp(win: BrowserWindow, root: HTMLElement): void {
  const doc = win.document;
  const here = win.location.href;
  const resolve = (value: string | null): string | undefined => {
    if (value === null) return undefined;
    try {
      return new URL(value, here).href;
    } catch {
      return undefined;
    }
  };
  const mdUrl = resolve(root.getAttribute('data-markdown'));
  const mcpUrl = resolve(root.getAttribute('data-mcp'));
  const values: ContextualValues = { ...(mdUrl ? { md: mdUrl } : {}), ...(mcpUrl ? { mcp: mcpUrl } : {}) };
  const loadMarkdown = mdUrl ? markdownLoader(win, mdUrl) : () => Promise.reject(new Error('no Markdown copy'));
  const links = Array.prototype.slice.call(root.querySelectorAll('[data-sheaf-contextual-href]')) as HTMLAnchorElement[];
  const needsPage = links.some((link) => (templateOf(link)?.vars ?? []).indexOf('page') >= 0);
  const status = root.querySelector<HTMLElement>('[data-sheaf-contextual-status]');
  const toggle = root.querySelector<HTMLElement>('[data-sheaf-contextual-toggle]');
  const menu = toggle ? doc.getElementById(toggle.getAttribute('aria-controls') || '') : null;
  const timers = new WeakMap<Element, number>();

  /** Sets each link's href from its template with the values known so far. */
  const fill = (): void => {
    for (const link of links) {
      const template = templateOf(link);
      const href = template && buildHref(template, values);
      if (href !== undefined) link.setAttribute('href', href);
    }
  };
  const withPage = (): Promise<void> =>
    loadMarkdown().then((text) => {
      values.page = text;
      fill();
    });
  fill();

  const items = (): HTMLElement[] => (menu ? (Array.prototype.slice.call(menu.querySelectorAll('[role="menuitem"]')) as HTMLElement[]) : []);
  const isOpen = (): boolean => !!menu && !menu.hidden;
  const open = (focus: 'first' | 'last'): void => {
    if (!menu || !toggle) return;
    menu.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    root.classList.add('is-open');
    // Opens leftwards from the button; when that runs off the screen's left edge, rightwards.
    menu.classList.remove('sheaf-contextual-menu-start');
    if (menu.getBoundingClientRect().left < EDGE_PX) menu.classList.add('sheaf-contextual-menu-start');
    if (needsPage) withPage().catch(() => undefined);
    const list = items();
    const target = focus === 'first' ? list[0] : list[list.length - 1];
    if (target) target.focus();
  };
  const close = (refocus: boolean): void => {
    if (!menu || !toggle || menu.hidden) return;
    menu.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    root.classList.remove('is-open');
    if (refocus) toggle.focus();
  };

  /** Says an entry copied (or failed to): its title for COPIED_MS; the status, as a toast when `toast` is given. */
  const showCopied = (entry: Element, ok: boolean, toast?: string): void => {
    const title = entry.querySelector('[data-sheaf-contextual-title]');
    if (!title) return;
    if (!entry.hasAttribute('data-copy-label')) entry.setAttribute('data-copy-label', title.textContent || '');
    title.textContent = ok ? 'Copied' : 'Copy failed';
    entry.setAttribute('data-copied', ok ? 'true' : 'false');
    if (status) {
      status.textContent = toast ?? (ok ? 'Copied to the clipboard' : 'Could not copy to the clipboard');
      status.className = toast === undefined ? 'sheaf-visually-hidden' : 'sheaf-contextual-toast';
    }
    win.clearTimeout(timers.get(entry));
    timers.set(
      entry,
      win.setTimeout(() => {
        title.textContent = entry.getAttribute('data-copy-label') || '';
        entry.removeAttribute('data-copied');
      }, COPIED_MS),
    );
    if (status) {
      win.clearTimeout(timers.get(status));
      timers.set(
        status,
        win.setTimeout(() => {
          status.textContent = '';
          status.className = 'sheaf-visually-hidden';
        }, toast === undefined ? COPIED_MS : TOAST_MS),
      );
    }
  };

  root.addEventListener('click', (event) => {
    const target = event.target;
    if (toggle && closest(target, '[data-sheaf-contextual-toggle]') === toggle) {
      if (isOpen()) close(false);
      else open('first');
      return;
    }
    const entry = closest(target, '[data-sheaf-contextual-action], a[data-sheaf-contextual-href], [role="menuitem"], .sheaf-contextual-primary, .sheaf-contextual-list-item');
    if (!entry || !root.contains(entry)) return;
    const action = entry.getAttribute('data-sheaf-contextual-action');
    if (action === 'copy-page') {
      event.preventDefault();
      void copyText(win, loadMarkdown()).then((ok) => showCopied(entry, ok));
      return;
    }
    if (action === 'copy-text') {
      event.preventDefault();
      const text = substitute(entry.getAttribute('data-sheaf-contextual-text') || '', ['mcp'], values, (v) => v);
      const copied = substitute(entry.getAttribute('data-sheaf-contextual-copied') || '', ['mcp'], values, (v) => v);
      void copyText(win, Promise.resolve(text)).then((ok) => showCopied(entry, ok, ok ? copied : `Could not copy to the clipboard; copy it from here: ${text}`));
      return;
    }
    close(false);
    if (action === 'print') {
      event.preventDefault();
      win.print();
      return;
    }
    const template = entry.hasAttribute('data-sheaf-contextual-href') ? templateOf(entry) : undefined;
    if (template && template.vars.indexOf('page') >= 0 && values.page === undefined) {
      // The page's Markdown is not here yet: follow the link once it is.
      event.preventDefault();
      const newTab = entry.getAttribute('target') === '_blank';
      void withPage().then(
        () => {
          const href = buildHref(template, values);
          if (href !== undefined) win.open(href, newTab ? '_blank' : '_self', 'noopener');
        },
        () => undefined,
      );
    }
  });

  if (toggle && menu) {
    toggle.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        open(event.key === 'ArrowDown' ? 'first' : 'last');
      }
    });
    menu.addEventListener('keydown', (event) => {
      // Space on a link-item activates it, as it does on the button-items (and never scrolls the page).
      const link = event.key === ' ' ? closest(event.target, 'a[role="menuitem"]') : null;
      if (link) {
        event.preventDefault();
        (link as HTMLElement).click();
        return;
      }
      const list = items();
      const move = menuKeyTarget(event.key, list.indexOf(doc.activeElement as HTMLElement), list.length);
      if (move === undefined) return;
      if (move === 'close') {
        if (event.key === 'Escape') event.preventDefault();
        close(event.key === 'Escape');
        return;
      }
      event.preventDefault();
      list[move]?.focus();
    });
    doc.addEventListener('click', (event) => {
      if (isOpen() && !root.contains(event.target as Node)) close(false);
    });
    root.addEventListener('focusout', (event) => {
      const next = (event as FocusEvent).relatedTarget as Node | null;
      if (isOpen() && next && !root.contains(next)) close(false);
    });
  }
}

export function startContextual(win: BrowserWindow): void {
  whenReady(win, () => {
    win.document.querySelectorAll<HTMLElement>('[data-sheaf-contextual]').forEach((root) => {
      if (root.hasAttribute('data-sheaf-contextual-ready')) return;
      root.setAttribute('data-sheaf-contextual-ready', '');
      setUp(win, root);
    });
  });
}
