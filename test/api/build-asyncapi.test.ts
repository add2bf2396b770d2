import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name: string) => path.join(REPO, 'test/fixtures', name);

/** The article's content (`#content`) of a built page. */
const content = (html: string): string => {
  const start = html.indexOf('<div id="content"');
  return html.slice(start, html.indexOf('</article>', start));
};

const HEADER =
  '<div class="sheaf-op-header"><div class="sheaf-op-endpoint sheaf-channel-endpoint"><span class="sheaf-channel-protocol" data-protocol="wss">WSS</span>' +
  '<code class="sheaf-op-path sheaf-channel-url">wss://relay.example.test/v1/rooms/{roomId}</code></div>' +
  '<div class="sheaf-op-description"><p>Join a room to send and receive its messages.</p>\n<ul>\n<li>Messages are kept for <strong>one day</strong>.</li>\n</ul></div>' +
  '<div class="sheaf-op-servers"><div class="sheaf-op-subhead">Server</div><ul><li class="sheaf-op-server sheaf-channel-server" data-server="production"><span class="sheaf-channel-server-name">production</span>' +
  '<code class="sheaf-op-server-url">wss://relay.example.test/v1/rooms/{roomId}</code><p class="sheaf-op-server-description">Production cluster</p></li></ul></div>';

const SEND_TEXT_FIELD =
  '<div class="sheaf-field field" id="send-sendchat-payload-text"><div class="sheaf-field-head"><a class="sheaf-field-name" href="#send-sendchat-payload-text">text</a>' +
  '<span class="sheaf-field-type">string</span><span class="sheaf-field-required">required</span></div><div class="sheaf-field-body"><p>The message text.</p></div></div>';

const SPEC = '<script type="application/json" data-sheaf-ws-spec>{"servers":[{"name":"production","url":"wss://relay.example.test/v1/rooms/lobby"}],"messages":[{"title":"Send a chat message","text":"{\\n  \\"text\\": \\"Hello, room!\\"\\n}"}]}</script>';

const MARKDOWN = `# Chat room

Channel: \`wss://relay.example.test/v1/rooms/{roomId}\`

Messages of one chat room.

Join a room to send and receive its messages.

* Messages are kept for **one day**.

## Address parameters

| Name | Description |
| --- | --- |
| \`roomId\` | The room to join. |

## Send

Messages a client sends on this channel.

### Send a chat message

Posts a message to the room.

Content type: \`application/json\`

Payload (\`object\`)

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| \`text\` | \`string\` | yes | The message text. |
| \`mentions\` | \`object[]\` | no | Users mentioned in the message. |
| \`mentions[].userId\` | \`string\` | no | The mentioned user. |

A greeting:

\`\`\`json
{
  "text": "Hello, room!"
}
\`\`\`

## Receive

Messages a client receives on this channel.

### Chat message

Payload (\`object\`)

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| \`id\` | \`string\` | yes | Message identifier. |
| \`text\` | \`string\` | yes | The message text. |

Headers (\`object\`)

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| \`x-sequence\` | \`integer\` | no | Position of the message in the room. |
`;

describe('build: AsyncAPI channel pages (test/fixtures/asyncapi-channels)', () => {
  let out: string;
  let result: BuildResult;
  const read = (f: string) => readFile(path.join(out, f), 'utf8');
  beforeAll(async () => {
    out = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-asyncapi-')), 'site');
    result = await build({ root: fixture('asyncapi-channels'), outDir: out, cacheDir: false });
  });

  it('generates one page per channel where the tab names the document, and the frontmatter page', () => {
    expect(result.diagnostics.map((d) => d.code)).toEqual(['build/no-site-url']);
    expect(result.site?.pages.map((p) => [p.route, p.kind, p.title, p.hidden])).toEqual([
      ['/', 'mdx', 'Relay', false],
      ['/realtime-api/chat/chat-room', 'channel', 'Chat room', false],
      ['/realtime-api/websockets/userpresence', 'channel', 'User Presence', false],
      ['/realtime/chat-frontmatter', 'channel', 'Chat channel', false],
    ]);
    expect(result.site?.navigation.children[1]).toEqual({
      type: 'tab',
      title: 'Realtime',
      children: [
        { type: 'group', title: 'Chat', generated: true, children: [{ type: 'page', route: '/realtime-api/chat/chat-room', title: 'Chat room' }] },
        { type: 'group', title: 'Websockets', generated: true, children: [{ type: 'page', route: '/realtime-api/websockets/userpresence', title: 'User Presence' }] },
      ],
    });
  });

  it('a channel page shows the protocol and URL, the description, servers, and Send then Receive with each message’s fields', async () => {
    const html = content(await read('realtime-api/chat/chat-room/index.html'));
    expect(html).toContain(`<div class="sheaf-operation sheaf-channel" data-kind="channel" data-channel="chat">${HEADER}`);
    expect([...html.matchAll(/<h([23]) id="([^"]+)">([^<]+)/g)].map((m) => [Number(m[1]), m[2], m[3]])).toEqual([
      [2, 'send', 'Send'],
      [3, 'send-sendchat', 'Send a chat message'],
      [2, 'receive', 'Receive'],
      [3, 'receive-chatmessage', 'Chat message'],
    ]);
    expect(html).toContain(SEND_TEXT_FIELD);
    expect([...html.matchAll(/<a class="sheaf-field-name" href="#([^"]+)">/g)].map((m) => m[1])).toEqual([
      'channel-parameter-roomid',
      'send-sendchat-payload-text',
      'send-sendchat-payload-mentions',
      'send-sendchat-payload-mentions-userid',
      'receive-chatmessage-payload-id',
      'receive-chatmessage-payload-text',
      'receive-chatmessage-headers-x-sequence',
    ]);
    expect(html).toContain('<p class="sheaf-channel-message-summary">Posts a message to the room.</p>');
    expect(html).toContain('<details class="sheaf-op-example"><summary>A greeting</summary><pre class="sheaf-op-code"><code class="language-json">{\n  &quot;text&quot;: &quot;Hello, room!&quot;\n}</code></pre></details>');
    // The summary is the page's lede, not repeated in the body.
    expect(await read('realtime-api/chat/chat-room/index.html')).toContain('<p class="sheaf-page-description">Messages of one chat room.</p>');
    expect(html).not.toContain('sheaf-op-summary');
  });

  it('a oneOf payload is a tab set, one tab per option', async () => {
    const html = content(await read('realtime-api/websockets/userpresence/index.html'));
    expect([...html.matchAll(/<button type="button" role="tab" class="sheaf-tabs-tab" data-tab-title="([^"]+)"/g)].map((m) => m[1])).toEqual(['Online', 'Offline']);
    expect(html).toContain('<div class="sheaf-op-variants-label" data-keyword="oneOf">One of</div>');
    // Its servers include one a browser cannot open (mqtt): the URL line shows the first, wss.
    expect(html).toContain('<code class="sheaf-op-path sheaf-channel-url">wss://relay.example.test/v1/presence</code>');
  });

  it('the right column holds the WebSocket playground, prefilled from the example, with the address parameter set from its example', async () => {
    const page = await read('realtime-api/chat/chat-room/index.html');
    expect(page).toContain(`<div class="sheaf-aside" data-aside="playground"><section class="sheaf-playground sheaf-ws" data-sheaf-ws aria-label="WebSocket playground">${SPEC}`);
    expect(page).toContain('<input type="url" data-ws-url value="wss://relay.example.test/v1/rooms/lobby" spellcheck="false" disabled>');
    expect(page).toContain('<textarea data-ws-input rows="6" spellcheck="false" disabled>{\n  &quot;text&quot;: &quot;Hello, room!&quot;\n}</textarea>');
    // A channel a client only receives on still gets the panel, with nothing to prefill.
    expect(await read('realtime-api/websockets/userpresence/index.html')).toContain('{"servers":[{"name":"production","url":"wss://relay.example.test/v1/presence"}],"messages":[]}');
  });

  it('the Markdown copy and the search index hold the channel', async () => {
    // markdown.schema (on by default): the channel's part of the document ends the copy.
    const [copy, specification] = (await read('realtime-api/chat/chat-room.md')).split('\n## AsyncAPI specification\n');
    expect(copy).toBe(MARKDOWN);
    expect(specification?.split('\n').slice(0, 3)).toEqual(['', '```yaml', 'asyncapi: 3.0.0']);
    expect(specification).toContain('\nchannels:\n  chat:\n');
    expect(await read('llms-full.txt')).not.toContain('## AsyncAPI specification');
    const records = JSON.parse(await read('_sheaf/search-records.json')) as { id: string; section: string; text: string }[];
    expect(records.filter((r) => r.id.startsWith('/realtime-api/chat/chat-room')).map((r) => [r.id, r.section, r.text])).toEqual([
      ['/realtime-api/chat/chat-room', '', 'wss://relay.example.test/v1/rooms/{roomId} Messages of one chat room. Join a room to send and receive its messages. Messages are kept for one day. production wss://relay.example.test/v1/rooms/{roomId} Production cluster roomId The room to join.'],
      ['/realtime-api/chat/chat-room#receive', 'Receive', 'Chat message id Message identifier. text The message text. x-sequence Position of the message in the room.'],
      ['/realtime-api/chat/chat-room#send', 'Send', 'Send a chat message Posts a message to the room. text The message text. mentions Users mentioned in the message. userId The mentioned user.'],
    ]);
    expect(await read('llms.txt')).toContain('- [Chat room](realtime-api/chat/chat-room.md): Messages of one chat room.');
  });

  it('an MDX page with `asyncapi` frontmatter shows the channel, then its own content', async () => {
    const html = content(await read('realtime/chat-frontmatter/index.html'));
    expect(html.startsWith('<div id="content" class="sheaf-content mdx-content"><div class="sheaf-operation sheaf-channel" data-kind="channel" data-channel="chat">')).toBe(true);
    expect(html).toContain('<p class="sheaf-op-summary">Messages of one chat room.</p>');
    expect(html.endsWith('</section></div>\n<p>Rooms close after an hour without messages.</p></div>')).toBe(true);
    const markdown = await read('realtime/chat-frontmatter.md');
    expect(markdown.startsWith('# Chat channel\n\nChannel: `wss://relay.example.test/v1/rooms/{roomId}`\n\n')).toBe(true);
    const own = markdown.slice(0, markdown.indexOf('\n## AsyncAPI specification\n'));
    expect(own.endsWith('| `x-sequence` | `integer` | no | Position of the message in the room. |\n\nRooms close after an hour without messages.\n')).toBe(true);
  });

  it('without the playground feature (air-gapped, --disable playground) the panel is left out and the page stays', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-asyncapi-gapped-')), 'site');
    const gapped = await build({ root: fixture('asyncapi-channels'), outDir: dir, cacheDir: false, deployment: 'air-gapped', features: { disable: ['playground'] } });
    expect(gapped.features.playground).toBe(false);
    const page = await readFile(path.join(dir, 'realtime-api/chat/chat-room/index.html'), 'utf8');
    expect(page).not.toContain('data-sheaf-ws');
    expect(content(page)).toContain(HEADER);
    // Air-gapped with the playground on (its default there): the panel connects to the API's own server, as Try-it does.
    const dir2 = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-asyncapi-gapped-on-')), 'site');
    await build({ root: fixture('asyncapi-channels'), outDir: dir2, cacheDir: false, deployment: 'air-gapped' });
    expect(await readFile(path.join(dir2, 'realtime-api/chat/chat-room/index.html'), 'utf8')).toContain(SPEC);
  });
});

describe('build: `api.asyncapi` alone', () => {
  it('generates no pages (as `api.openapi`, reference §1.3): it names documents for frontmatter pages, and a missing one is reported there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-asyncapi-api-'));
    const root = path.join(dir, 'project');
    await cp(fixture('asyncapi-channels'), root, { recursive: true });
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({ name: 'Relay', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'realtime/chat-frontmatter'] }, api: { asyncapi: ['asyncapi.yaml', 'gone.yaml'] } }, null, 2),
    );
    const result = await build({ root, outDir: path.join(dir, 'site'), cacheDir: false });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['build/no-site-url', 'docs.json', undefined],
      ['asyncapi/file-not-found', 'docs.json', 14],
    ]);
    expect(result.site?.pages.map((p) => [p.route, p.kind])).toEqual([
      ['/', 'mdx'],
      ['/realtime/chat-frontmatter', 'channel'],
    ]);
  });
});

describe('build: AsyncAPI documents over the byte cap (--max-openapi-bytes)', () => {
  it('a discovered one is refused with load/file-too-large, a named one too; a small one still loads', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-asyncapi-cap-'));
    const root = path.join(dir, 'project');
    await cp(fixture('asyncapi-channels'), root, { recursive: true });
    const big = `asyncapi: 3.0.0\nchannels:\n  big:\n    description: ${'x'.repeat(5000)}\n`;
    await writeFile(path.join(root, 'found.yaml'), big);
    await writeFile(path.join(root, 'named.yaml'), big);
    const docs = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as { api: Record<string, unknown> };
    docs.api = { asyncapi: ['asyncapi.yaml', 'named.yaml'] };
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(docs));
    const result = await build({ root, outDir: path.join(dir, 'site'), cacheDir: false, maxOpenApiBytes: 4000 });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['build/no-site-url', 'docs.json', 'sitemap.xml lists root-relative paths because no site URL was given.'],
      ['load/file-too-large', 'found.yaml', '`found.yaml` is 5,051 bytes, over the limit of 4,000 bytes for OpenAPI documents; it is not read.'],
      ['load/file-too-large', 'named.yaml', '`named.yaml` is 5,051 bytes, over the limit of 4,000 bytes for OpenAPI documents; it is not read.'],
    ]);
    expect(result.site?.pages.filter((p) => p.kind === 'channel').length).toBe(3);
  });
});

describe('build: broken AsyncAPI documents (test/fixtures/asyncapi-problems)', () => {
  let out: string;
  let result: BuildResult;
  beforeAll(async () => {
    out = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-asyncapi-broken-')), 'site');
    result = await build({ root: fixture('asyncapi-problems'), outDir: out, cacheDir: false });
  });

  it('reports each problem where it is, and still builds every page', () => {
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['asyncapi/parse-error', 'broken.yaml', 7],
      ['asyncapi/invalid-reference', 'channel-invalid.mdx', 3],
      ['asyncapi/channel-not-found', 'channel-missing.mdx', 3],
      ['build/no-site-url', 'docs.json', undefined],
      ['asyncapi/file-not-found', 'docs.json', 11],
      ['asyncapi/remote-not-allowed', 'docs.json', 11],
      ['asyncapi/no-channels', 'empty.yaml', 5],
      ['asyncapi/ref-not-found', 'odd.yaml', 16],
      ['asyncapi/invalid-document', 'odd.yaml', 17],
      ['asyncapi/invalid-document', 'odd.yaml', 26],
      ['asyncapi/external-ref', 'odd.yaml', 34],
      ['asyncapi/unsupported-version', 'old.yaml', 1],
      ['asyncapi/not-asyncapi', 'plain.json', 1],
    ]);
    expect(result.errorCount).toBe(7);
    expect(result.site?.pages.map((p) => [p.route, p.kind])).toEqual([
      ['/', 'mdx'],
      ['/api-reference/websockets/good', 'channel'],
      ['/channel-invalid', 'mdx'],
      ['/channel-missing', 'mdx'],
    ]);
  });

  it('no page is blank: a page naming a missing channel keeps its content; the good channel shows its unresolved payload', async () => {
    const missing = content(await readFile(path.join(out, 'channel-missing/index.html'), 'utf8'));
    expect(missing).toContain('<p>This page names a channel the document does not have.</p>');
    const good = content(await readFile(path.join(out, 'api-reference/websockets/good/index.html'), 'utf8'));
    expect(good).toContain('<code class="sheaf-op-path sheaf-channel-url">wss://events.example.test/good</code>');
    expect(good).toContain('<div class="sheaf-op-schema" id="send-ping-payload"><p class="sheaf-op-ref-note" data-reason="unresolved">Unresolved reference <code>schemas.yaml#/Ping</code>.</p></div>');
  });
});
