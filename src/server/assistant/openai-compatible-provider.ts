import { AnswerProviderError, type AnswerChunk, type AnswerInput, type AnswerProvider, type SearchHit, type TokenUsage } from './answer-provider.js';
import { sseEvents } from './sse-events.js';
import { trimTrailing } from '../../text/linear-text.js';

export interface OpenAiCompatibleOptions {
  /** API root up to the version, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  /** Sent only as `Authorization: Bearer …` to `baseUrl`; never in errors or logs. */
  readonly apiKey: string;
  readonly model: string;
  /** Injected for tests; default the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Milliseconds for the whole upstream exchange; default 60,000. */
  readonly timeoutMs?: number;
}

/** Characters of one passage, and of one context value, given to the model at most. */
const PASSAGE_CHARS = 4000;
const CONTEXT_CHARS = 2000;

/**
 * A provider that streams a model's tokens from an OpenAI-compatible chat-completions API
 * (`stream: true`: server-sent events `data: {"choices":[{"delta":{"content":"…"}}]}`, ended by
 * `data: [DONE]`). The model is told to answer only from the numbered passages and to cite them
 * `[n]`. The request asks for the token usage (`stream_options.include_usage`: a last chunk with
 * `usage` and no choices), which the provider passes on; an upstream that sends none leaves the
 * endpoint to estimate it. Failures become `AnswerProviderError`s that name the kind of failure only: the upstream
 * body and the key never reach the message.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AnswerProvider {
  const url = `${trimTrailing(options.baseUrl, '/')}/chat/completions`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    name: 'openai-compatible',
    async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([input.signal, timeout]);
      const failure = (message: string): AnswerProviderError =>
        new AnswerProviderError(timeout.aborted ? `The model provider did not answer within ${timeoutMs / 1000} s.` : message);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify({ model: options.model, stream: true, stream_options: { include_usage: true }, messages: promptOf(input) }),
          signal,
        });
      } catch {
        if (input.signal.aborted) return;
        throw failure('The model provider could not be reached.');
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw failure(`The model provider answered with HTTP ${response.status}.`);
      }
      try {
        for await (const data of sseEvents(response.body)) {
          if (data === '[DONE]') return;
          const { content, usage } = chunkOf(data);
          if (content) yield content;
          if (usage) yield { usage };
        }
      } catch (error) {
        if (input.signal.aborted) return;
        if (error instanceof AnswerProviderError) throw error;
        throw failure('The model provider’s stream broke off.');
      }
    },
  };
}

/** The text delta and the usage of one chunk; throws for a malformed chunk or an error object. */
function chunkOf(data: string): { readonly content?: string | undefined; readonly usage?: TokenUsage | undefined } {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw new AnswerProviderError('The model provider sent a malformed stream.');
  }
  if (typeof chunk !== 'object' || chunk === null) throw new AnswerProviderError('The model provider sent a malformed stream.');
  if ('error' in chunk && chunk.error) throw new AnswerProviderError('The model provider reported an error.');
  const choices = (chunk as { choices?: unknown }).choices;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  const content = (first as { delta?: { content?: unknown } } | undefined)?.delta?.content;
  return { content: typeof content === 'string' ? content : undefined, usage: usageOf((chunk as { usage?: unknown }).usage) };
}

/** `usage: {prompt_tokens, completion_tokens}` of a chunk, when both are counts. */
function usageOf(usage: unknown): TokenUsage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  const { prompt_tokens: prompt, completion_tokens: completion } = usage as { prompt_tokens?: unknown; completion_tokens?: unknown };
  const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  return isCount(prompt) && isCount(completion) ? { promptTokens: prompt, completionTokens: completion } : undefined;
}

/** Chat messages: the instructions with the numbered passages, the thread so far, the question with its context. */
export function promptOf(input: AnswerInput): { role: 'system' | 'user' | 'assistant'; content: string }[] {
  const passages = input.hits.map((hit, i) => passageOf(hit, i + 1)).join('\n\n');
  const system =
    'You answer questions about a documentation site, using only the numbered documentation passages below. ' +
    'Cite every passage you use with its number in square brackets, like [1] or [2][3]. ' +
    'If the passages do not answer the question, say plainly that the documentation does not cover it; do not guess. ' +
    'Answer in the language of the question, in Markdown.\n\n' +
    (passages ? `Passages:\n\n${passages}` : 'Passages: none matched the question.');
  const context = input.context.map((c) => {
    const value = c.value.length > CONTEXT_CHARS ? `${c.value.slice(0, CONTEXT_CHARS)}…` : c.value;
    const from = c.path ? ` (from ${c.path})` : '';
    return c.type === 'code' ? `Code the question is about${from}:\n\`\`\`\n${value}\n\`\`\`` : `Text the question is about${from}:\n> ${value.replace(/\n/g, '\n> ')}`;
  });
  const question = [input.question, ...context].join('\n\n');
  return [{ role: 'system', content: system }, ...input.history.map((m) => ({ role: m.role, content: m.content })), { role: 'user', content: question }];
}

function passageOf(hit: SearchHit, number: number): string {
  const label = hit.metadata.section ? `${hit.metadata.title} › ${hit.metadata.section}` : hit.metadata.title;
  const text = hit.content.length > PASSAGE_CHARS ? `${hit.content.slice(0, PASSAGE_CHARS)}…` : hit.content;
  return `[${number}] ${label} (${hit.path})\n${text}`;
}
