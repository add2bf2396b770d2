/**
 * Streamed answers (server-sent events, JSON Lines, JSON text sequences), shown as they arrive.
 * Through the proxy: the page accepts `application/x-ndjson` and the proxy answers a streamed API
 * response with `PlaygroundStreamFrame` lines (src/model/playground.ts). Directly: the API's own
 * body is read chunk by chunk. Either way each piece is passed to `onProgress` with everything
 * received so far, and the whole answer is returned at the end, with a sentence saying how the
 * stream ended.
 */
import type { PlaygroundStreamFrame } from '../../model/playground.js';
import type { ShownResponse, ShownResult } from './send-request.js';
import { streamedItems } from './show-result.js';

/** Sequential media types (the same rule as the proxy's, src/server/proxy/stream-frames.ts). */
export const STREAMED_TYPE = /^\s*(text\/event-stream|application\/(x-)?(ndjson|jsonl|jsonlines)|application\/([a-z0-9.+-]+\+)?json-seq)\s*(;|$)/i;

/** What the page's request to the proxy accepts: frames for a stream, JSON for everything else. */
export const PROXY_ACCEPT = 'application/x-ndjson, application/json';

/** The frames' own media type, as the proxy answers it. */
const FRAMES_TYPE = /^\s*application\/x-ndjson\s*(;|$)/i;

/** A streamed response while it arrives: what `onProgress` is given each time more came. */
export type StreamProgress = ShownResponse;

export type OnProgress = (progress: StreamProgress) => void;

/** True when the proxy answered with frames (a streamed API response). */
export function isFrameAnswer(res: Pick<Response, 'ok' | 'headers'>): boolean {
  return res.ok && FRAMES_TYPE.test(res.headers.get('content-type') || '');
}

/** The sentence under the status once a stream is over: how many items came, and why it stopped. */
/** `1 event`, `3 lines`: the complete items `text` holds. */
function itemsText(mediaType: string, text: string): string {
  const { count, noun } = streamedItems(mediaType, text);
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export function endNote(mediaType: string, text: string, stopped: 'size-limit' | 'time-limit' | 'cut' | 'reader' | undefined): string {
  const items = itemsText(mediaType, text);
  if (stopped === 'size-limit') return `The stream was stopped at the proxy\u2019s size limit after ${items}.`;
  if (stopped === 'time-limit') return `The stream was stopped at the proxy\u2019s time limit after ${items}; the API was still sending.`;
  if (stopped === 'cut') return `The connection was cut after ${items}; the stream did not end normally.`;
  if (stopped === 'reader') return `The stream could not be read to its end after ${items}.`;
  return `The stream ended after ${items}.`;
}

/** The sentence under the status while a stream arrives. */
export function progressNote(mediaType: string, text: string): string {
  const { count, noun } = streamedItems(mediaType, text);
  return `Receiving ${noun}s as they arrive: ${count} so far.`;
}

/**
 * Reads the proxy's frames from `res` (see `PlaygroundStreamFrame`), calling `onProgress` after
 * the head and after each chunk, and returns the whole answer. A stream that stops without an
 * `end` frame (the site's connection dropped) is returned as far as it came, saying so.
 */
export async function readFrameAnswer(res: Response, onProgress: OnProgress | undefined): Promise<ShownResult> {
  const reader = res.body ? res.body.getReader() : null;
  if (!reader) return { error: 'The playground proxy answered with a stream the browser cannot read.' };
  const decoder = new TextDecoder();
  let pending = '';
  let head: Extract<PlaygroundStreamFrame, { head: unknown }>['head'] | undefined;
  let text = '';
  let result: ShownResult | undefined;
  const shown = (notes: string[], durationMs?: number): ShownResponse => ({
    status: head ? head.status : 0,
    statusText: head ? head.statusText : '',
    headers: head ? head.headers : {},
    bytes: null,
    text,
    durationMs,
    notes,
  });
  const mediaType = (): string => {
    const headers = head ? head.headers : {};
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') return headers[name] as string;
    return '';
  };
  const take = (frame: PlaygroundStreamFrame): void => {
    if ('head' in frame) head = frame.head;
    else if ('chunk' in frame) text += frame.chunk;
    else if ('end' in frame) result = shown([endNote(mediaType(), text, frame.end.stopped)], frame.end.durationMs);
    else if ('error' in frame) result = { error: `The playground proxy could not complete the request: ${frame.error.message} (${frame.error.code})` };
    if (!result && head && onProgress) onProgress(shown([progressNote(mediaType(), text)]));
  };
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      break;
    }
    if (next.done) break;
    pending += decoder.decode(next.value, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline !== -1 && !result) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line !== '') take(JSON.parse(line) as PlaygroundStreamFrame);
      newline = pending.indexOf('\n');
    }
    if (result) {
      // The proxy closes right after its last frame: read to that close (cancelling would abort the request).
      try {
        while (!(await reader.read()).done);
      } catch {
        // the result is complete either way
      }
      return result;
    }
  }
  if (!head) return { error: 'The playground proxy\u2019s stream ended before the API answered.' };
  return shown([`The site\u2019s connection ended before the stream did, after ${itemsText(mediaType(), text)}.`]);
}

/**
 * Reads a streamed body the browser fetched itself, chunk by chunk as text (UTF-8), calling
 * `onProgress` after each, and returns the whole answer (`base` gives its status and headers).
 */
export async function readDirectStream(
  res: Response,
  base: Omit<ShownResponse, 'bytes' | 'text' | 'durationMs'>,
  elapsed: () => number,
  onProgress: OnProgress | undefined,
): Promise<ShownResponse> {
  const mediaType = res.headers.get('content-type') || '';
  const decoder = new TextDecoder();
  let text = '';
  let stopped: 'reader' | undefined;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      stopped = 'reader';
      break;
    }
    if (next.done) break;
    text += decoder.decode(next.value, { stream: true });
    if (onProgress) onProgress({ ...base, bytes: null, text, durationMs: undefined, notes: [...base.notes, progressNote(mediaType, text)] });
  }
  text += decoder.decode();
  return { ...base, bytes: null, text, durationMs: elapsed(), notes: [...base.notes, endNote(mediaType, text, stopped)] };
}
