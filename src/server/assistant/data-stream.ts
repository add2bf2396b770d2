import { randomBytes } from 'node:crypto';
import { AnswerProviderError, type AnswerContext, type AnswerProvider, type HistoryMessage, type SearchHit } from './answer-provider.js';
import type { TurnEnd } from './thread-store.js';

/**
 * Part codes of the AI SDK v4 data stream protocol that this endpoint sends (the client rejects
 * any code it does not know): text, data, error, tool call, tool result, finish message, finish
 * step, start step, source.
 */
export type DataStreamCode = '0' | '2' | '3' | '9' | 'a' | 'd' | 'e' | 'f' | 'h';

/** One part as a line: `<code>:<JSON>\n` (LF only; newlines inside strings are JSON-escaped). */
export const dataStreamPart = (code: DataStreamCode, value: unknown): string => `${code}:${JSON.stringify(value)}\n`;

/** Headers of a data stream response (as the AI SDK's own server helpers send them). */
export const DATA_STREAM_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Vercel-AI-Data-Stream': 'v1' } as const;

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
  /** The query as searched, sent as the `search` tool call's `args.query`. */
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

/**
 * The reply as a data stream, in the order `streamText().toDataStream()` uses: a first step with the
 * `search` tool call and its result (`f 9 a e`), a second step with the answer's text parts, one
 * source part per cited passage, the finish data part carrying the thread id, and the finish
 * parts (`f 0… h… 2 e d`). A provider failure ends the stream with an error part (`3`) instead.
 */
export function answerStream(turn: AnswerTurn): ReadableStream<Uint8Array> {
  const messageId = `msg_${randomBytes(12).toString('hex')}`;
  const toolCallId = `call_${randomBytes(12).toString('hex')}`;
  const cancelled = new AbortController();
  const signal = AbortSignal.any([turn.signal, cancelled.signal]);
  let ended = false;
  const end = (text: string, sources: readonly string[], how: TurnEnd): void => {
    if (ended) return;
    ended = true;
    turn.onEnd({ messageId, text, sources, end: how });
  };

  async function* parts(): AsyncGenerator<string> {
    let text = '';
    try {
      yield dataStreamPart('f', { messageId });
      yield dataStreamPart('9', { toolCallId, toolName: 'search', args: { query: turn.query } });
      yield dataStreamPart('a', { toolCallId, result: turn.hits });
      yield dataStreamPart('e', { finishReason: 'tool-calls', isContinued: false });
      yield dataStreamPart('f', { messageId });
      try {
        for await (const chunk of turn.provider.answer({ question: turn.question, history: turn.history, context: turn.context, hits: turn.hits, signal })) {
          if (signal.aborted) break;
          if (chunk === '') continue;
          text += chunk;
          yield dataStreamPart('0', chunk);
        }
      } catch (error) {
        if (signal.aborted) return;
        end(text, [], 'error');
        yield dataStreamPart('3', error instanceof AnswerProviderError ? error.message : GENERIC_PROVIDER_ERROR);
        return;
      }
      if (signal.aborted) return;
      const cited = citedNumbers(text, turn.hits.length).map((n) => ({ n, hit: turn.hits[n - 1] as SearchHit }));
      for (const { n, hit } of cited) {
        const title = hit.metadata.section ? `${hit.metadata.title} › ${hit.metadata.section}` : hit.metadata.title;
        yield dataStreamPart('h', { sourceType: 'url', id: String(n), url: hit.path, title });
      }
      end(text, cited.map((c) => c.hit.path), 'stop');
      yield dataStreamPart('2', [{ type: 'finish', threadId: turn.threadId }]);
      yield dataStreamPart('e', { finishReason: 'stop', isContinued: false });
      yield dataStreamPart('d', { finishReason: 'stop' });
    } finally {
      end(text, [], 'aborted');
    }
  }

  const encoder = new TextEncoder();
  const lines = parts();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      cancelled.abort();
      await lines.return(undefined);
    },
  });
}
