import { trimTrailing } from '../../text/linear-text.js';
/**
 * `srcset` values (`a.png 1x, b.png 2x`) read as the HTML standard's "parse a srcset attribute"
 * algorithm reads them: candidates split at commas that follow a URL or end a descriptor list
 * (a comma inside a URL such as a `data:` URL stays in it; one inside parentheses of a
 * descriptor too), each a URL and its descriptors. Used to rewrite each URL of an `<img>` or
 * `<source>` and to check them in the built site.
 */

export interface SrcsetCandidate {
  readonly url: string;
  /** The descriptors as written (`2x`, `480w`), whitespace collapsed; `''` for none. */
  readonly descriptors: string;
}

const SPACE = /[\t\n\f\r ]/;

export function parseSrcset(value: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && (SPACE.test(value[i] as string) || value[i] === ',')) i += 1;
    if (i >= value.length) break;
    const start = i;
    while (i < value.length && !SPACE.test(value[i] as string)) i += 1;
    let url = value.slice(start, i);
    let descriptors = '';
    if (url.endsWith(',')) url = trimTrailing(url, ',');
    else {
      // Descriptors run to the next comma outside parentheses.
      let depth = 0;
      const from = i;
      while (i < value.length && !(value[i] === ',' && depth === 0)) {
        if (value[i] === '(') depth += 1;
        else if (value[i] === ')' && depth > 0) depth -= 1;
        i += 1;
      }
      descriptors = value.slice(from, i).trim().replace(/[\t\n\f\r ]+/g, ' ');
      i += 1;
    }
    if (url) out.push({ url, descriptors });
  }
  return out;
}

/** A srcset from candidates: `url descriptors` joined by `, `. */
export function formatSrcset(candidates: readonly SrcsetCandidate[]): string {
  return candidates.map((c) => (c.descriptors ? `${c.url} ${c.descriptors}` : c.url)).join(', ');
}
