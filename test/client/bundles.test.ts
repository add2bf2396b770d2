import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CLIENT_ENTRIES, bundleClient } from '../../scripts/build-client.mjs';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import { clientBundles } from './client-bundle.js';
import { $, click, pages } from './page-window.js';

const page = pages();

/** Runs a bundle in the page as a <script> would. */
function run(win: BrowserWindow, name: string): void {
  const script = win.document.createElement('script');
  script.textContent = clientBundles().get(name) ?? '';
  win.document.body.appendChild(script);
}

describe('the client bundles', () => {
  it('are the seven scripts pages load, the inline head script and the Mermaid start script, the same bytes every build', async () => {
    expect([...clientBundles().keys()]).toEqual(['theme', 'nav', 'components', 'search', 'playground', 'assistant', 'contextual', 'theme-head', 'mermaid-init']);
    expect(CLIENT_ENTRIES).toEqual([...clientBundles().keys()]);
    const again = await bundleClient();
    expect([...again.entries()]).toEqual([...clientBundles().entries()]);
  });

  it('are classic scripts: one strict IIFE each, no module syntax', () => {
    for (const [name, code] of clientBundles()) {
      expect(() => new vm.Script(code, { filename: `${name}.js` }), name).not.toThrow();
      expect(code.startsWith('"use strict";(()=>{'), name).toBe(true);
      expect(code.endsWith('})();\n'), name).toBe(true);
    }
  });

  it('say nothing of the assistant, but for its own (sites without the panel hold no trace of it)', () => {
    for (const [name, code] of clientBundles()) {
      const mentions = ['sheaf-assistant', 'SheafAssistant', 'Ask AI'].filter((word) => code.includes(word));
      expect(mentions, name).toEqual(name === 'assistant' ? ['sheaf-assistant', 'SheafAssistant', 'Ask AI'] : []);
    }
  });

  it('set themselves up when a page runs them', () => {
    const win = page({
      scripts: true,
      root: { 'data-theme-default': 'dark' },
      body: '<button data-sheaf-menu>Menu</button><div data-tabs><div class="sheaf-tabs-bar" hidden><button role="tab">a</button></div><div class="sheaf-tab">A</div></div>',
    });
    for (const name of CLIENT_ENTRIES) run(win, name);
    expect(win.document.documentElement.classList.contains('dark')).toBe(true);
    expect($(win, '[data-tabs]').hasAttribute('data-enhanced')).toBe(true);
    expect([win.sheafComponents?.version, win.sheafPlayground?.version, win.SheafAssistant?.version]).toEqual([1, 1, 1]);
    expect(win.SheafSearch?.query('x')).toBeNull();
    click(win, $(win, '[data-sheaf-menu]'));
    expect(win.document.documentElement.classList.contains('sheaf-nav-open')).toBe(true);
  });
});
