/** Matched words in result titles and excerpts, wrapped in <mark>. */
import type { SearchHit } from './search-engine.js';

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One pattern for the words to mark: the index terms the hits matched and the typed words
 * (split by the index's tokenizer, else at spaces), lower-cased, each once, longest first so a
 * longer word wins over its prefix. Null when there is no word.
 */
export function patternOf(hits: readonly SearchHit[], text: string, tokenize: ((text: string) => string[]) | null): RegExp | null {
  const seen = new Set<string>();
  const list: string[] = [];
  const add = (word: unknown): void => {
    const w = String(word).toLowerCase();
    if (w && !seen.has(w)) {
      seen.add(w);
      list.push(w);
    }
  };
  for (const hit of hits) for (const term of hit.terms) add(term);
  for (const word of tokenize ? tokenize(text) : text.split(/\s+/)) add(word);
  if (!list.length) return null;
  list.sort((a, b) => b.length - a.length);
  return new RegExp(list.map(escapeRegExp).join('|'), 'gi');
}

/** Appends `text` to `parent`, with the matches of `pattern` wrapped in <mark>. */
export function highlight(parent: Node, text: string, pattern: RegExp | null): void {
  const doc = parent.ownerDocument as Document;
  if (!pattern) {
    parent.appendChild(doc.createTextNode(text));
    return;
  }
  let last = 0;
  text.replace(pattern, (match: string, offset: number) => {
    if (offset > last) parent.appendChild(doc.createTextNode(text.slice(last, offset)));
    const mark = doc.createElement('mark');
    mark.textContent = match;
    parent.appendChild(mark);
    last = offset + match.length;
    return match;
  });
  if (last < text.length) parent.appendChild(doc.createTextNode(text.slice(last)));
}
