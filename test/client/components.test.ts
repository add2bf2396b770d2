import { describe, expect, it } from 'vitest';
import { copySource, copyValue } from '../../src/client/components/copy.js';
import { startComponents } from '../../src/client/components/start-components.js';
import { VIEW_KEY, viewTitles } from '../../src/client/components/views.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import { $, click, key, pages } from './page-window.js';

const page = pages();

const tabs = (id: string, titles: string[], extra = '') =>
  `<div data-tabs id="${id}" ${extra}><div class="sheaf-tabs-bar" hidden role="tablist">${titles
    .map((t) => `<button role="tab">${t}</button>`)
    .join('')}</div>${titles.map((t) => `<div class="sheaf-tab" data-tab-title="${t}"><pre><code>${t} code</code></pre></div>`).join('')}</div>`;

/** Which panels of a group show, as 0/1. */
const shown = (win: BrowserWindow, id: string) => [...win.document.querySelectorAll(`#${id} > .sheaf-tab`)].map((p) => ((p as HTMLElement).hidden ? 0 : 1));

describe('tabs', () => {
  it('pairs buttons with panels, shows the bar and selects the default tab', () => {
    const win = page({ body: tabs('a', ['npm', 'yarn', 'pnpm'], 'data-default-tab="1"') });
    startComponents(win);
    const group = $(win, '#a');
    expect(group.hasAttribute('data-enhanced')).toBe(true);
    expect($(win, '#a .sheaf-tabs-bar').hidden).toBe(false);
    expect(shown(win, 'a')).toEqual([0, 1, 0]);
    expect(group.getAttribute('data-active-tab')).toBe('1');
    const buttons = [...group.querySelectorAll('[role="tab"]')];
    const panels = [...group.querySelectorAll('.sheaf-tab')];
    expect(buttons.map((b) => [b.id, b.getAttribute('aria-controls'), b.getAttribute('aria-selected'), (b as HTMLElement).tabIndex])).toEqual([
      ['sheaf-tab-button-2', 'sheaf-tab-1', 'false', -1],
      ['sheaf-tab-button-4', 'sheaf-tab-3', 'true', 0],
      ['sheaf-tab-button-6', 'sheaf-tab-5', 'false', -1],
    ]);
    expect(panels.map((p) => [p.getAttribute('role'), p.getAttribute('aria-labelledby')])).toEqual([
      ['tabpanel', 'sheaf-tab-button-2'],
      ['tabpanel', 'sheaf-tab-button-4'],
      ['tabpanel', 'sheaf-tab-button-6'],
    ]);
  });

  it('switches on click and with the arrow keys, Home and End (wrapping)', () => {
    const win = page({ body: tabs('a', ['one', 'two', 'three']) });
    startComponents(win);
    const buttons = [...win.document.querySelectorAll<HTMLElement>('#a [role="tab"]')];
    click(win, buttons[2]!);
    expect(shown(win, 'a')).toEqual([0, 0, 1]);
    expect(key(win, buttons[2]!, 'ArrowRight').defaultPrevented).toBe(true);
    expect(shown(win, 'a')).toEqual([1, 0, 0]);
    expect(win.document.activeElement).toBe(buttons[0]);
    key(win, buttons[0]!, 'ArrowLeft');
    expect(shown(win, 'a')).toEqual([0, 0, 1]);
    key(win, buttons[2]!, 'Home');
    expect(shown(win, 'a')).toEqual([1, 0, 0]);
    key(win, buttons[0]!, 'End');
    expect(shown(win, 'a')).toEqual([0, 0, 1]);
    expect(key(win, buttons[2]!, 'a').defaultPrevented).toBe(false);
  });

  it('keeps synced groups on the same title, where they have it', () => {
    const win = page({ body: tabs('a', ['npm', 'yarn'], 'data-sync') + tabs('b', ['yarn', 'pnpm', 'npm'], 'data-sync') + tabs('c', ['npm', 'yarn']) });
    startComponents(win);
    click(win, $(win, '#a [role="tab"]:nth-child(2)'));
    expect([shown(win, 'a'), shown(win, 'b'), shown(win, 'c')]).toEqual([
      [0, 1],
      [1, 0, 0],
      [1, 0],
    ]);
  });

  it('follows a select in the bar', () => {
    const win = page({
      body: '<div data-tabs id="s"><div class="sheaf-tabs-bar" hidden><select class="sheaf-tabs-select"><option value="0">a</option><option value="1">b</option></select></div><div class="sheaf-tab">A</div><div class="sheaf-tab">B</div></div>',
    });
    startComponents(win);
    const select = $(win, '#s select') as HTMLSelectElement;
    select.value = '1';
    select.dispatchEvent(new win.Event('change', { bubbles: true }));
    expect(shown(win, 's')).toEqual([0, 1]);
    expect($(win, '#s').getAttribute('data-active-tab')).toBe('1');
  });
});

describe('copy buttons', () => {
  it('copy the code of their block, of the visible tab, or of a prompt', () => {
    const win = page({
      body: `<div class="code-block"><button class="copy-button" id="b1"></button><pre><code>npm i sheaf</code></pre></div>
        ${tabs('t', ['one', 'two'])}<button class="copy-button" id="b2"></button>
        <div class="sheaf-prompt"><button class="copy-button" data-copy-target="prompt" id="b3"></button><div class="sheaf-prompt-body">  Explain this.  </div></div>`,
    });
    $(win, '#t').appendChild($(win, '#b2'));
    ($(win, '#t .sheaf-tab') as HTMLElement).hidden = true;
    expect(copySource($(win, '#b1'))).toBe('npm i sheaf');
    expect(copySource($(win, '#b2'))).toBe('two code');
    expect(copySource($(win, '#b3'))).toBe('Explain this.');
    expect(copySource(win.document.body)).toBeNull();
  });

  it('copy a [data-copy] value, its dark variant in dark mode', () => {
    const win = page({ body: '<button data-copy="#fff" data-copy-dark="#000" id="c"></button><button data-copy="x" id="d"></button>' });
    expect([copyValue($(win, '#c'), false), copyValue($(win, '#c'), true), copyValue($(win, '#d'), true)]).toEqual(['#fff', '#000', 'x']);
  });

  it('put the text on the clipboard and say so on the button', async () => {
    const win = page({ body: '<div class="code-block"><button class="copy-button" aria-label="Copy code"><span aria-hidden="true">⧉</span><span>Copy</span></button><pre>echo hi</pre></div>' });
    const written: string[] = [];
    Object.defineProperty(win.navigator, 'clipboard', { value: { writeText: async (text: string) => void written.push(text) } });
    Object.defineProperty(win, 'isSecureContext', { value: true });
    startComponents(win);
    const button = $(win, '.copy-button');
    click(win, button);
    await Promise.resolve();
    await Promise.resolve();
    expect(written).toEqual(['echo hi']);
    expect([button.getAttribute('data-copied'), button.getAttribute('aria-label'), $(win, '.copy-button span:not([aria-hidden])').textContent]).toEqual([
      'true',
      'Copied',
      'Copied',
    ]);
  });
});

describe('views', () => {
  const VIEWS = `<div data-view-switcher></div><nav><ul><li><a href="#py-install">Install (Python)</a></li><li><a href="#js-install">Install (JS)</a></li></ul></nav>
    <section class="sheaf-view" data-view="Python"><h2 id="py-install">Install</h2></section>
    <section class="sheaf-view" data-view="JavaScript"><h2 id="js-install">Install</h2></section>
    <section class="sheaf-view" data-view="Python"><p>more</p></section>`;

  it('lists each title once, in order', () => {
    const win = page({ body: VIEWS });
    expect(viewTitles([...win.document.querySelectorAll('.sheaf-view')])).toEqual(['Python', 'JavaScript']);
  });

  it('adds one selector, shows the first view and hides the other view’s contents links', () => {
    const win = page({ body: VIEWS });
    startComponents(win);
    const select = $(win, '[data-view-switcher] select.sheaf-view-select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['Python', 'JavaScript']);
    expect([...win.document.querySelectorAll<HTMLElement>('.sheaf-view')].map((v) => v.hidden)).toEqual([false, true, false]);
    expect([...win.document.querySelectorAll<HTMLElement>('nav li')].map((li) => li.hidden)).toEqual([false, true]);
    expect(win.document.documentElement.hasAttribute('data-views-enhanced')).toBe(true);
  });

  it('switches on the selector, saves the choice and announces it; the saved choice comes back', () => {
    const win = page({ body: VIEWS });
    startComponents(win);
    const events: unknown[] = [];
    win.document.addEventListener('sheaf:view-change', (e) => events.push((e as CustomEvent).detail));
    const select = $(win, 'select.sheaf-view-select') as HTMLSelectElement;
    select.value = 'JavaScript';
    select.dispatchEvent(new win.Event('change', { bubbles: true }));
    expect([...win.document.querySelectorAll<HTMLElement>('.sheaf-view')].map((v) => v.hidden)).toEqual([true, false, true]);
    expect(win.localStorage.getItem(VIEW_KEY)).toBe('JavaScript');
    expect(events).toEqual([{ view: 'JavaScript' }]);

    const again = page({ body: VIEWS });
    again.localStorage.setItem(VIEW_KEY, 'JavaScript');
    startComponents(again);
    expect([...again.document.querySelectorAll<HTMLElement>('.sheaf-view')].map((v) => v.hidden)).toEqual([true, false, true]);
  });
});

describe('the URL’s target', () => {
  it('is revealed on load: details opened, its tab and view selected', () => {
    const win = page({
      url: 'https://docs.example.com/guide/#deep',
      body: `<section class="sheaf-view" data-view="A"></section><section class="sheaf-view" data-view="B">${tabs('t', ['x', 'y'])}</section>`,
    });
    win.document.querySelector('#t .sheaf-tab:nth-child(3)')!.innerHTML = '<details id="d"><summary>s</summary><p id="deep">here</p></details>';
    startComponents(win);
    expect((win.document.getElementById('d') as HTMLDetailsElement).open).toBe(true);
    expect(shown(win, 't')).toEqual([0, 1]);
    expect([...win.document.querySelectorAll<HTMLElement>('.sheaf-view')].map((v) => v.hidden)).toEqual([true, false]);
  });

  it('is written to the URL when an anchored accordion opens', () => {
    const win = page({ body: '<details class="sheaf-accordion" data-anchor id="faq é"><summary>FAQ</summary></details>' });
    startComponents(win);
    ($(win, 'details') as HTMLDetailsElement).open = true;
    expect(win.location.hash).toBe('#faq%20%C3%A9');
  });

  it('sets up once: a second copy of the script changes nothing', () => {
    const win = page({ body: tabs('a', ['one', 'two']) });
    startComponents(win);
    const first = win.sheafComponents;
    startComponents(win);
    expect(win.sheafComponents).toBe(first);
    expect(first?.version).toBe(1);
    click(win, $(win, '#a [role="tab"]:nth-child(2)'));
    expect(shown(win, 'a')).toEqual([0, 1]);
  });
});
