/**
 * The conversation as the assistant message endpoint v2 takes it: AI SDK 5+ UI messages (`id`,
 * `role`, `parts`), in the body `useChat` sends through `DefaultChatTransport`
 * (`{id, messages, trigger, messageId?, ...body}`). Only the part kinds Mintlify's published v2
 * request schema lists are kept and sent (text, source-url, step-start): the retrieval's tool
 * call is shown while the answer streams but never sent back.
 */

export type TextPart = { type: 'text'; text: string };
/** A cited page: `sourceId` is the citation number, `url` the page route plus `#anchor`. */
export type SourcePart = { type: 'source-url'; sourceId: string; url: string; title?: string };
export type UiPart = TextPart | SourcePart | { type: 'step-start' };

export type UiMessage = { id: string; role: 'user' | 'assistant'; parts: UiPart[] };

/** The request body of `POST /discovery/v2/assistant/{domain}/message`, as `DefaultChatTransport` sends it. */
export type MessageBody = {
  /** The chat's id (the transport's `id`). */
  id: string;
  messages: UiMessage[];
  trigger: 'submit-message';
  fp: string;
  retrievalPageSize: number;
  threadId?: string;
  currentPath?: string;
};

/** A 16-character [0-9A-Za-z] id, like the AI SDK's generateId. */
export function newId(): string {
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let r = 0; r < bytes.length; r++) bytes[r] = Math.floor(Math.random() * 256);
  let out = '';
  for (const byte of Array.from(bytes)) out += chars.charAt(byte % chars.length);
  return out;
}

/** A user's question as a UI message. */
export function questionMessage(text: string): UiMessage {
  return { id: newId(), role: 'user', parts: [{ type: 'text', text }] };
}

/** The text of a message: its text parts, joined. */
export function textOf(message: Pick<UiMessage, 'parts'>): string {
  let text = '';
  for (const part of message.parts) if (part.type === 'text') text += part.text;
  return text;
}
