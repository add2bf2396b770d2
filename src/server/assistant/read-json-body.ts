import { readRequestCapped } from '../read-capped.js';

/** Why a body could not be read as JSON. */
export type BodyProblem = 'too-large' | 'invalid-json';

/**
 * The request body parsed as JSON, reading at most `maxBytes` bytes: a declared
 * `Content-Length` above the cap is refused before reading, and a body that grows past it while
 * streaming is cut off.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<{ readonly value: unknown } | { readonly problem: BodyProblem }> {
  const read = await readRequestCapped(request, maxBytes);
  if (read.overflow) return { problem: 'too-large' };
  // TextDecoder, not Buffer#toString: it drops a leading byte-order mark, which JSON.parse refuses.
  const text = new TextDecoder().decode(read.bytes);
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: 'invalid-json' };
  }
}
