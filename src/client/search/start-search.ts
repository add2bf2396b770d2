/**
 * Sheaf search: the engine (search-engine.ts) as window.SheafSearch, and the dialog
 * (search-dialog.ts). Runs deferred, in any order with the other Sheaf scripts.
 */
import type { BrowserWindow } from '../shared/browser-window.js';
import { startSearchDialog } from './search-dialog.js';
import { createSearchEngine } from './search-engine.js';

export function startSearch(win: BrowserWindow): void {
  const engine = createSearchEngine(win);
  win.SheafSearch = engine;
  startSearchDialog(win, engine);
}
