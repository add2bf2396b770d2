import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** An upstream body as the page gets it. */
export interface UpstreamBody {
  /** The decoded bytes kept: at most the limit. */
  readonly bytes: Buffer;
  /**
   * True when the page does not get the whole body: more than the limit was sent, or the body was
   * cut (the connection closed or was reset before the body's declared end, or a compressed
   * stream stopped before its own end). Never false for a body that did not arrive whole.
   */
  readonly truncated: boolean;
}

/** zlib's code for input that ends before the compressed stream does (gzip, deflate and br alike). */
const CUT_STREAM = 'Z_BUF_ERROR';

/**
 * True when an error while reading says the body stopped short rather than that it is wrong:
 * the raw response did not complete (closed or reset before its Content-Length or last chunk;
 * Node reports `aborted`/ECONNRESET), or the decoder ran out of input mid-stream.
 */
function isCut(err: unknown, response: IncomingMessage): boolean {
  return !response.complete || (err as NodeJS.ErrnoException | undefined)?.code === CUT_STREAM;
}

/**
 * Reads the decoded body `stream` of `response` up to `maxBytes` bytes (more is not read). A body
 * that stops short is returned as far as it came with `truncated: true`. Errors are rethrown when
 * `signal` aborted (the time limit or the page leaving: the caller answers those) and when the
 * body is wrong rather than short (a compressed body that is not what its label says).
 */
export async function readUpstreamBody(response: IncomingMessage, stream: Readable, maxBytes: number, signal: AbortSignal): Promise<UpstreamBody> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (total + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - total));
        return { bytes: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(buffer);
      total += buffer.length;
    }
  } catch (err) {
    if (signal.aborted || !isCut(err, response)) throw err;
    return { bytes: Buffer.concat(chunks), truncated: true };
  }
  // An end without an error is whole only if the raw message completed (belt and braces: Node
  // reports a short body as an error today, and this keeps a quiet end from passing as whole).
  return { bytes: Buffer.concat(chunks), truncated: !response.complete };
}
