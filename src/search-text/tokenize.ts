/**
 * How search splits text into terms: one function for the three places that must agree, or a
 * query would miss what the index holds. The build indexes pages with it
 * (src/emit/search-index.ts), the page's search script splits the reader's query with it
 * (src/client/search/, bundled by esbuild), and the assistant's retriever splits the records and
 * the question with it (src/server/assistant/retriever.ts).
 *
 * It runs in the browser, so it is plain ES2019 with Unicode property escapes (ES2018), and this
 * folder imports nothing (see .dependency-cruiser.mjs).
 */

/** Scripts written without spaces between words: Chinese, Japanese and Korean. */
const SPACELESS = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Hangul}';

/** Word separators: white space, space separators and punctuation (minisearch's default). */
const SEPARATORS = /[\s\p{Z}\p{P}]+/u;

/** A word split into its runs of spaceless script and runs of any other. */
const RUNS = new RegExp(`[${SPACELESS}]+|[^${SPACELESS}]+`, 'gu');

/** A run of spaceless script. */
const SPACELESS_RUN = new RegExp(`[${SPACELESS}]`, 'u');

/**
 * The terms of `text`, in order. Words split on spaces and punctuation; a run of Chinese,
 * Japanese or Korean script becomes overlapping two-character terms (`配置文件` → `配置`, `置文`,
 * `文件`), so any word inside it can be found; a single such character is a term of its own.
 * Case is kept (minisearch lower-cases terms itself).
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const part of String(text).split(SEPARATORS)) {
    for (const run of part.match(RUNS) ?? []) {
      if (!SPACELESS_RUN.test(run)) {
        out.push(run);
        continue;
      }
      const chars = Array.from(run);
      if (chars.length === 1) out.push(run);
      for (let k = 0; k + 1 < chars.length; k++) out.push(`${chars[k] as string}${chars[k + 1] as string}`);
    }
  }
  return out;
}
