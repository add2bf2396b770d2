/**
 * The seam between the assistant endpoint and whatever writes the answer. The endpoint retrieves
 * the passages and streams the protocol; a provider only turns a question, the thread so far and
 * the numbered passages into text chunks. Citations are written `[n]`, n being the 1-based
 * position of the passage in `hits`; the endpoint turns each cited number into a source part.
 */

/** One retrieved passage: the wire type lives in src/model/assistant.ts, which the page's script reads too. */
import type { SearchHit } from '../../model/assistant.js';

export type { SearchHit };

/** A message of the thread before the current question, oldest first. */
export interface HistoryMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface AnswerContext {
  readonly type: 'code' | 'textSelection';
  readonly value: string;
  /** Path of the source file or page it comes from. */
  readonly path?: string;
}

export interface AnswerInput {
  /** The user's current question (text of the last user message). */
  readonly question: string;
  readonly history: readonly HistoryMessage[];
  /** Code or text the user pointed at along with the question (the request's `context`). */
  readonly context: readonly AnswerContext[];
  /** Passages to answer from, best first; `[n]` cites `hits[n - 1]`. */
  readonly hits: readonly SearchHit[];
  /** Aborted when the client goes away; providers stop work and end their iterable. */
  readonly signal: AbortSignal;
}

/** Tokens one answer took: what the model was given, and what it wrote. */
export interface TokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

/** A chunk of an answer: text, or the answer's token usage (once, after the text). */
export type AnswerChunk = string | { readonly usage: TokenUsage };

export interface AnswerProvider {
  /** Short name for the operator (`extractive`, `openai-compatible`). */
  readonly name: string;
  /**
   * Text chunks of the answer, in order, then its token usage if the provider knows it (the
   * endpoint estimates it otherwise: `estimateUsage`). Failures reject with an `AnswerProviderError`.
   */
  answer(input: AnswerInput): AsyncIterable<AnswerChunk>;
}

/**
 * A provider failure whose `message` is safe to send to the browser: it never holds an API key, an
 * upstream response body or an internal path. The endpoint sends it as the stream's error part;
 * any other thrown value is replaced by a generic message.
 */
export class AnswerProviderError extends Error {
  override readonly name = 'AnswerProviderError';
}
