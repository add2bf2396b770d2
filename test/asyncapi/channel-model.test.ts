import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildChannelModel, channelTitle } from '../../src/asyncapi/channel-model.js';
import { loadAsyncApi } from '../../src/asyncapi/load-asyncapi.js';
import type { LoadedAsyncApi } from '../../src/model/asyncapi.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function fixtureDocument(): Promise<LoadedAsyncApi> {
  const result = await loadAsyncApi(path.join(REPO, 'test/fixtures/asyncapi-channels'), { files: [], named: ['asyncapi.yaml'], allowNetwork: false });
  return result.output.documents[0] as LoadedAsyncApi;
}

/** A loaded document from a value, as the loader hands it on. */
const loaded = (document: Record<string, unknown>, version = String(document.asyncapi)): LoadedAsyncApi => ({ index: { file: 'a.yaml', version, channels: [] }, document });

describe('the channel model (src/asyncapi/channel-model.ts)', () => {
  it('titles a channel by its title, else its id in sentence case (Mintlify camelToSentenceCase)', () => {
    expect(channelTitle('chat', 'Chat room')).toBe('Chat room');
    expect(channelTitle('channelOne', undefined)).toBe('Channel One');
    expect(channelTitle('userPresence', 'userPresence')).toBe('User Presence');
    expect(channelTitle('lobby', undefined)).toBe('Lobby');
  });

  it('3.0: servers with the full URL, parameters, operations by the reader’s direction, messages by key', async () => {
    const model = buildChannelModel(await fixtureDocument(), 'chat');
    expect(model && { ...model, operations: model.operations.map((o) => ({ ...o, messages: o.messages.map((m) => m.key) })), messages: model.messages.map((m) => [m.key, m.pointer, m.name, m.title]) }).toEqual({
      id: 'chat',
      title: 'Chat room',
      summary: 'Messages of one chat room.',
      description: 'Join a room to send and receive its messages.\n\n* Messages are kept for **one day**.\n',
      address: '/rooms/{roomId}',
      servers: [{ name: 'production', protocol: 'wss', url: 'wss://relay.example.test/v1/rooms/{roomId}', description: 'Production cluster' }],
      parameters: [{ name: 'roomId', description: 'The room to join.', examples: ['lobby'] }],
      operations: [
        { id: 'postChat', action: 'receive', direction: 'send', messages: ['sendChat'] },
        { id: 'onChatMessage', action: 'send', direction: 'receive', messages: ['chatMessage'] },
      ],
      messages: [
        ['sendChat', '/components/messages/SendChat', 'chat.send', 'Send a chat message'],
        ['chatMessage', '/components/messages/ChatMessage', 'chat.message', 'Chat message'],
      ],
    });
  });

  it('3.0: an operation without `messages` carries every message of its channel; a Multi Format Schema payload is its schema', async () => {
    const model = buildChannelModel(await fixtureDocument(), 'userPresence');
    expect(model?.servers.map((s) => s.url)).toEqual(['wss://relay.example.test/v1/presence', 'mqtt://mqtt.relay.example.test/presence']);
    expect(model?.operations.map((o) => [o.id, o.direction, o.messages.map((m) => m.key)])).toEqual([['onPresence', 'receive', ['presenceEvent']]]);
    expect(model?.messages[0]?.payload).toEqual({ oneOf: [{ $ref: '#/components/schemas/Online' }, { $ref: '#/components/schemas/Offline' }] });
  });

  it('an unknown channel has no model', async () => {
    expect(buildChannelModel(await fixtureDocument(), 'nope')).toBeUndefined();
  });

  it('2.x: `subscribe` is what a client receives, `publish` what it sends; `message.oneOf` lists several; server URLs joined with the address', () => {
    const model = buildChannelModel(
      loaded({
        asyncapi: '2.6.0',
        servers: { prod: { url: 'broker.test:{port}', protocol: 'ws', variables: { port: { default: '8080' } } }, full: { url: 'wss://full.test/base/', protocol: 'wss' } },
        channels: {
          'room/{id}': {
            parameters: { id: { description: 'Room.', schema: { type: 'string', default: 'main' } } },
            publish: { operationId: 'say', message: { $ref: '#/components/messages/Say' } },
            subscribe: { summary: 'Room events.', message: { oneOf: [{ $ref: '#/components/messages/Said' }, { name: 'left', payload: { type: 'string' } }] } },
          },
        },
        components: { messages: { Say: { title: 'Say', payload: { type: 'object' } }, Said: { messageId: 'said', payload: { type: 'object' } } } },
      }),
      'room/{id}',
    );
    expect(model && { ...model, operations: model.operations.map((o) => [o.id, o.action, o.direction, o.summary, o.messages.map((m) => m.key)]), messages: model.messages.map((m) => m.key) }).toEqual({
      id: 'room/{id}',
      title: 'Room/{id}',
      address: 'room/{id}',
      servers: [
        { name: 'prod', protocol: 'ws', url: 'ws://broker.test:8080/room/{id}' },
        { name: 'full', protocol: 'wss', url: 'wss://full.test/base/room/{id}' },
      ],
      parameters: [{ name: 'id', description: 'Room.', default: 'main', examples: [] }],
      operations: [
        ['say', 'receive', 'send', undefined, ['Say']],
        ['subscribe', 'send', 'receive', 'Room events.', ['Said', 'left']],
      ],
      messages: ['Say', 'Said', 'left'],
    });
  });
});
