import { describe, expect, it } from 'vitest';
import { startMermaid, type MermaidApi } from '../../src/client/mermaid/start-mermaid.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import { clientBundle } from './client-bundle.js';
import { pages } from './page-window.js';

const page = pages();

/** A stand-in for Mermaid's browser build that records what it is asked to do. */
function fakeMermaid(): MermaidApi & { readonly calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    initialize(config) {
      calls.push(['initialize', config]);
    },
    run(options) {
      calls.push(['run', options]);
      return Promise.resolve();
    },
  };
}

const DIAGRAM = '<pre class="mermaid">graph TD; A--&gt;B</pre>';

describe('the Mermaid start script', () => {
  it('draws the diagrams with the light theme, strict, not on load', () => {
    const win = page({ body: DIAGRAM });
    const mermaid = fakeMermaid();
    win.mermaid = mermaid;
    startMermaid(win);
    expect(mermaid.calls).toEqual([
      ['initialize', { startOnLoad: false, theme: 'default', securityLevel: 'strict' }],
      ['run', { querySelector: 'pre.mermaid' }],
    ]);
  });

  it('uses Mermaid’s dark theme when the page shows the dark colours', () => {
    const win = page({ body: DIAGRAM });
    win.document.documentElement.classList.add('dark');
    const mermaid = fakeMermaid();
    win.mermaid = mermaid;
    startMermaid(win);
    expect(mermaid.calls[0]).toEqual(['initialize', { startOnLoad: false, theme: 'dark', securityLevel: 'strict' }]);
  });

  it('waits for the document to be parsed', () => {
    const win = page({ body: DIAGRAM });
    Object.defineProperty(win.document, 'readyState', { value: 'loading', configurable: true });
    const mermaid = fakeMermaid();
    win.mermaid = mermaid;
    startMermaid(win);
    expect(mermaid.calls).toEqual([]);
    win.document.dispatchEvent(new win.Event('DOMContentLoaded'));
    expect(mermaid.calls).toHaveLength(2);
  });

  it('does nothing when Mermaid did not load', () => {
    const win: BrowserWindow = page({ body: DIAGRAM });
    expect(() => startMermaid(win)).not.toThrow();
    expect(win.document.querySelector('pre.mermaid')?.textContent).toBe('graph TD; A-->B');
  });

  it('runs as the bundle pages load (_sheaf/mermaid-init.<hash>.js)', () => {
    const win = page({ scripts: true, body: DIAGRAM });
    const mermaid = fakeMermaid();
    win.mermaid = mermaid;
    const script = win.document.createElement('script');
    script.textContent = clientBundle('mermaid-init');
    win.document.body.appendChild(script);
    expect(mermaid.calls).toEqual([
      ['initialize', { startOnLoad: false, theme: 'default', securityLevel: 'strict' }],
      ['run', { querySelector: 'pre.mermaid' }],
    ]);
  });
});
