import type { AnswerChunk, AnswerInput, AnswerProvider, SearchHit } from './answer-provider.js';
import { stemOf, termsOf, wordsOf } from './query-terms.js';
import { estimateUsage } from './token-usage.js';

export interface ExtractiveOptions {
  /** Passages quoted at most; default 3. */
  readonly maxPassages?: number;
  /** Sentences quoted per passage at most; default 2. */
  readonly maxSentences?: number;
}

/** What the provider says when no passage shares a word with the question. */
export const NOTHING_FOUND =
  'I could not find anything about this in the documentation. Try different words, or ask about a specific page or feature.';

/** Characters of one quoted sentence at most; longer ones are cut at a word boundary. */
const SENTENCE_CHARS = 300;

/**
 * The embedded provider: no model and no network. It quotes the sentences of the best passages
 * that share the most words with the question (and its context), each passage with its citation `[n]`, and says
 * plainly when nothing relevant was retrieved. Same input, same answer. No model runs, so its token
 * usage is the estimate `estimateUsage` gives: what a model would have been given and written.
 */
export function createExtractiveProvider(options: ExtractiveOptions = {}): AnswerProvider {
  const maxPassages = options.maxPassages ?? 3;
  const maxSentences = options.maxSentences ?? 2;
  return {
    name: 'extractive',
    async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
      const chunks = composeAnswer(input, maxPassages, maxSentences);
      for (const chunk of chunks) {
        if (input.signal.aborted) return;
        yield chunk;
      }
      yield { usage: estimateUsage(input, chunks.join('')) };
    },
  };
}

/** The answer as chunks (one per line): an opening line, then one quoted passage per line. */
function composeAnswer(input: AnswerInput, maxPassages: number, maxSentences: number): string[] {
  const terms = termsOf([input.question, ...input.context.map((c) => c.value)].join(' '));
  const relevant = input.hits
    .map((hit, i) => ({ hit, number: i + 1, overlap: overlapOf(terms, `${hit.metadata.title} ${hit.metadata.section} ${hit.content}`) }))
    .filter((h) => h.overlap > 0)
    .slice(0, maxPassages);
  if (relevant.length === 0) return [NOTHING_FOUND];
  const lines = relevant.map(({ hit, number }) => `- **${labelOf(hit)}**: ${quoteOf(hit.content, terms, maxSentences)} [${number}]\n`);
  return ['Here is what the documentation says:\n\n', ...lines];
}

function labelOf(hit: SearchHit): string {
  return hit.metadata.section ? `${hit.metadata.title} › ${hit.metadata.section}` : hit.metadata.title;
}

/** Number of the question's terms found in `text` (as a word's stem or the start of one, like retrieval's prefix search). */
function overlapOf(terms: ReadonlySet<string>, text: string): number {
  const words = [...new Set(wordsOf(text).map(stemOf))];
  let n = 0;
  for (const t of terms) if (words.some((w) => w === t || (t.length >= 3 && w.startsWith(t)))) n++;
  return n;
}

/**
 * The run of `max` consecutive sentences of `content` sharing the most terms (on a tie, the run
 * whose first sentence matches best, then the earliest): an answer usually follows the sentence
 * that matches the question.
 */
function quoteOf(content: string, terms: ReadonlySet<string>, max: number): string {
  const sentences = content
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const scores = sentences.map((s) => overlapOf(terms, s));
  let best = 0;
  let bestScore = -1;
  for (let start = 0; start < Math.max(1, sentences.length - max + 1); start++) {
    const score = scores.slice(start, start + max).reduce((a, b) => a + b, 0);
    if (score > bestScore || (score === bestScore && (scores[start] ?? 0) > (scores[best] ?? 0))) {
      best = start;
      bestScore = score;
    }
  }
  return sentences
    .slice(best, best + max)
    .map((s) => shorten(s))
    .join(' ');
}

function shorten(sentence: string): string {
  if (sentence.length <= SENTENCE_CHARS) return sentence;
  const cut = sentence.slice(0, SENTENCE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${space > SENTENCE_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}
