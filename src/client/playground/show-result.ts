/**
 * The result in the form: [data-pg-state] (role=status), section[data-pg-response] with
 * [data-pg-out-status] (data-range 2xx…5xx or error), [data-pg-out-time], [data-pg-out-message],
 * details[data-pg-out-headers-box] > dl[data-pg-out-headers], code[data-pg-out-body] in a <pre>.
 * A streamed response (server-sent events, JSON Lines) is shown while it arrives
 * (`showStreamProgress`, the section marked `data-streaming`), then as a whole.
 */
import type { ShownResponse, ShownResult } from './send-request.js';

/** Media types shown as text even when their bytes are not valid UTF-8 (same rule as src/server/proxy/response-body.ts). */
const TEXT_TYPE = /^text\/|[/+](json|xml|yaml|x-yaml|javascript|ecmascript|x-www-form-urlencoded|graphql|csv|html)\b|^application\/(x-)?(ndjson|jsonl|jsonlines)\b/i;
const JSON_TYPE = /[/+]json\b/i;

/** A header's value by name, any case (the last such header when several differ only in case). */
export function headerValue(headers: Readonly<Record<string, string>>, name: string): string {
  let found = '';
  for (const k of Object.keys(headers)) if (k.toLowerCase() === name) found = headers[k] as string;
  return found;
}

/** The body as display text: JSON pretty-printed, other text as is, binary described. */
export function bodyText(result: ShownResponse): string {
  const type = headerValue(result.headers, 'content-type');
  let text = result.text;
  if (text === null) {
    const bytes = result.bytes || new Uint8Array(0);
    if (!bytes.length) return '';
    try {
      text = new TextDecoder('utf-8', { fatal: !TEXT_TYPE.test(type) }).decode(bytes);
    } catch {
      return `(${bytes.length} bytes of binary data${type ? `, ${type}` : ''})`;
    }
  }
  if (JSON_TYPE.test(type) || (!type && /^\s*[[{]/.test(text))) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }
  return text;
}

/** What one item of a sequential media type is called, and how many complete ones `text` holds. */
export function streamedItems(mediaType: string, text: string): { readonly count: number; readonly noun: 'event' | 'line' | 'record' } {
  const type = (mediaType.split(';')[0] || '').trim().toLowerCase();
  if (type === 'text/event-stream') {
    // An event ends at a blank line (RFC: "\n\n", "\r\n\r\n" or "\r\r"); comment-only blocks are no events.
    const blocks = text.replace(/\r\n?/g, '\n').split(/\n\n/);
    blocks.pop(); // the part after the last blank line is not complete yet
    return { count: blocks.filter((b) => b.split('\n').some((l) => l !== '' && l.charAt(0) !== ':')).length, noun: 'event' };
  }
  if (/json-seq$/.test(type)) return { count: text.split('\u001e').length - 1, noun: 'record' };
  return { count: text.split('\n').slice(0, -1).filter((l) => l.trim() !== '').length, noun: 'line' };
}

/** The form's output element `[data-pg-<name>]`. */
export function part(form: Element, name: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[data-pg-${name}]`);
}

export function setText(el: Element | null, text: string): void {
  if (el) el.textContent = text;
}

function showMessage(form: Element, text: string): void {
  const message = part(form, 'out-message');
  if (!message) return;
  message.textContent = text;
  message.hidden = !text;
}

/** The body text in its <pre>; the <pre> is hidden when there is nothing to show. */
function showBody(form: Element, text: string): void {
  const code = part(form, 'out-body');
  if (!code) return;
  code.textContent = text;
  if (code.parentElement) code.parentElement.hidden = !text;
}

export function showResult(form: Element, result: ShownResult): void {
  const doc = form.ownerDocument;
  const section = part(form, 'response');
  if (section) {
    section.hidden = false;
    section.removeAttribute('data-streaming');
  }
  const headersBox = part(form, 'out-headers-box');
  const list = part(form, 'out-headers');
  const status = part(form, 'out-status');
  if ('error' in result) {
    setText(part(form, 'state'), 'The request failed.');
    setText(status, 'Error');
    if (status) status.setAttribute('data-range', 'error');
    setText(part(form, 'out-time'), '');
    showMessage(form, result.error);
    if (headersBox) headersBox.hidden = true;
    showBody(form, '');
    return;
  }
  const line = String(result.status) + (result.statusText ? ` ${result.statusText}` : '');
  const time = typeof result.durationMs === 'number' ? `${Math.round(result.durationMs)} ms` : '';
  setText(part(form, 'state'), `Response: ${line}${time ? `, ${time}` : ''}`);
  setText(status, line);
  if (status) status.setAttribute('data-range', `${String(result.status).charAt(0)}xx`);
  setText(part(form, 'out-time'), time);
  showMessage(form, result.notes.join(' '));
  if (list) {
    list.textContent = '';
    for (const name of Object.keys(result.headers).sort()) {
      const dt = doc.createElement('dt');
      dt.textContent = name;
      const dd = doc.createElement('dd');
      dd.textContent = result.headers[name] as string;
      list.appendChild(dt);
      list.appendChild(dd);
    }
  }
  if (headersBox) headersBox.hidden = Object.keys(result.headers).length === 0;
  showBody(form, bodyText(result) || '(empty body)');
}

/**
 * A streamed response while it arrives: status, headers and the body so far (scrolled to its end
 * unless the reader scrolled up), the count so far in the message, "Receiving…" announced in the
 * status. `showResult` shows the whole answer when the stream is over.
 */
export function showStreamProgress(form: Element, progress: ShownResponse): void {
  const code = part(form, 'out-body');
  const box = code ? code.parentElement : null;
  const atEnd = !box || box.scrollHeight - box.scrollTop - box.clientHeight < 8;
  showResult(form, progress);
  const section = part(form, 'response');
  if (section) section.setAttribute('data-streaming', '');
  setText(part(form, 'state'), `Receiving: ${String(progress.status)}${progress.statusText ? ` ${progress.statusText}` : ''}`);
  if (box && atEnd) box.scrollTop = box.scrollHeight;
}
