/**
 * Reading the answer: the AI SDK 5+ UI message stream (Server-Sent Events whose `data` is one
 * JSON chunk each, ended by `data: [DONE]`), read as it arrives. `start` (messageId),
 * `start-step`, the `search` tool's `tool-input-available` and `tool-output-available` (the
 * passages `[n]` cites), `text-start`/`text-delta`/`text-end`, `source-url` (sourceId n, url
 * route#anchor, title), `error` (errorText), `finish` (the thread id, top-level or in
 * `messageMetadata`). Other chunk types and unreadable events are skipped, not fatal.
 */
import { newId, type SourcePart, type TextPart, type UiMessage } from './ui-message.js';

/** One chunk of the stream: a JSON object with a string `type`. */
export type Chunk = { readonly type: string; readonly [field: string]: unknown };

/** The assistant's reply being read: the UI message the AI SDK would build, plus what the panel shows. */
export interface Reply {
  message: UiMessage;
  /** The `search` tool's output: the passages `[n]` cites (as sent; read defensively). */
  hits: readonly unknown[];
  sources: SourcePart[];
  threadId: string;
  /** Why there is no (complete) answer, for the reader; `''` when none. */
  error: string;
  finished: boolean;
  /** The text part being appended to, by its stream id. */
  textParts: { [id: string]: TextPart };
  /** Tool calls of the `search` tool seen so far, by id. */
  searchCalls: string[];
}

export interface EventSplitter {
  /** The `data` of each event completed by `text`. */
  push(text: string): string[];
  /** The data of an event the stream ended without a blank line after. */
  end(): string[];
}

/** Splits decoded text into server-sent events as it arrives (LF or CRLF lines; `data:` lines joined; other fields ignored). */
export function eventSplitter(): EventSplitter {
  let rest = '';
  let data: string[] = [];
  const line = (text: string, out: string[]): void => {
    if (text === '') {
      if (data.length) out.push(data.join('\n'));
      data = [];
    } else if (text.indexOf('data:') === 0) {
      const value = text.slice(5);
      data.push(value.charAt(0) === ' ' ? value.slice(1) : value);
    }
  };
  return {
    push(text) {
      rest += text;
      const out: string[] = [];
      for (let cut = rest.indexOf('\n'); cut >= 0; cut = rest.indexOf('\n')) {
        line(rest.slice(0, cut).replace(/\r$/, ''), out);
        rest = rest.slice(cut + 1);
      }
      return out;
    },
    end() {
      const out: string[] = [];
      if (rest) line(rest.replace(/\r$/, ''), out);
      rest = '';
      line('', out);
      return out;
    },
  };
}

/** An event's data as a chunk, or null for `[DONE]` and anything unreadable (skipped). */
export function parseChunk(data: string): Chunk | null {
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string' ? (value as Chunk) : null;
  } catch {
    return null;
  }
}

export function createReply(): Reply {
  return { message: { id: newId(), role: 'assistant', parts: [] }, hits: [], sources: [], threadId: '', error: '', finished: false, textParts: {}, searchCalls: [] };
}

/** The thread id a chunk carries: `threadId` beside `type` or inside `messageMetadata`. */
function threadOf(chunk: Chunk): string {
  if (typeof chunk['threadId'] === 'string') return chunk['threadId'];
  const meta = chunk['messageMetadata'];
  const inMeta = meta && typeof meta === 'object' ? (meta as { readonly threadId?: unknown }).threadId : undefined;
  return typeof inMeta === 'string' ? inMeta : '';
}

/** Applies one chunk to the reply. */
export function applyChunk(reply: Reply, chunk: Chunk): void {
  const parts = reply.message.parts;
  const id = typeof chunk['id'] === 'string' ? chunk['id'] : '';
  const thread = threadOf(chunk);
  if (thread) reply.threadId = thread;
  switch (chunk.type) {
    case 'start':
      if (typeof chunk['messageId'] === 'string' && chunk['messageId']) reply.message.id = chunk['messageId'];
      break;
    case 'start-step':
      parts.push({ type: 'step-start' });
      break;
    case 'text-start': {
      const part: TextPart = { type: 'text', text: '' };
      reply.textParts[id] = part;
      parts.push(part);
      break;
    }
    case 'text-delta': {
      if (typeof chunk['delta'] !== 'string') break;
      let part = reply.textParts[id];
      if (!part) {
        part = { type: 'text', text: '' };
        reply.textParts[id] = part;
        parts.push(part);
      }
      part.text += chunk['delta'];
      break;
    }
    case 'tool-input-available':
      if (chunk['toolName'] === 'search' && typeof chunk['toolCallId'] === 'string') reply.searchCalls.push(chunk['toolCallId']);
      break;
    case 'tool-output-available':
      if (reply.searchCalls.indexOf(String(chunk['toolCallId'])) >= 0 && Array.isArray(chunk['output'])) reply.hits = chunk['output'];
      break;
    case 'source-url': {
      if (typeof chunk['sourceId'] !== 'string' || typeof chunk['url'] !== 'string') break;
      const source: SourcePart = { type: 'source-url', sourceId: chunk['sourceId'], url: chunk['url'] };
      if (typeof chunk['title'] === 'string') source.title = chunk['title'];
      reply.sources.push(source);
      parts.push(source);
      break;
    }
    case 'error':
      reply.error = typeof chunk['errorText'] === 'string' && chunk['errorText'] ? chunk['errorText'] : 'The assistant could not answer.';
      break;
    case 'finish':
      reply.finished = true;
      break;
    default:
      break;
  }
}

/** What the panel shows of a stored assistant message: its text and sources. */
export function replyOf(message: UiMessage): Reply {
  const reply = createReply();
  reply.message = message;
  reply.finished = true;
  for (const p of message.parts) if (p.type === 'source-url') reply.sources.push(p);
  return reply;
}
