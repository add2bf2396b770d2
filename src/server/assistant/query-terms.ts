/**
 * Words that say nothing about what a question is after. Left out of retrieval queries (every
 * page contains them, so they only add noise to an OR query) and of sentence scoring.
 */
const STOPWORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between both but by can could ' +
    'did do does doing done during each few for from further had has have having he her here hers him his how i if in into is it ' +
    'its itself just me more most my no nor not now of off on once only or other our ours out over own please same she should so ' +
    'some such than that the their theirs them then there these they this those through to too under until up use used using very ' +
    'want was we were what when where which while who whom why will with would you your yours'
  ).split(' '),
);

/** Lower-cased words of `text` (letters and digits, Unicode-aware), in order, repeats kept. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? [];
}

/** True for a word that carries meaning in a query: not a stopword, and not a single ASCII letter. */
export function isContentWord(word: string): boolean {
  return !STOPWORDS.has(word) && !/^[a-z]$/.test(word);
}

/**
 * A crude English stem, so that `notes`/`note`, `deleted`/`deleting`/`delete` and
 * `authenticate`/`authentication` share a form (retrieval searches stems as prefixes).
 */
export function stemOf(word: string): string {
  let w = word;
  if (w.length > 6 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Distinct stems of the content words of `text`. */
export function termsOf(text: string): Set<string> {
  return new Set(wordsOf(text).filter(isContentWord).map(stemOf));
}
