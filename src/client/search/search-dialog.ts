/**
 * The search dialog. Hooks: dialog#sheaf-search, #search-input (Mintlify's id), #sheaf-search-results,
 * .sheaf-search-status, [data-sheaf-search-open], [data-sheaf-search-close], [data-sheaf-shortcut]
 * (shows ⌘K on Apple systems). Opens on the buttons, Ctrl+K / ⌘K and `/`. Results are limited to
 * the page's <html data-version> and data-language; their links are relative to <html data-base>.
 * [data-sheaf-search-action] (optional, hidden in the markup): an option acting on the typed text
 * (the Ask AI option), put first in the results while the field has text, its
 * [data-sheaf-search-query] filled with the text; Enter or a click on it clicks it, no navigation.
 */
import { tokenize } from '../../search-text/tokenize.js';
import { closest, isApple, type BrowserWindow } from '../shared/browser-window.js';
import { pageUrl, trimSlashes, urlStyleOf } from '../shared/page-url.js';
import { highlight, patternOf } from './highlight.js';
import { searchData } from './search-data.js';
import type { SearchEngine, SearchGroup } from './search-engine.js';

/** True for a field where `/` is typed, not a shortcut. */
function editable(node: EventTarget | null): boolean {
  const element = node as HTMLElement | null;
  if (!element) return false;
  const tag = element.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || !!element.isContentEditable;
}

export function startSearchDialog(win: BrowserWindow, engine: SearchEngine): void {
  const doc = win.document;
  const root = doc.documentElement;
  const found = doc.getElementById('sheaf-search');
  if (!found) return;
  const dialog = found as HTMLDialogElement;
  const input = doc.getElementById('search-input') as HTMLInputElement;
  const results = doc.getElementById('sheaf-search-results') as HTMLElement;
  const status = dialog.querySelector('.sheaf-search-status');
  const action = dialog.querySelector<HTMLElement>('[data-sheaf-search-action]');
  if (action) {
    action.parentNode?.removeChild(action);
    action.hidden = false;
  }
  let options: HTMLElement[] = [];
  let selected = -1;
  let loading = false;

  if (isApple(win)) {
    doc.querySelectorAll('[data-sheaf-shortcut]').forEach((shortcut) => {
      shortcut.textContent = '⌘K';
    });
  }

  const base = (): string => root.getAttribute('data-base') || '';

  /** The URL of a result, relative to this page, in the site's URL style (index.html added to folders when browsing files). */
  const urlOf = (route: string, anchor: string): string => pageUrl(base(), trimSlashes(route), anchor, win.location.protocol === 'file:', urlStyleOf(root));

  const setStatus = (text: string): void => {
    if (status) status.textContent = text;
  };

  function ensureLibrary(): void {
    if (win.MiniSearch || loading) return;
    const data = searchData(win);
    if (!data) return;
    loading = true;
    const script = doc.createElement('script');
    script.src = base() + data.library;
    script.onload = () => {
      loading = false;
      run();
    };
    script.onerror = () => {
      loading = false;
      setStatus('Search could not be loaded.');
    };
    doc.head.appendChild(script);
  }

  function select(index: number): void {
    if (!options.length) {
      selected = -1;
      input.removeAttribute('aria-activedescendant');
      return;
    }
    selected = (index + options.length) % options.length;
    options.forEach((option, i) => option.setAttribute('aria-selected', i === selected ? 'true' : 'false'));
    const option = options[selected] as HTMLElement;
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  function render(groups: readonly SearchGroup[], pattern: RegExp | null, text: string): void {
    results.textContent = '';
    options = [];
    if (action && text) {
      action.querySelectorAll('[data-sheaf-search-query]').forEach((slot) => {
        slot.textContent = text;
      });
      results.appendChild(action);
      options.push(action);
    }
    groups.forEach((g, i) => {
      const block = doc.createElement('div');
      block.className = 'sheaf-search-group';
      block.setAttribute('role', 'group');
      const heading = doc.createElement('p');
      heading.className = 'sheaf-search-group-title';
      heading.id = `sheaf-search-group-${i}`;
      heading.textContent = g.title;
      block.setAttribute('aria-labelledby', heading.id);
      block.appendChild(heading);
      for (const hit of g.hits) {
        const item = doc.createElement('a');
        item.className = 'sheaf-search-item';
        item.id = `sheaf-search-option-${options.length}`;
        item.setAttribute('role', 'option');
        item.setAttribute('aria-selected', 'false');
        item.href = urlOf(hit.route, hit.anchor);
        const icon = doc.createElement('span');
        icon.className = 'sheaf-search-item-icon';
        icon.setAttribute('aria-hidden', 'true');
        icon.textContent = hit.section ? '#' : '¶';
        const body = doc.createElement('span');
        body.className = 'sheaf-search-item-body';
        const title = doc.createElement('span');
        title.className = 'sheaf-search-item-title';
        highlight(title, hit.section || hit.title, pattern);
        body.appendChild(title);
        if (hit.excerpt) {
          const excerpt = doc.createElement('span');
          excerpt.className = 'sheaf-search-item-excerpt';
          highlight(excerpt, hit.excerpt, pattern);
          body.appendChild(excerpt);
        }
        item.appendChild(icon);
        item.appendChild(body);
        block.appendChild(item);
        options.push(item);
      }
      results.appendChild(block);
    });
    input.setAttribute('aria-expanded', options.length ? 'true' : 'false');
    // The first page found stays the default choice; the action is one arrow key up.
    select(options[0] === action && options.length > 1 ? 1 : 0);
  }

  function run(): void {
    const text = input.value.trim();
    if (!text) {
      render([], null, '');
      setStatus('');
      return;
    }
    const hits = engine.query(text, { version: root.getAttribute('data-version') || '', language: root.getAttribute('data-language') || '' });
    if (hits === null) {
      render([], null, text);
      if (!searchData(win)) setStatus(action ? '' : 'Search is not available on this page.');
      else {
        setStatus('Loading search…');
        ensureLibrary();
      }
      return;
    }
    render(engine.group(hits), patternOf(hits, text, tokenize), text);
    setStatus(hits.length ? '' : `No results for “${text}”`);
  }

  const isOpen = (): boolean => dialog.hasAttribute('open');

  function open(): void {
    if (!isOpen()) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    ensureLibrary();
    input.focus();
    input.select();
    run();
  }

  function close(): void {
    if (!isOpen()) return;
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  }

  function go(item: HTMLElement | undefined): void {
    if (!item) return;
    if (item === action) {
      item.click();
      return;
    }
    close();
    win.location.href = (item as HTMLAnchorElement).href;
  }

  input.addEventListener('input', run);

  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || (event.key === 'n' && event.ctrlKey)) {
      event.preventDefault();
      select(selected + 1);
    } else if (event.key === 'ArrowUp' || (event.key === 'p' && event.ctrlKey)) {
      event.preventDefault();
      select(selected - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(options[selected]);
    } else if (event.key === 'Escape') {
      // Handled here: a search field would otherwise spend the first Escape clearing itself.
      event.preventDefault();
      close();
    }
  });

  results.addEventListener('mousemove', (event) => {
    const item = closest(event.target, '.sheaf-search-item') as HTMLElement | null;
    const index = item ? options.indexOf(item) : -1;
    if (index >= 0 && index !== selected) select(index);
  });

  results.addEventListener('click', (event) => {
    const item = closest(event.target, '.sheaf-search-item');
    if (item && item !== action && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) close();
  });

  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close();
  });

  doc.addEventListener('click', (event) => {
    if (closest(event.target, '[data-sheaf-search-open]')) {
      event.preventDefault();
      open();
    } else if (closest(event.target, '[data-sheaf-search-close]')) close();
  });

  doc.addEventListener('pointerover', (event) => {
    if (closest(event.target, '[data-sheaf-search-open]')) ensureLibrary();
  });

  doc.addEventListener('keydown', (event) => {
    if ((event.key === 'k' || event.key === 'K') && (event.metaKey || event.ctrlKey) && !event.altKey) {
      event.preventDefault();
      if (isOpen()) close();
      else open();
    } else if (event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isOpen() && !editable(event.target)) {
      event.preventDefault();
      open();
    }
  });
}
