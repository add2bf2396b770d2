import type { TurnEncoding, TurnEvent } from './answer-turn.js';

/**
 * Part codes of the AI SDK v4 data stream protocol that the v1 endpoint sends (the client rejects
 * any code it does not know): text, data, error, tool call, tool result, finish message, finish
 * step, start step, source.
 */
export type DataStreamCode = '0' | '2' | '3' | '9' | 'a' | 'd' | 'e' | 'f' | 'h';

/** One part as a line: `<code>:<JSON>\n` (LF only; newlines inside strings are JSON-escaped). */
export const dataStreamPart = (code: DataStreamCode, value: unknown): string => `${code}:${JSON.stringify(value)}\n`;

/** Headers of a data stream response (as the AI SDK's own server helpers send them). */
export const DATA_STREAM_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Vercel-AI-Data-Stream': 'v1' } as const;

/**
 * v1's encoding, in the order `streamText().toDataStream()` uses: a first step with the `search`
 * tool call and its result (`f 9 a e`), a second step with the answer's text parts and one source
 * part per cited passage (`f 0… h…`), then the finish data part carrying the thread id and the
 * finish parts with the token usage `{promptTokens, completionTokens}` (`2 e d`). A provider
 * failure sends the error part (`3`) before the finish parts, whose `finishReason` is then `error`.
 */
export function dataStreamEncoding(): TurnEncoding {
  let messageId = '';
  const encode = (event: TurnEvent): string => {
    switch (event.type) {
      case 'start':
        messageId = event.messageId;
        return dataStreamPart('f', { messageId });
      case 'search':
        return (
          dataStreamPart('9', { toolCallId: event.toolCallId, toolName: 'search', args: { query: event.query } }) +
          dataStreamPart('a', { toolCallId: event.toolCallId, result: event.hits }) +
          dataStreamPart('e', { finishReason: 'tool-calls', isContinued: false }) +
          dataStreamPart('f', { messageId })
        );
      case 'text':
        return dataStreamPart('0', event.delta);
      case 'sources':
        return event.sources.map((s) => dataStreamPart('h', { sourceType: 'url', ...s })).join('');
      case 'error':
        return dataStreamPart('3', event.message);
      case 'finish': {
        const finishReason = event.end;
        return (
          dataStreamPart('2', [{ type: 'finish', threadId: event.threadId }]) +
          dataStreamPart('e', { finishReason, usage: event.usage, isContinued: false }) +
          dataStreamPart('d', { finishReason, usage: event.usage })
        );
      }
    }
  };
  return { encode, close: '' };
}
