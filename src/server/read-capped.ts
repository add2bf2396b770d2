/** Bytes read from a stream, at most a limit. */
export interface CappedBytes {
  readonly bytes: Buffer;
  /** True when the stream had more than the limit (the rest was not read). */
  readonly overflow: boolean;
}

/**
 * Reads a stream up to `maxBytes` bytes. On more, stops reading (leaving the loop closes a Node
 * stream and cancels a web stream) and reports the overflow with the first `maxBytes` bytes.
 */
export async function readCapped(stream: AsyncIterable<Uint8Array | string>, maxBytes: number): Promise<CappedBytes> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (total + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - total));
      return { bytes: Buffer.concat(chunks), overflow: true };
    }
    chunks.push(buffer);
    total += buffer.length;
  }
  return { bytes: Buffer.concat(chunks), overflow: false };
}

/** A web stream as an async iterable (cancelled when the reader stops early). */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * A request's body, at most `maxBytes` bytes: a declared `Content-Length` above the cap is an
 * overflow before anything is read; a body growing past it while streaming is cut off.
 */
export async function readRequestCapped(request: Request, maxBytes: number): Promise<CappedBytes> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return { bytes: Buffer.alloc(0), overflow: true };
  return request.body ? readCapped(chunksOf(request.body), maxBytes) : { bytes: Buffer.alloc(0), overflow: false };
}
