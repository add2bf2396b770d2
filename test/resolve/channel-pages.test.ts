import { describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../../src/config/loaded-config.js';
import type { DocsConfigInput } from '../../src/config/schema/docs-config.js';
import type { AsyncApiIndex, IndexedChannel } from '../../src/model/asyncapi.js';
import type { PageSource } from '../../src/model/project.js';
import { computeChannelRoutes } from '../../src/resolve/channel-pages.js';
import { resolveSite } from '../../src/resolve/resolve-site.js';
import { index, op } from './builders.js';
import { mdx, validNavigation } from './navigation/run-navigation.js';

const channel = (id: string, extra: Partial<IndexedChannel> = {}): IndexedChannel => ({ id, tags: [], pointer: `/channels/${id}`, ...extra });
const doc = (file: string, channels: IndexedChannel[]): AsyncApiIndex => ({ file, version: '3.0.0', channels });

const EVENTS = doc('events.yaml', [
  channel('chat', { title: 'Chat room', summary: 'One room.', tags: ['Chat'] }),
  channel('userPresence'),
  channel('chatCopy', { title: 'Chat room', tags: ['Chat'] }),
]);

/** Resolves a whole site from `navigation` (as written in docs.json), pages and AsyncAPI documents. */
function site(
  navigation: DocsConfigInput['navigation'],
  { pages = [], asyncapi = [EVENTS], failed = [], openapi = [] }: { pages?: PageSource[]; asyncapi?: AsyncApiIndex[]; failed?: string[]; openapi?: ReturnType<typeof index>[] } = {},
) {
  const config = { file: 'docs.json', config: { name: 'Test', theme: 'mint', colors: { primary: '#000000' }, navigation: validNavigation(navigation) }, origins: { '': { file: 'docs.json', pointer: '' } } } as unknown as LoadedConfig;
  return resolveSite({ config, pages, openapi, failedOpenapi: [], asyncapi, failedAsyncapi: failed });
}

describe('channel pages (src/resolve/channel-pages.ts, frontmatter-channels.ts)', () => {
  it('routes as Mintlify: directory/slug(first tag or Websockets)/slug(title or id), repeats in a group numbered', () => {
    expect(computeChannelRoutes(EVENTS).routes.map((r) => [r.channel.id, r.route, r.group])).toEqual([
      ['chat', '/api-reference/chat/chat-room', 'Chat'],
      ['userPresence', '/api-reference/websockets/userpresence', 'Websockets'],
      ['chatCopy', '/api-reference/chat/chat-room-1', 'Chat'],
    ]);
    expect(computeChannelRoutes(EVENTS, 'realtime/ws').routes.map((r) => r.route)).toEqual(['/realtime/ws/chat/chat-room', '/realtime/ws/websockets/userpresence', '/realtime/ws/chat/chat-room-1']);
  });

  it('leaves out a channel whose route no file system can hold, with nav/unwritable-route at the channel', () => {
    const long = doc('long.yaml', [channel('long', { title: 'x'.repeat(300) }), channel('ok')]);
    const { routes, diagnostics } = computeChannelRoutes(long);
    expect(routes.map((r) => r.route)).toEqual(['/api-reference/websockets/ok']);
    expect(diagnostics.map((d) => [d.code, d.file, d.pointer])).toEqual([['nav/unwritable-route', 'long.yaml', '/channels/long']]);
  });

  it('`asyncapi` on a tab generates its channel pages as groups after the tab’s own pages', () => {
    const result = site({ tabs: [{ tab: 'Realtime', asyncapi: 'events.yaml', pages: ['intro'] }] }, { pages: [mdx('intro')] });
    expect(result.diagnostics).toEqual([]);
    expect(result.output.navigation.children).toEqual([
      {
        type: 'tab',
        title: 'Realtime',
        children: [
          { type: 'page', route: '/intro', title: 'Intro' },
          {
            type: 'group',
            title: 'Chat',
            generated: true,
            children: [
              { type: 'page', route: '/api-reference/chat/chat-room', title: 'Chat room' },
              { type: 'page', route: '/api-reference/chat/chat-room-1', title: 'Chat room' },
            ],
          },
          { type: 'group', title: 'Websockets', generated: true, children: [{ type: 'page', route: '/api-reference/websockets/userpresence', title: 'User Presence' }] },
        ],
      },
    ]);
    expect(result.output.pages.filter((p) => p.kind === 'channel')).toEqual([
      { route: '/api-reference/chat/chat-room', kind: 'channel', source: 'events.yaml', title: 'Chat room', description: 'One room.', hidden: false, channel: { document: 'events.yaml', channel: 'chat' } },
      { route: '/api-reference/chat/chat-room-1', kind: 'channel', source: 'events.yaml', title: 'Chat room', hidden: false, channel: { document: 'events.yaml', channel: 'chatCopy' } },
      { route: '/api-reference/websockets/userpresence', kind: 'channel', source: 'events.yaml', title: 'User Presence', hidden: false, channel: { document: 'events.yaml', channel: 'userPresence' } },
    ]);
  });

  it('the object form sets the directory; an array generates every document; a hidden division hides its pages', () => {
    const other = doc('other.json', [channel('feed', { title: 'Feed' })]);
    const result = site(
      {
        anchors: [
          { anchor: 'Live', asyncapi: { source: '/events.yaml', directory: 'live' }, pages: [] },
          { anchor: 'More', hidden: true, asyncapi: ['./other.json'], pages: [] },
        ],
      },
      { asyncapi: [EVENTS, other] },
    );
    expect(result.output.pages.map((p) => [p.route, p.hidden])).toEqual([
      ['/api-reference/websockets/feed', true],
      ['/live/chat/chat-room', false],
      ['/live/chat/chat-room-1', false],
      ['/live/websockets/userpresence', false],
    ]);
  });

  it('on a group, `asyncapi` nests the generated groups; a group that also sets `openapi` ignores its `asyncapi` (Mintlify groups.js)', () => {
    const api = index('openapi.json', [op('get', '/users', { summary: 'List users' })]);
    const result = site(
      { groups: [{ group: 'Voice', asyncapi: 'events.yaml', pages: [] }, { group: 'REST', openapi: 'openapi.json', asyncapi: 'events.yaml', pages: [] }] },
      { openapi: [api] },
    );
    expect(result.output.navigation.children.map((g) => (g.type === 'group' ? [g.title, g.children.map((c) => c.title)] : []))).toEqual([
      ['Voice', ['Chat', 'Websockets']],
      ['REST', ['API Reference']],
    ]);
  });

  it('frontmatter `asyncapi: "[file] channel"` makes an MDX page a channel page, titled by the channel when it has no title', () => {
    const pages = [
      mdx('ws/one', { asyncapi: '/events.yaml chat' }),
      mdx('ws/two', { title: 'Presence', asyncapi: 'userPresence' }),
      mdx('ws/three', { asyncapi: 'events chatCopy' }),
    ];
    const result = site({ pages: ['ws/one', 'ws/two', 'ws/three'] }, { pages });
    expect(result.diagnostics).toEqual([]);
    expect(result.output.pages.map((p) => [p.route, p.kind, p.title, p.channel])).toEqual([
      ['/ws/one', 'channel', 'Chat room', { document: 'events.yaml', channel: 'chat' }],
      ['/ws/three', 'channel', 'Chat room', { document: 'events.yaml', channel: 'chatCopy' }],
      ['/ws/two', 'channel', 'Presence', { document: 'events.yaml', channel: 'userPresence' }],
    ]);
  });

  it('a reference to no channel is an error at the page’s frontmatter key, with the nearest channel as hint; a malformed one too', () => {
    const at = { line: 3, column: 1 };
    const pages: PageSource[] = [
      { ...mdx('a', { asyncapi: 'events.yaml chta' }), frontmatterPositions: { asyncapi: at } },
      { ...mdx('b', { asyncapi: 'nope.yaml chat' }), frontmatterPositions: { asyncapi: at } },
      { ...mdx('c', { asyncapi: ['chat'] }), frontmatterPositions: { asyncapi: at } },
      { ...mdx('d', { asyncapi: 'gone.yaml chat' }), frontmatterPositions: { asyncapi: at } },
    ];
    const result = site({ pages: ['a', 'b', 'c', 'd'] }, { pages, failed: ['gone.yaml'] });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.message, d.hint])).toEqual([
      ['asyncapi/channel-not-found', 'error', 'a.mdx', 3, '`asyncapi: events.yaml chta` matches no channel of `events.yaml`; the page is built without a channel.', 'Did you mean `chat`? The channel is its key under `channels`.'],
      ['asyncapi/channel-not-found', 'error', 'b.mdx', 3, '`asyncapi: nope.yaml chat` names the AsyncAPI file `nope.yaml`, which is not in this project; the page is built without a channel.', 'The channel is its key under `channels` in the AsyncAPI document; the file token is optional.'],
      ['asyncapi/invalid-reference', 'error', 'c.mdx', 3, '`asyncapi: ["chat"]` is not a channel reference; the page is built without a channel.', 'Write `asyncapi: "channelName"` or `asyncapi: "/path/to/asyncapi.yaml channelName"`.'],
    ]);
    expect(result.output.pages.map((p) => [p.route, p.kind])).toEqual([['/a', 'mdx'], ['/b', 'mdx'], ['/c', 'mdx'], ['/d', 'mdx']]);
  });
});
