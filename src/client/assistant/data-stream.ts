/**
 * Reading the answer: the AI SDK v4 data stream protocol, `<code>:<json>` lines read as they
 * arrive. f (step start), 9/a (the `search` tool call and its hits: `[n]` cites hit n), 0 (text),
 * h (source {id: n, url: route#anchor, title}), 2 (data: {type:'finish', threadId}), 3 (error),
 * e (step end), d (finish). Unknown codes and unreadable lines are skipped, not fatal.
 */
import { newId, type Source, type TextPart, type ToolInvocation, type UiMessage } from './ui-message.js';

export interface StreamPart {
  readonly code: string;
  readonly value: unknown;
}

/** The assistant's reply being read: the UI message the AI SDK would build, plus what the panel shows. */
export interface Reply {
  message: UiMessage;
  /** The `search` tool's result: the passages `[n]` cites (as sent; read defensively). */
  hits: readonly unknown[];
  sources: Source[];
  threadId: string;
  /** Why there is no (complete) answer, for the reader; `''` when none. */
  error: string;
  finished: boolean;
  /** The text part being appended to (a new one after each step end). */
  textPart: TextPart | null;
  step: number;
}

/** One stream line as {code, value}, or null for an empty or unreadable line (skipped). */
export function parseLine(line: string): StreamPart | null {
  if (!line) return null;
  const colon = line.indexOf(':');
  if (colon < 1) return null;
  try {
    return { code: line.slice(0, colon), value: JSON.parse(line.slice(colon + 1)) as unknown };
  } catch {
    return null;
  }
}

export interface LineSplitter {
  /** The complete lines so far. */
  push(text: string): string[];
  /** What is left (a last line without its newline still counts). */
  end(): string[];
}

/** Splits decoded text into lines as it arrives. */
export function lineSplitter(): LineSplitter {
  let rest = '';
  return {
    push(text) {
      rest += text;
      const cut = rest.lastIndexOf('\n');
      if (cut < 0) return [];
      const lines = rest.slice(0, cut).split('\n');
      rest = rest.slice(cut + 1);
      return lines;
    },
    end() {
      const last = rest;
      rest = '';
      return last ? [last] : [];
    },
  };
}

export function createReply(now: Date = new Date()): Reply {
  return {
    message: { id: newId(), createdAt: now.toISOString(), role: 'assistant', content: '', parts: [] },
    hits: [],
    sources: [],
    threadId: '',
    error: '',
    finished: false,
    textPart: null,
    step: 0,
  };
}

/** A JSON object's fields, or null for anything else. */
function fields(value: unknown): { readonly [key: string]: unknown } | null {
  return value && typeof value === 'object' ? (value as { readonly [key: string]: unknown }) : null;
}

/** Applies one stream part to the reply. */
export function applyPart(reply: Reply, part: StreamPart): void {
  const v = part.value;
  const o = fields(v);
  const parts = reply.message.parts;
  switch (part.code) {
    case 'f':
      if (o && typeof o['messageId'] === 'string') reply.message.id = o['messageId'];
      parts.push({ type: 'step-start' });
      break;
    case '0':
      if (typeof v !== 'string') break;
      if (!reply.textPart) {
        reply.textPart = { type: 'text', text: '' };
        parts.push(reply.textPart);
      }
      reply.textPart.text += v;
      reply.message.content += v;
      break;
    case '9':
      if (!o || typeof o['toolCallId'] !== 'string') break;
      parts.push({
        type: 'tool-invocation',
        toolInvocation: { state: 'call', step: reply.step, toolCallId: o['toolCallId'], toolName: String(o['toolName']), args: o['args'] || {} },
      });
      break;
    case 'a':
      if (!o || typeof o['toolCallId'] !== 'string') break;
      for (let i = 0; i < parts.length; i++) {
        const p = parts[i];
        const call: ToolInvocation | undefined = p && p.type === 'tool-invocation' ? p.toolInvocation : undefined;
        if (!call || call.toolCallId !== o['toolCallId']) continue;
        parts[i] = {
          type: 'tool-invocation',
          toolInvocation: { state: 'result', step: call.step, toolCallId: call.toolCallId, toolName: call.toolName, args: call.args, result: o['result'] },
        };
        if (call.toolName === 'search' && Array.isArray(o['result'])) reply.hits = o['result'];
      }
      break;
    case 'h':
      if (!o) break;
      // As the endpoint sends it (see ui-message.ts); read defensively where it is shown.
      reply.sources.push(o as Source);
      parts.push({ type: 'source', source: o as Source });
      break;
    case '2':
      if (!Array.isArray(v)) break;
      for (const item of v) {
        const data = fields(item);
        if (data && data['type'] === 'finish' && typeof data['threadId'] === 'string') reply.threadId = data['threadId'];
      }
      break;
    case '3':
      reply.error = typeof v === 'string' && v ? v : 'The assistant could not answer.';
      break;
    case 'e':
      if (!(o && o['isContinued'])) reply.textPart = null;
      reply.step += 1;
      break;
    case 'd':
      reply.finished = true;
      break;
    default:
      break;
  }
}

/** What the panel shows of a stored assistant message: its text, sources and search hits. */
export function replyOf(message: UiMessage): Reply {
  const reply = createReply();
  reply.message = message;
  reply.finished = true;
  for (const p of message.parts || []) {
    if (p.type === 'source' && p.source) reply.sources.push(p.source);
    const call = p.type === 'tool-invocation' ? p.toolInvocation : undefined;
    if (call && call.state === 'result' && call.toolName === 'search' && Array.isArray(call.result)) reply.hits = call.result;
  }
  return reply;
}
