import { randomBytes } from 'node:crypto';
import { AnswerProviderError, type AnswerContext, type AnswerInput, type AnswerProvider, type HistoryMessage, type SearchHit, type TokenUsage } from './answer-provider.js';
import type { TurnEnd } from './thread-store.js';
import { estimateUsage } from './token-usage.js';

/** The numbers cited in `text` (`[2]`, `[1][3]`, `[1, 3]`) that name one of `count` passages, in order of first citation. */
export function citedNumbers(text: string, count: number): number[] {
  const cited: number[] = [];
  for (const match of text.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\](?!\()/g)) {
    for (const n of (match[1] ?? '').split(',').map((s) => Number(s.trim()))) {
      if (n >= 1 && n <= count && !cited.includes(n)) cited.push(n);
    }
  }
  return cited;
}

export interface AnswerTurn {
  readonly threadId: string;
  readonly question: string;
  readonly history: readonly HistoryMessage[];
  readonly context: readonly AnswerContext[];
  /** The query as searched, sent as the `search` tool call's input `{query}`. */
  readonly query: string;
  readonly hits: readonly SearchHit[];
  readonly provider: AnswerProvider;
  /** Aborted when the client disconnects (the request's signal); the stream's cancel aborts too. */
  readonly signal: AbortSignal;
  /** Called once when the turn ends, with the text streamed so far and the cited paths. */
  readonly onEnd: (turn: { readonly messageId: string; readonly text: string; readonly sources: readonly string[]; readonly end: TurnEnd }) => void;
}

/** Message shown to the client when a provider fails with something other than an `AnswerProviderError`. */
export const GENERIC_PROVIDER_ERROR = 'The assistant could not answer. Try again later.';

/** A cited page: `id` is the citation number, `url` the passage's path, `title` its page and section. */
export interface CitedSource {
  readonly id: string;
  readonly url: string;
  readonly title: string;
}

/**
 * What happens in a turn, in order: the reply starts, the retrieval (a `search` tool call with its
 * input and output), text deltas, then either the cited sources or an error, and always a finish
 * with the thread id and the token usage. Each protocol encodes these events its own way.
 */
export type TurnEvent =
  | { readonly type: 'start'; readonly messageId: string; readonly threadId: string }
  | { readonly type: 'search'; readonly toolCallId: string; readonly query: string; readonly hits: readonly SearchHit[] }
  | { readonly type: 'text'; readonly delta: string }
  | { readonly type: 'sources'; readonly sources: readonly CitedSource[] }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'finish'; readonly end: 'stop' | 'error'; readonly threadId: string; readonly usage: TokenUsage };

/** A protocol's encoding: each event as the text sent for it, and the text that closes the stream. */
export interface TurnEncoding {
  readonly encode: (event: TurnEvent) => string;
  readonly close: string;
}

/**
 * The turn as a byte stream, encoded by `encoding()` (a new encoder per stream: encoders keep
 * state, such as whether a text block is open). A provider failure becomes an error event followed
 * by the finish. A client that goes away (the request's signal, or the stream's cancel) ends the
 * turn as `aborted` without further events; the text streamed until then is kept by `onEnd`.
 */
export function turnStream(turn: AnswerTurn, encoding: () => TurnEncoding): ReadableStream<Uint8Array> {
  const messageId = `msg_${randomBytes(12).toString('hex')}`;
  const toolCallId = `call_${randomBytes(12).toString('hex')}`;
  const cancelled = new AbortController();
  const signal = AbortSignal.any([turn.signal, cancelled.signal]);
  const input: AnswerInput = { question: turn.question, history: turn.history, context: turn.context, hits: turn.hits, signal };
  let ended = false;
  const end = (text: string, sources: readonly string[], how: TurnEnd): void => {
    if (ended) return;
    ended = true;
    turn.onEnd({ messageId, text, sources, end: how });
  };

  async function* events(): AsyncGenerator<TurnEvent> {
    let text = '';
    try {
      yield { type: 'start', messageId, threadId: turn.threadId };
      yield { type: 'search', toolCallId, query: turn.query, hits: turn.hits };
      let usage: TokenUsage | undefined;
      try {
        for await (const chunk of turn.provider.answer(input)) {
          if (signal.aborted) break;
          if (typeof chunk !== 'string') usage = chunk.usage;
          else if (chunk !== '') {
            text += chunk;
            yield { type: 'text', delta: chunk };
          }
        }
      } catch (error) {
        if (signal.aborted) return;
        end(text, [], 'error');
        yield { type: 'error', message: error instanceof AnswerProviderError ? error.message : GENERIC_PROVIDER_ERROR };
        yield { type: 'finish', end: 'error', threadId: turn.threadId, usage: usage ?? estimateUsage(input, text) };
        return;
      }
      if (signal.aborted) return;
      const cited = citedNumbers(text, turn.hits.length).map((n) => ({ n, hit: turn.hits[n - 1] as SearchHit }));
      end(text, cited.map((c) => c.hit.path), 'stop');
      if (cited.length > 0) {
        const sources = cited.map(({ n, hit }) => ({ id: String(n), url: hit.path, title: hit.metadata.section ? `${hit.metadata.title} › ${hit.metadata.section}` : hit.metadata.title }));
        yield { type: 'sources', sources };
      }
      yield { type: 'finish', end: 'stop', threadId: turn.threadId, usage: usage ?? estimateUsage(input, text) };
    } finally {
      end(text, [], 'aborted');
    }
  }

  const { encode, close } = encoding();
  const encoder = new TextEncoder();
  const stream = events();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await stream.next();
      if (!next.done) return controller.enqueue(encoder.encode(encode(next.value)));
      // A stream cut off by the client is not closed as if complete.
      if (!signal.aborted && close !== '') controller.enqueue(encoder.encode(close));
      controller.close();
    },
    async cancel() {
      cancelled.abort();
      await stream.return(undefined);
    },
  });
}
