/**
 * The question's request and what a refusal means. Request: POST to the v2 endpoint,
 * `Authorization: Bearer <key>` (the public assistant key), the JSON body `DefaultChatTransport`
 * sends: {id (the chat), messages, trigger:'submit-message', fp:'anonymous', retrievalPageSize:5,
 * currentPath?, threadId?}.
 */
import type { MessageBody, UiMessage } from './ui-message.js';

/** Messages kept and sent at most (the service reads the thread's own history anyway). */
export const MAX_MESSAGES = 20;
/** The interface's limit on currentPath, in characters. */
const MAX_CURRENT_PATH = 200;
/** Passages retrieved per question. */
const RETRIEVAL_PAGE_SIZE = 5;

/** The request body for `messages` (the question last) of chat `chatId`; a route too long for the interface is left out. */
export function requestBody(chatId: string, messages: readonly UiMessage[], threadId: string, route: string): MessageBody {
  const body: MessageBody = { id: chatId, messages: messages.slice(-MAX_MESSAGES), trigger: 'submit-message', fp: 'anonymous', retrievalPageSize: RETRIEVAL_PAGE_SIZE };
  if (route && route.length <= MAX_CURRENT_PATH) body.currentPath = route;
  if (threadId) body.threadId = threadId;
  return body;
}

/** Seconds to wait from a Retry-After value (seconds or an HTTP date; at least 1); 0 when unknown. `now` in ms since the epoch. */
export function retryAfterSeconds(value: string | null, now: number): number {
  if (!value) return 0;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Math.max(1, parseInt(text, 10));
  const at = Date.parse(text);
  return isNaN(at) ? 0 : Math.max(1, Math.ceil((at - now) / 1000));
}

export interface Problem {
  /** The endpoint's error code (`thread/not-found`…), `''` when it gave none. */
  readonly code: string;
  readonly text: string;
}

/**
 * A refused request in plain words, from its status, body and Retry-After. The body is
 * `{error: message, code}` (Mintlify's shape); `{error: {code, message}}`, from services before
 * it, is read too.
 */
export function problemOf(status: number, body: unknown, retryAfter: string | null, now: number): Problem {
  const outer = body && typeof body === 'object' ? (body as { readonly error?: unknown; readonly code?: unknown }) : null;
  const inner = outer && outer.error && typeof outer.error === 'object' ? (outer.error as { readonly code?: unknown; readonly message?: unknown }) : null;
  const message = inner ? inner.message : outer ? outer.error : undefined;
  const code = inner ? inner.code : outer ? outer.code : undefined;
  const text = typeof message === 'string' ? message : '';
  const known = typeof code === 'string' ? code : '';
  if (status === 429) {
    const wait = retryAfterSeconds(retryAfter, now);
    return { code: known, text: wait ? `Too many questions: try again in ${wait} s.` : 'Too many questions: try again in a while.' };
  }
  if (status >= 500) return { code: known, text: text || `The assistant is not available right now (HTTP ${status}). Try again later.` };
  return { code: known, text: text || `The assistant refused the question (HTTP ${status}).` };
}
