import type { TokenUsage } from './answer-provider.js';
import type { TurnEncoding, TurnEvent } from './answer-turn.js';

/** Headers of a UI message stream response, as the AI SDK's own `createUIMessageStreamResponse` sends them. */
export const UI_MESSAGE_STREAM_HEADERS = { 'Content-Type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } as const;

/** One chunk as a server-sent event: `data: <JSON>` and a blank line. */
export const uiMessageChunk = (chunk: { readonly type: string } & Record<string, unknown>): string => `data: ${JSON.stringify(chunk)}\n\n`;

/** The event that ends a complete stream, as the AI SDK's `JsonToSseTransformStream` sends it. */
const DONE = 'data: [DONE]\n\n';

/**
 * The metadata v2 gives the answer (`message.metadata` in the client): the thread id, and at the
 * finish the token usage with the names of AI SDK 5's `LanguageModelUsage`.
 */
export interface AnswerMetadata {
  readonly threadId: string;
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number; readonly totalTokens: number };
}

const usageOf = (usage: TokenUsage): NonNullable<AnswerMetadata['usage']> => ({
  inputTokens: usage.promptTokens,
  outputTokens: usage.completionTokens,
  totalTokens: usage.promptTokens + usage.completionTokens,
});

/**
 * v2's encoding, the AI SDK 5+ UI message stream in the order `streamText().toUIMessageStream()`
 * uses: `start`; a first step with the `search` tool call (`tool-input-available`, input `{query}`)
 * and its output (`tool-output-available`, the hits); a second step with the text
 * (`text-start`, `text-delta`…, `text-end`) and one `source-url` per cited page; `finish`; then
 * `data: [DONE]`. A provider failure sends an `error` chunk, then still the finish.
 *
 * The thread id travels as message metadata, never as a key of its own: `{type:'finish',
 * threadId}` is refused by the chunk schemas of AI SDK 5.0.0 and 6.0.0, which are strict objects
 * (later patch releases loosened them), and 5.0.0's finish takes no `finishReason` either. So
 * `start` and `finish` carry `messageMetadata: {threadId}` (the finish adds `usage`), which every
 * release of 5, 6 and 7 accepts; the client reads it as `message.metadata.threadId`, and the
 * response's `X-Thread-Id` header holds it too.
 */
export function uiMessageStreamEncoding(): TurnEncoding {
  let textId = '';
  let textOpen = false;
  const endText = (): string => {
    if (!textOpen) return '';
    textOpen = false;
    return uiMessageChunk({ type: 'text-end', id: textId });
  };
  const encode = (event: TurnEvent): string => {
    switch (event.type) {
      case 'start':
        textId = `text_${event.messageId.slice('msg_'.length)}`;
        return uiMessageChunk({ type: 'start', messageId: event.messageId, messageMetadata: { threadId: event.threadId } satisfies AnswerMetadata });
      case 'search':
        return (
          uiMessageChunk({ type: 'start-step' }) +
          uiMessageChunk({ type: 'tool-input-available', toolCallId: event.toolCallId, toolName: 'search', input: { query: event.query } }) +
          uiMessageChunk({ type: 'tool-output-available', toolCallId: event.toolCallId, output: event.hits }) +
          uiMessageChunk({ type: 'finish-step' }) +
          uiMessageChunk({ type: 'start-step' })
        );
      case 'text': {
        const start = textOpen ? '' : uiMessageChunk({ type: 'text-start', id: textId });
        textOpen = true;
        return start + uiMessageChunk({ type: 'text-delta', id: textId, delta: event.delta });
      }
      case 'sources':
        return endText() + event.sources.map((s) => uiMessageChunk({ type: 'source-url', sourceId: s.id, url: s.url, title: s.title })).join('');
      case 'error':
        return endText() + uiMessageChunk({ type: 'error', errorText: event.message });
      case 'finish':
        return (
          endText() +
          uiMessageChunk({ type: 'finish-step' }) +
          uiMessageChunk({ type: 'finish', messageMetadata: { threadId: event.threadId, usage: usageOf(event.usage) } satisfies AnswerMetadata })
        );
    }
  };
  return { encode, close: DONE };
}
