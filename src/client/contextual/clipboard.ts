import type { BrowserWindow } from '../shared/browser-window.js';

/** The pre-Clipboard-API way (pages not served securely, browsers without the API). */
function execCommandCopy(win: BrowserWindow, text: string): boolean {
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

/**
 * Puts a text that is still being fetched on the clipboard; resolves to whether it got there.
 * First as a `ClipboardItem` holding the promise, written at once within the click (Safari
 * allows the write only while the click's activation lasts, and takes the text when it comes),
 * then with `writeText` once the text is there, then with `execCommand('copy')`.
 */
export async function copyText(win: BrowserWindow, text: Promise<string>): Promise<boolean> {
  const clipboard = win.navigator.clipboard;
  const Item = (win as unknown as { ClipboardItem?: typeof ClipboardItem }).ClipboardItem;
  if (clipboard && win.isSecureContext) {
    if (Item && typeof clipboard.write === 'function') {
      try {
        const blob = text.then((t) => new win.Blob([t], { type: 'text/plain' }));
        await clipboard.write([new Item({ 'text/plain': blob })]);
        return true;
      } catch {
        // Not allowed this way (an older browser, a ClipboardItem without promises): try writeText.
      }
    }
    let value: string;
    try {
      value = await text;
    } catch {
      return false;
    }
    if (typeof clipboard.writeText === 'function') {
      try {
        await clipboard.writeText(value);
        return true;
      } catch {
        return execCommandCopy(win, value);
      }
    }
    return execCommandCopy(win, value);
  }
  try {
    return execCommandCopy(win, await text);
  } catch {
    return false;
  }
}
