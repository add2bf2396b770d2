import type { BrowserWindow } from './browser-window.js';

/**
 * Copies `text` the pre-Clipboard-API way (pages not served securely, browsers without the API):
 * a hidden read-only textarea, selected, and `execCommand('copy')`. Returns whether it worked.
 */
export function execCommandCopy(win: BrowserWindow, text: string): boolean {
  const doc = win.document;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = doc.execCommand('copy');
  } catch {
    ok = false;
  }
  doc.body.removeChild(area);
  return ok;
}
