/** Base64 for request bodies (files, basic auth) and proxy responses, without Node's Buffer. */

/** Bytes per String.fromCharCode call: below engines' argument count limits. */
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    chunks.push(String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + CHUNK))));
  }
  return btoa(chunks.join(''));
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The UTF-8 bytes of `text`, base64 (basic auth's `user:password`). */
export function utf8Base64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

export function readFileBase64(file: Blob): Promise<string> {
  return file.arrayBuffer().then((buffer) => bytesToBase64(new Uint8Array(buffer)));
}
