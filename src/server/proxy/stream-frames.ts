import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { PlaygroundStreamFrame } from '../../model/playground.js';
import { isDecodeError } from './response-body.js';

/**
 * Sequential media types the proxy streams to a page that accepts it: server-sent events, JSON
 * Lines / NDJSON and JSON text sequences (the same rule as the page's script,
 * src/client/playground/stream-response.ts).
 */
export const STREAMED_TYPE = /^\s*(text\/event-stream|application\/(x-)?(ndjson|jsonl|jsonlines)|application\/([a-z0-9.+-]+\+)?json-seq)\s*(;|$)/i;

/** What a page sends in `Accept` to take a streamed answer (`PlaygroundStreamFrame` lines). */
export const FRAMES_TYPE = 'application/x-ndjson';

/** zlib's code for input that ends before the compressed stream does (as in read-upstream-body.ts). */
const CUT_STREAM = 'Z_BUF_ERROR';

export interface FrameInput {
  /** The upstream response, its head already arrived. */
  readonly response: IncomingMessage;
  /** Its decoded body. */
  readonly body: Readable;
  /** The head frame (status, status text, forwarded headers). */
  readonly head: Extract<PlaygroundStreamFrame, { head: unknown }>['head'];
  /** Decoded body bytes passed on, at most; then the stream stops (`size-limit`). */
  readonly maxBytes: number;
  /** True once the exchange's time limit has passed (the body then errors: `time-limit`). */
  readonly timedOut: () => boolean;
  /** Aborts the exchange (the page went away). */
  readonly abort: () => void;
  /** Clears the time limit and closes the connection; called once, when the stream ends either way. */
  readonly release: () => void;
  /** Milliseconds on a monotonic clock, and when the request started on it. */
  readonly now: () => number;
  readonly started: number;
}

const encoder = new TextEncoder();
const line = (frame: PlaygroundStreamFrame): Uint8Array => encoder.encode(`${JSON.stringify(frame)}\n`);

/**
 * The answer to a page for a streamed upstream body: `PlaygroundStreamFrame`s as NDJSON, the head
 * first, then each piece of the body as it is read (UTF-8 decoded across chunk boundaries;
 * invalid bytes become U+FFFD), then `end`. Read on demand (the page's pace), so nothing piles up
 * here. The stream stops at `maxBytes`, at the time limit and when the API cuts the connection,
 * each said in `end.stopped`; a body that is wrong rather than short (a compressed body that is
 * not what its label says) ends with an `error` frame. Cancelling it (the page left) aborts the
 * exchange.
 */
export function frameStream(input: FrameInput): ReadableStream<Uint8Array> {
  const iterator = (input.body as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const decoder = new TextDecoder('utf-8');
  let sent = 0;
  let headSent = false;
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    input.release();
  };
  const finish = (controller: ReadableStreamDefaultController<Uint8Array>, stopped?: 'size-limit' | 'time-limit' | 'cut'): void => {
    const rest = decoder.decode();
    if (rest !== '') controller.enqueue(line({ chunk: rest }));
    const durationMs = Math.round(input.now() - input.started);
    controller.enqueue(line({ end: { durationMs, truncated: stopped !== undefined, ...(stopped ? { stopped } : {}) } }));
    controller.close();
    release();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headSent) {
        headSent = true;
        controller.enqueue(line({ head: input.head }));
        return;
      }
      try {
        const next = await iterator.next();
        if (next.done) return finish(controller, input.response.complete ? undefined : 'cut');
        const bytes = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
        const room = input.maxBytes - sent;
        const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
        sent += kept.length;
        const text = decoder.decode(kept, { stream: true });
        if (text !== '') controller.enqueue(line({ chunk: text }));
        if (bytes.length > room) finish(controller, 'size-limit');
      } catch (err) {
        if (input.timedOut()) return finish(controller, 'time-limit');
        // As read-upstream-body.ts: a body that stops short is a cut stream, one that is wrong an error.
        if (!input.response.complete || (err as NodeJS.ErrnoException | undefined)?.code === CUT_STREAM) return finish(controller, 'cut');
        const message = isDecodeError(err)
          ? 'The API sent a compressed body the proxy could not decode.'
          : `The API's stream failed: ${err instanceof Error ? err.message : String(err)}.`;
        controller.enqueue(line({ error: { code: 'proxy/upstream-failed', message } }));
        controller.close();
        release();
      }
    },
    cancel() {
      input.abort();
      release();
    },
  });
}
