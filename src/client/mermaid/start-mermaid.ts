/**
 * Draws the page's Mermaid diagrams (`pre.mermaid`, written by the render stage with the
 * diagram's source) once the document is parsed, with Mermaid's dark theme when the page shows
 * the dark colours. Mermaid itself (`_sheaf/mermaid.min.js`, defining `window.mermaid`) loads
 * before this script on pages that have a diagram; without it, nothing happens.
 * `securityLevel: 'strict'`: diagram text is encoded, and click handlers in diagrams are off.
 */
import { whenReady, type BrowserWindow } from '../shared/browser-window.js';

/** The part of Mermaid's API used here (mermaid 11). */
export interface MermaidApi {
  initialize(config: { readonly startOnLoad: boolean; readonly theme: 'dark' | 'default'; readonly securityLevel: 'strict' }): void;
  run(options: { readonly querySelector: string }): Promise<void>;
}

export function startMermaid(win: BrowserWindow): void {
  whenReady(win, () => {
    const mermaid = win.mermaid;
    if (!mermaid) return;
    const dark = win.document.documentElement.classList.contains('dark');
    mermaid.initialize({ startOnLoad: false, theme: dark ? 'dark' : 'default', securityLevel: 'strict' });
    void mermaid.run({ querySelector: 'pre.mermaid' });
  });
}
