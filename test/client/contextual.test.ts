import { describe, expect, it, vi } from 'vitest';
import type { DocsConfig } from '../../src/config/loaded-config.js';
import { defaultFeatures } from '../../src/deployment/features.js';
import { base64Utf8, buildHref, substitute } from '../../src/client/contextual/contextual-href.js';
import { menuKeyTarget } from '../../src/client/contextual/menu-keys.js';
import { startContextual } from '../../src/client/contextual/start-contextual.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import { renderDocument } from '../../src/render/layout/render-document.js';
import { config, inputFor } from '../render/layout/fixture.js';
import { extract } from '../render/layout/golden.js';
import { $, click, key, pages } from './page-window.js';

/** The contextual menu's script (src/client/contextual/) on the layout's own markup. */

const page = pages();
const MARKDOWN = '# Quickstart\n\nStart in five minutes.\n';

/** The page header of /quickstart with `options`, as the layout renders it (`airGapped`: for an air-gapped bundle). */
function header(options: unknown[], display: 'header' | 'toc' = 'header', airGapped = false): string {
  const html = renderDocument(inputFor('/quickstart', { config: { ...config, contextual: { options, display } } as DocsConfig, ...(airGapped ? { features: defaultFeatures('air-gapped') } : {}) }));
  return display === 'toc' ? extract(html, '<nav aria-label="Page actions"') : extract(html, '<div class="sheaf-page-title-row"');
}

/** A page at https://docs.acme.test/quickstart/ whose .md copy answers MARKDOWN (or fails), clipboard and print recorded. */
function menuPage(body: string, fetchOk = true) {
  const win = page({ url: 'https://docs.acme.test/quickstart/', body, root: { 'data-base': '../', 'data-route': 'quickstart' } });
  const fetched: string[] = [];
  const copied: string[] = [];
  const opened: unknown[][] = [];
  const fetchMock = vi.fn(async (url: string) => {
    fetched.push(String(url));
    return { ok: fetchOk, status: fetchOk ? 200 : 404, text: async () => MARKDOWN } as Response;
  });
  Object.assign(win, { fetch: fetchMock, print: vi.fn(), open: (...args: unknown[]) => void opened.push(args) });
  Object.defineProperty(win, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(win.navigator, 'clipboard', { value: { writeText: async (t: string) => void copied.push(t) }, configurable: true });
  Object.defineProperty(win, 'ClipboardItem', { value: undefined, configurable: true });
  startContextual(win);
  return { win, fetched, copied, opened };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const focused = (win: BrowserWindow) => win.document.activeElement?.getAttribute('data-option') ?? win.document.activeElement?.className;

describe('contextual links', () => {
  it('fill the "open in" and MCP links with the page’s absolute .md URL and the site’s MCP server', () => {
    const { win } = menuPage(header(['copy', 'chatgpt', 'claude', 'aistudio', 'cursor', 'vscode', 'windsurf']));
    const href = (option: string) => $(win, `#sheaf-contextual-menu [data-option="${option}"]`).getAttribute('href');
    const prompt = 'Read%20from%20https%3A%2F%2Fdocs.acme.test%2Fquickstart.md%20so%20I%20can%20ask%20questions%20about%20it.';
    expect(href('chatgpt')).toBe(`https://chatgpt.com/?hints=search&q=${prompt}`);
    expect(href('claude')).toBe(`https://claude.ai/new?q=${prompt}`);
    expect(href('aistudio')).toBe(`https://aistudio.google.com/prompts/new_chat?prompt=${prompt}`);
    expect(href('windsurf')).toBe(`windsurf://cascade?prompt=${prompt}`);
    // {"url":"https://docs.acme.test/mcp"} in Base64.
    expect(href('cursor')).toBe(`cursor://anysphere.cursor-deeplink/mcp/install?name=Acme&config=${encodeURIComponent(base64Utf8('{"url":"https://docs.acme.test/mcp"}'))}`);
    // Mintlify's VS Code link: vscode.dev's page, the name, and {"type":"http","url":…} percent-encoded.
    expect(href('vscode')).toBe('https://vscode.dev/redirect/mcp/install?name=Acme&config=%7B%22type%22%3A%22http%22%2C%22url%22%3A%22https%3A%2F%2Fdocs.acme.test%2Fmcp%22%7D');
    expect(new URL(href('vscode')!).searchParams.get('config')).toBe('{"type":"http","url":"https://docs.acme.test/mcp"}');
  });

  it('air-gapped: VS Code’s own link, its entry naming the server, and Cursor’s as elsewhere', () => {
    const { win } = menuPage(header(['copy', 'cursor', 'vscode'], 'header', true));
    const href = (option: string) => $(win, `#sheaf-contextual-menu [data-option="${option}"]`).getAttribute('href');
    expect(href('vscode')).toBe(`vscode:mcp/install?${encodeURIComponent('{"name":"Acme","type":"http","url":"https://docs.acme.test/mcp"}')}`);
    expect(href('cursor')).toBe(`cursor://anysphere.cursor-deeplink/mcp/install?name=Acme&config=${encodeURIComponent(base64Utf8('{"url":"https://docs.acme.test/mcp"}'))}`);
  });

  it('substitute in one pass, encode per kind, and refuse script URLs', () => {
    expect(substitute('$page and $mcp', ['page', 'mcp'], { page: 'has $mcp inside', mcp: 'M' }, (v) => v)).toBe('has $mcp inside and M');
    expect(buildHref({ kind: 'text', text: 'https://x.test/?t=$page', vars: ['page'] }, { page: 'a b&c' })).toBe('https://x.test/?t=a%20b%26c');
    expect(buildHref({ kind: 'url', base: 'https://x.test/?a=1', query: [{ key: 'k k', value: '$page' }], vars: ['page'] }, { page: 'é' })).toBe('https://x.test/?a=1&k%20k=%C3%A9');
    expect(buildHref({ kind: 'url', base: 'https://x.test/', query: [{ key: 'k', value: '$page' }], vars: ['page'] }, {})).toBeUndefined();
    expect(buildHref({ kind: 'text', text: '$page', vars: ['page'] }, { page: 'javascript:alert(1)' })).toBe('javascript%3Aalert(1)');
    expect(buildHref({ kind: 'text', text: 'javascript:$page', vars: ['page'] }, { page: 'x' })).toBeUndefined();
    expect(base64Utf8('é✓')).toBe('w6ninJM=');
  });

  it('fill a custom link’s $page from the .md copy when the menu opens, and follow it once it is there', async () => {
    const share = { title: 'Share on X', description: 'Share this page', href: { base: 'https://x.com/intent/tweet', query: [{ key: 'text', value: 'Read: $page' }] } };
    const { win, fetched, opened } = menuPage(header(['copy', share]));
    const link = $(win, '#sheaf-contextual-menu [data-option="custom"]');
    expect(link.getAttribute('href')).toBe('https://x.com/intent/tweet');
    // Clicked before the Markdown is there: the link waits for it, then opens in a new tab.
    click(win, link);
    await flush();
    expect(fetched).toEqual(['https://docs.acme.test/quickstart.md']);
    expect(opened).toEqual([[`https://x.com/intent/tweet?text=${encodeURIComponent(`Read: ${MARKDOWN}`)}`, '_blank', 'noopener']]);
    expect(link.getAttribute('href')).toBe(`https://x.com/intent/tweet?text=${encodeURIComponent(`Read: ${MARKDOWN}`)}`);
  });
});

describe('contextual actions', () => {
  it('Copy page puts the page’s .md copy on the clipboard and says so', async () => {
    const { win, fetched, copied } = menuPage(header(['copy', 'view']));
    const button = $(win, '#page-context-menu-button');
    click(win, button);
    await flush();
    await flush();
    expect(fetched).toEqual(['https://docs.acme.test/quickstart.md']);
    expect(copied).toEqual([MARKDOWN]);
    expect([button.querySelector('[data-sheaf-contextual-title]')?.textContent, button.getAttribute('data-copied'), $(win, '[data-sheaf-contextual-status]').textContent]).toEqual(['Copied', 'true', 'Copied to the clipboard']);
  });

  it('says "Copy failed" when the .md copy cannot be fetched', async () => {
    const { win, copied } = menuPage(header(['copy', 'view']), false);
    const button = $(win, '#page-context-menu-button');
    click(win, button);
    await flush();
    await flush();
    expect(copied).toEqual([]);
    expect([button.querySelector('[data-sheaf-contextual-title]')?.textContent, button.getAttribute('data-copied')]).toEqual(['Copy failed', 'false']);
  });

  it('copies the MCP server URL and the add-mcp command, showing what was copied and what to do with it, and opens the print dialog for Download PDF', async () => {
    const { win, copied } = menuPage(header(['copy', 'mcp', 'add-mcp', 'download-pdf']));
    const status = $(win, '[data-sheaf-contextual-status]');
    click(win, $(win, '#sheaf-contextual-menu [data-option="mcp"]'));
    await flush();
    expect(copied).toEqual(['https://docs.acme.test/mcp']);
    expect([status.className, status.textContent]).toEqual(['sheaf-contextual-toast', 'MCP server URL copied: https://docs.acme.test/mcp. Add it to your MCP client as a remote (HTTP) server.']);
    expect($(win, '#sheaf-contextual-menu [data-option="mcp"] [data-sheaf-contextual-title]').textContent).toBe('Copied');
    click(win, $(win, '#sheaf-contextual-menu [data-option="add-mcp"]'));
    await flush();
    expect(copied).toEqual(['https://docs.acme.test/mcp', 'npx add-mcp https://docs.acme.test/mcp']);
    expect(status.textContent).toBe('Install command copied: npx add-mcp https://docs.acme.test/mcp. Run it in a terminal to add the MCP server to your clients.');
    // Copy page's confirmation stays for screen readers only.
    click(win, $(win, '#page-context-menu-button'));
    await flush();
    await flush();
    expect([status.className, status.textContent]).toEqual(['sheaf-visually-hidden', 'Copied to the clipboard']);
    click(win, $(win, '[data-sheaf-contextual-toggle]'));
    click(win, $(win, '#sheaf-contextual-menu [data-option="download-pdf"]'));
    expect(win.print).toHaveBeenCalledTimes(1);
    expect($(win, '#sheaf-contextual-menu').hidden).toBe(true);
  });

  it('works in the toc display too', async () => {
    const { win, copied } = menuPage(header(['copy', 'mcp'], 'toc'));
    click(win, $(win, '.sheaf-contextual-list [data-option="mcp"]'));
    await flush();
    expect(copied).toEqual(['https://docs.acme.test/mcp']);
    expect($(win, '[data-sheaf-contextual-status]').className).toBe('sheaf-contextual-toast');
  });

  it('shows the MCP server URL to copy by hand when the clipboard refuses it, and hides the toast after 8 s', async () => {
    const { win } = menuPage(header(['copy', 'mcp']));
    Object.defineProperty(win.navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    Object.assign(win.document, { execCommand: () => false });
    const timers: [() => void, number][] = [];
    Object.assign(win, { setTimeout: (fn: () => void, ms: number) => timers.push([fn, ms]), clearTimeout: () => undefined });
    const status = $(win, '[data-sheaf-contextual-status]');
    click(win, $(win, '#sheaf-contextual-menu [data-option="mcp"]'));
    await flush();
    expect([status.className, status.textContent]).toEqual(['sheaf-contextual-toast', 'Could not copy to the clipboard; copy it from here: https://docs.acme.test/mcp']);
    expect($(win, '#sheaf-contextual-menu [data-option="mcp"] [data-sheaf-contextual-title]').textContent).toBe('Copy failed');
    // The entry's title for 2 s, the toast for 8 s.
    expect(timers.map(([, ms]) => ms)).toEqual([2000, 8000]);
    timers.forEach(([fn]) => fn());
    expect([status.className, status.textContent, $(win, '#sheaf-contextual-menu [data-option="mcp"] [data-sheaf-contextual-title]').textContent]).toEqual(['sheaf-visually-hidden', '', 'Copy MCP server URL']);
  });
});

describe('contextual menu keyboard', () => {
  it('opens from the button on its first item (ArrowDown, click) or last (ArrowUp), moves with arrows, Home and End', () => {
    const { win } = menuPage(header(['copy', 'view', 'chatgpt', 'claude']));
    const toggle = $(win, '[data-sheaf-contextual-toggle]');
    const menu = $(win, '#sheaf-contextual-menu');
    expect([menu.hidden, toggle.getAttribute('aria-expanded')]).toEqual([true, 'false']);
    expect(key(win, toggle, 'ArrowDown').defaultPrevented).toBe(true);
    expect([menu.hidden, toggle.getAttribute('aria-expanded'), focused(win)]).toEqual([false, 'true', 'copy']);
    key(win, win.document.activeElement!, 'ArrowDown');
    expect(focused(win)).toBe('view');
    key(win, win.document.activeElement!, 'End');
    expect(focused(win)).toBe('claude');
    key(win, win.document.activeElement!, 'ArrowDown');
    expect(focused(win)).toBe('copy');
    key(win, win.document.activeElement!, 'ArrowUp');
    expect(focused(win)).toBe('claude');
    key(win, win.document.activeElement!, 'Home');
    expect(focused(win)).toBe('copy');
    // Escape closes and returns to the button.
    expect(key(win, win.document.activeElement!, 'Escape').defaultPrevented).toBe(true);
    expect([menu.hidden, toggle.getAttribute('aria-expanded'), win.document.activeElement]).toEqual([true, 'false', toggle]);
    key(win, toggle, 'ArrowUp');
    expect(focused(win)).toBe('claude');
    click(win, toggle);
    expect(menu.hidden).toBe(true);
    click(win, toggle);
    expect([menu.hidden, focused(win)]).toEqual([false, 'copy']);
  });

  it('closes on Tab, on a click outside, and after following a link', () => {
    const { win } = menuPage(`${header(['copy', 'view', 'claude'])}<p id="outside">Text</p>`);
    const toggle = $(win, '[data-sheaf-contextual-toggle]');
    const menu = $(win, '#sheaf-contextual-menu');
    click(win, toggle);
    expect(key(win, win.document.activeElement!, 'Tab').defaultPrevented).toBe(false);
    expect(menu.hidden).toBe(true);
    click(win, toggle);
    click(win, $(win, '#outside'));
    expect(menu.hidden).toBe(true);
    click(win, toggle);
    click(win, $(win, '#sheaf-contextual-menu [data-option="view"]'));
    expect(menu.hidden).toBe(true);
  });

  it('moves by the menu-button pattern', () => {
    expect([menuKeyTarget('ArrowDown', -1, 3), menuKeyTarget('ArrowDown', 2, 3), menuKeyTarget('ArrowUp', 0, 3), menuKeyTarget('ArrowUp', -1, 3), menuKeyTarget('Home', 1, 3), menuKeyTarget('End', 0, 3)]).toEqual([0, 0, 2, 2, 0, 2]);
    expect([menuKeyTarget('Escape', 1, 3), menuKeyTarget('Tab', 1, 3), menuKeyTarget('a', 1, 3), menuKeyTarget('ArrowDown', -1, 0)]).toEqual(['close', 'close', undefined, undefined]);
  });
});
