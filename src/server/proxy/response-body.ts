import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** Media types shown as text (same rule as the page's script, src/client/playground/show-result.ts). */
const TEXT_TYPE = /^text\/|[/+](json|xml|yaml|x-yaml|javascript|ecmascript|x-www-form-urlencoded|graphql|csv|html)\b|^application\/(x-)?(ndjson|jsonl|jsonlines)\b/i;

const DECODE_FAILED = Symbol('sheaf.proxy.decode-failed');

/** True for the error of a body that could not be decompressed. */
export const isDecodeError = (err: unknown): boolean => typeof err === 'object' && err !== null && DECODE_FAILED in err;

/**
 * The stream of the decoded body: gzip, deflate and br are undone (the page could not undo them
 * from JSON), anything else (several codings, zstd…) passes as received. `decoded` says which.
 */
export function decodeBody(res: Readable, contentEncoding: string | undefined): { readonly stream: Readable; readonly decoded: boolean } {
  const coding = (contentEncoding ?? '').trim().toLowerCase();
  const decoder =
    coding === 'gzip' || coding === 'x-gzip' ? createGunzip() : coding === 'deflate' ? createInflate() : coding === 'br' ? createBrotliDecompress() : undefined;
  if (!decoder) return { stream: res, decoded: false };
  decoder.on('error', (err) => Object.defineProperty(err, DECODE_FAILED, { value: true }));
  res.on('error', (err) => decoder.destroy(err));
  return { stream: res.pipe(decoder), decoded: true };
}

/** Drops an incomplete UTF-8 sequence at the end (a body cut at the size limit). */
function completeUtf8(bytes: Buffer): Buffer {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? bytes.subarray(0, bytes.length - back) : bytes;
  }
  return bytes;
}

/** The body for JSON: `utf8` text when the media type is textual and the bytes are UTF-8, else `base64`. */
export function encodeForPage(bytes: Buffer, contentType: string | undefined, truncated: boolean): { readonly body: string; readonly bodyEncoding: 'utf8' | 'base64' } {
  if (TEXT_TYPE.test(contentType ?? '')) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(truncated ? completeUtf8(bytes) : bytes);
      return { body: text, bodyEncoding: 'utf8' };
    } catch {
      // Not UTF-8 (another charset, or mislabelled binary): the page decodes the bytes itself.
    }
  }
  return { body: bytes.toString('base64'), bodyEncoding: 'base64' };
}
