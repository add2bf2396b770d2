/**
 * The conversation as the assistant message endpoint v1 takes it: whole UI messages (id,
 * createdAt, role, content, parts), as the AI SDK's useChat sends them with
 * sendExtraMessageFields. The types are the model's wire types, which the endpoint's zod schema is
 * checked against.
 */
import type { AssistantMessage, AssistantMessageBody } from '../../model/assistant.js';

export type UiMessage = AssistantMessage;
export type MessageBody = AssistantMessageBody;
export type UiPart = UiMessage['parts'][number];
export type TextPart = Extract<UiPart, { type: 'text' }>;
export type SourcePart = Extract<UiPart, { type: 'source' }>;
export type ToolInvocation = Extract<UiPart, { type: 'tool-invocation' }>['toolInvocation'];
/** A cited source as the stream's `h` part carries it (`{sourceType:'url', id: n, url: route#anchor, title}`). */
export type Source = SourcePart['source'];

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
export function questionMessage(text: string, now: Date): UiMessage {
  return { id: newId(), createdAt: now.toISOString(), role: 'user', content: text, parts: [{ type: 'text', text }] };
}
