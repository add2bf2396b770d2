import type { BrowserWindow } from '../shared/browser-window.js';
import { execCommandCopy } from '../shared/exec-command-copy.js';

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
