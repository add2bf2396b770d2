/**
 * The one rule for names inside a bundle and for paths served from it: relative POSIX paths of
 * plain segments. Anything that could reach outside the version folder, or that two file systems
 * could read differently, is refused rather than repaired.
 */

/** Bytes in a whole path and in one segment (common file-system limits). */
const MAX_PATH_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;

export type EntryPathCheck = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

/**
 * Checks an archive entry name; returns the path without a leading `./` and a trailing `/`.
 * Refused: empty names, NUL and control characters, backslashes, absolute paths (`/x`, `C:x`),
 * `..`, `.` and empty segments (`a//b`).
 */
export function checkEntryPath(name: string): EntryPathCheck {
  const fail = (reason: string): EntryPathCheck => ({ ok: false, reason });
  if (/[\u0000-\u001f\u007f]/.test(name)) return fail('a control character in the name');
  if (name.includes('\\')) return fail('a backslash in the name');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return fail('an absolute path');
  let rest = name.startsWith('./') ? name.slice(2) : name;
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  if (rest === '') return fail('an empty name');
  if (Buffer.byteLength(rest) > MAX_PATH_BYTES) return fail(`a name longer than ${MAX_PATH_BYTES} bytes`);
  for (const segment of rest.split('/')) {
    if (segment === '..') return fail('a `..` segment (path traversal)');
    if (segment === '' || segment === '.') return fail('an empty or `.` segment');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return fail(`a segment longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  return { ok: true, path: rest };
}
