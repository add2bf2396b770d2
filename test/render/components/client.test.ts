import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** src/client/components.js: a plain script (concatenated with the other client scripts). */

const source = readFileSync(new URL('../../../src/client/components.js', import.meta.url), 'utf8');

interface Listener {
  readonly target: string;
  readonly type: string;
}

/** Runs the script against stand-ins for window and document that only record listeners. */
function runWithoutDom(readyState: string): { window: Record<string, any>; listeners: Listener[] } {
  const listeners: Listener[] = [];
  const win: Record<string, any> = {
    addEventListener: (type: string) => listeners.push({ target: 'window', type }),
    location: { hash: '' },
  };
  const doc = {
    readyState,
    addEventListener: (type: string) => listeners.push({ target: 'document', type }),
  };
  new Function('window', 'document', source)(win, doc);
  return { window: win, listeners };
}

describe('components.js', () => {
  it('parses as a script: no imports, no exports', () => {
    expect(() => new Function(source)).not.toThrow();
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('avoids syntax newer than ES2019 (optional chaining, nullish coalescing)', () => {
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/\?\.[\w[(]/);
    expect(code).not.toContain('??');
  });

  it('defines its enhancer and installs its listeners once, waiting for the DOM', () => {
    const { window, listeners } = runWithoutDom('loading');
    expect(typeof window['sheafComponents'].enhance).toBe('function');
    expect(typeof window['sheafComponents'].reveal).toBe('function');
    expect(window['sheafComponents'].version).toBe(1);
    expect(listeners.map((l) => `${l.target}:${l.type}`).sort()).toEqual([
      'document:DOMContentLoaded',
      'document:change',
      'document:click',
      'document:keydown',
      'document:toggle',
      'window:hashchange',
    ]);
  });

  it('is idempotent: a second copy on the same page does nothing', () => {
    const listeners: Listener[] = [];
    const existing = { version: 1, enhance: () => undefined };
    const win = { sheafComponents: existing, addEventListener: (type: string) => listeners.push({ target: 'window', type }) };
    const doc = { readyState: 'loading', addEventListener: (type: string) => listeners.push({ target: 'document', type }) };
    new Function('window', 'document', source)(win, doc);
    expect(win.sheafComponents).toBe(existing);
    expect(listeners).toEqual([]);
  });

  it('does nothing outside a browser', () => {
    expect(() => new Function('window', 'document', source)(undefined, undefined)).not.toThrow();
  });
});
