import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAS_CORPUS } from './corpus-path.js';
import { corpusSite } from './corpus-site.js';

/**
 * Mintlify's own docs (mintlify__docs) document AsyncAPI with a page whose frontmatter names a
 * channel, `asyncapi: "/asyncapi.yaml channelOne"` (api-playground/websocket-playground.mdx, and
 * its es/fr/zh translations), and no MDX content: before channel pages it rendered blank. Built
 * once per corpus run (corpus-site.ts).
 */
describe.skipIf(!HAS_CORPUS)('mintlify__docs: the WebSocket playground page renders its channel', () => {
  it('shows the channel, its servers, Send and Receive with their payload fields, and the playground', () => {
    const { out, result } = corpusSite('mintlify__docs');
    expect(result.diagnostics.filter((d) => d.code.startsWith('asyncapi/'))).toEqual([]);
    const html = readFileSync(path.join(out, 'api-playground/websocket-playground/index.html'), 'utf8');
    const body = html.slice(html.indexOf('<div id="content"'), html.indexOf('</article>'));
    expect(body).toContain('<div class="sheaf-operation sheaf-channel" data-kind="channel" data-channel="channelOne">');
    expect(body).toContain('<span class="sheaf-channel-protocol" data-protocol="wss">WSS</span><code class="sheaf-op-path sheaf-channel-url">wss://echo-websocket.hoppscotch.io/</code>');
    expect([...body.matchAll(/<li class="sheaf-op-server sheaf-channel-server" data-server="([^"]+)">/g)].map((m) => m[1])).toEqual(['echo-websocket', 'echo']);
    expect([...body.matchAll(/<h([23]) id="([^"]+)">([^<]+)/g)].map((m) => [Number(m[1]), m[2], m[3]])).toEqual([
      [2, 'send', 'Send'],
      [3, 'send-testmessage', 'Test message'],
      [2, 'receive', 'Receive'],
      [3, 'receive-testmessage', 'Test message'],
      [3, 'receive-timestamp', 'Timestamp'],
    ]);
    expect([...body.matchAll(/<a class="sheaf-field-name" href="#send-testmessage-payload-([^"]+)">/g)].map((m) => m[1])).toEqual(['text', 'subtext', 'from']);
    // The Timestamp payload is written `payload: {schema: {$ref}}`: read as the string schema it holds.
    expect(body).toContain('<div class="sheaf-op-schema" id="receive-timestamp-payload"><div class="sheaf-op-schema-head"><span class="sheaf-field-type">string</span><span class="sheaf-op-schema-name">Timestamp</span></div>');
    expect(html).toContain('<script type="application/json" data-sheaf-ws-spec>{"servers":[{"name":"echo-websocket","url":"wss://echo-websocket.hoppscotch.io/"},{"name":"echo","url":"wss://echo.websocket.org/"}],');
    const markdown = readFileSync(path.join(out, 'api-playground/websocket-playground.md'), 'utf8');
    expect(markdown.startsWith('# WebSocket playground\n\nChannel: `wss://echo-websocket.hoppscotch.io/`, `wss://echo.websocket.org/`\n\n')).toBe(true);
    for (const lang of ['es', 'fr', 'zh']) {
      expect(readFileSync(path.join(out, lang, 'api-playground/websocket-playground/index.html'), 'utf8'), lang).toContain('data-channel="channelOne"');
    }
  });
});
