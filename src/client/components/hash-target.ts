/** The element a URL fragment (`#id`, percent-encoded or not) points at, or null. */
export function targetOf(doc: Document, hash: string | null): HTMLElement | null {
  if (!hash || hash.charAt(0) !== '#' || hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep the raw id */
  }
  return doc.getElementById(id);
}
