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
