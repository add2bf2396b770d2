import type { ChannelMessage, ChannelModel, Direction } from '../../asyncapi/channel-model.js';

/** The parts of a channel page: what a client sends, what it receives, or (no operations) the channel's messages. */
export type ChannelPart = Direction | 'messages';

export const DIRECTION_TITLES: Readonly<Record<ChannelPart, string>> = { send: 'Send', receive: 'Receive', messages: 'Messages' };

export const DIRECTION_LEADS: Readonly<Record<ChannelPart, string>> = {
  send: 'Messages a client sends on this channel.',
  receive: 'Messages a client receives on this channel.',
  messages: 'Messages of this channel.',
};

/** A message's heading: its `title`, else its `name`, else its key. */
export function messageTitle(message: ChannelMessage): string {
  return message.title ?? message.name ?? message.key;
}

/**
 * The messages of each part in page order (Send, then Receive), each message once per part (two
 * operations may carry the same one); parts without messages are left out. A channel with no
 * operation has one part, `messages`, with all its messages.
 */
export function messagesByDirection(model: ChannelModel): [ChannelPart, ChannelMessage[]][] {
  if (model.operations.length === 0) return model.messages.length > 0 ? [['messages', [...model.messages]]] : [];
  const parts: [ChannelPart, ChannelMessage[]][] = [];
  for (const direction of ['send', 'receive'] as const) {
    const seen = new Set<string>();
    const messages = model.operations
      .filter((op) => op.direction === direction)
      .flatMap((op) => op.messages)
      .filter((m) => (seen.has(m.pointer) ? false : (seen.add(m.pointer), true)));
    if (messages.length > 0) parts.push([direction, messages]);
  }
  return parts;
}
