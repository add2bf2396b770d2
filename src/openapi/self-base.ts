import { collectRefs } from './collect-refs.js';

/** Base for a relative `$self` (a path such as `/apis/main.yaml`): any fixed origin compares the same. */
const PLACEHOLDER_ORIGIN = 'https://self.sheaf.invalid/';

/**
 * OpenAPI 3.2 `$self`: the URI the document gives itself, which is the base its `$ref`s resolve
 * against (RFC 3986 §5.1.1). Sheaf reads the document from the project, not from that URI, so
 * `$ref`s are rewritten to what they mean here, in place, before references are checked:
 *
 * - a `$ref` whose URI (resolved against `$self`) is `$self` itself (`main.yaml#/components/…`,
 *   `https://example.com/apis/main.yaml#/…`) becomes its fragment (`#/components/…`): the
 *   document is named by its `$self`, whatever its file is called;
 * - an absolute `$ref` (`https://example.com/apis/common.yaml#/X`, `/apis/common.yaml#/X`) whose
 *   URI is in `$self`'s folder or below becomes the relative path from there (`common.yaml#/X`):
 *   the file beside the document in the project;
 * - every other `$ref` is kept as written (a relative one already resolves beside the document,
 *   an absolute one elsewhere stays remote), and so are those inside a schema with its own `$id`,
 *   whose base is that `$id`.
 *
 * Returns how many `$ref`s were rewritten; a document without a string `$self` is not changed.
 */
export function applySelfBase(document: Record<string, unknown>, shared: boolean): number {
  const self = document.$self;
  if (typeof self !== 'string' || self.trim() === '') return 0;
  let base: URL;
  try {
    base = new URL(self.trim(), PLACEHOLDER_ORIGIN);
  } catch {
    return 0;
  }
  base.hash = '';
  const folder = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
  let rewritten = 0;
  for (const site of collectRefs(document, { idScopes: true, shared })) {
    if (site.scope || site.ref.startsWith('#')) continue;
    const hash = site.ref.indexOf('#');
    const fragment = hash === -1 ? '' : site.ref.slice(hash);
    let target: URL;
    try {
      target = new URL(site.ref, base);
    } catch {
      continue;
    }
    target.hash = '';
    let replacement: string | undefined;
    if (target.href === base.href) replacement = fragment === '' ? '#' : fragment;
    else if (isAbsolute(site.ref) && target.origin === base.origin && target.search === '' && target.pathname.startsWith(folder)) {
      replacement = target.pathname.slice(folder.length) + fragment;
    }
    if (replacement === undefined || replacement === site.ref) continue;
    site.holder.$ref = replacement;
    rewritten += 1;
  }
  return rewritten;
}

/** A URI with a scheme, a network path (`//host/…`) or an absolute path (`/apis/…`). */
function isAbsolute(ref: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(ref) || ref.startsWith('/');
}
