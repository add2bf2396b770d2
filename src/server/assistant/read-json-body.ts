/** Why a body could not be read as JSON. */
export type BodyProblem = 'too-large' | 'invalid-json';

/**
 * The request body parsed as JSON, reading at most `maxBytes` bytes: a declared
 * `Content-Length` above the cap is refused before reading, and a body that grows past it while
 * streaming is cut off.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<{ readonly value: unknown } | { readonly problem: BodyProblem }> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return { problem: 'too-large' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { problem: 'too-large' };
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: 'invalid-json' };
  }
}
