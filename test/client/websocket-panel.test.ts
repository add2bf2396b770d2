import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelModel } from '../../src/asyncapi/channel-model.js';
import { setupWebSocketPanels } from '../../src/client/playground/websocket-panel.js';
import { renderWebSocketPlayground } from '../../src/render/asyncapi/websocket-playground.js';
import { click, pageWindow } from './page-window.js';

/**
 * The WebSocket playground of channel pages (src/client/playground/websocket-panel.ts) against
 * a stand-in `WebSocket`: nothing is opened for real (the Chromium test, test/e2e/asyncapi-channel,
 * talks to a loopback server).
 */

/** A stand-in for the browser's WebSocket: records what the panel does and lets the test play the server. */
class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {
    super();
    if (url.startsWith('bad')) throw new SyntaxError(`The URL '${url}' is invalid.`);
    FakeSocket.opened.push(this);
  }
  send(text: string): void {
    this.sent.push(text);
  }
  close(code: number): void {
    this.closedWith = code;
  }
  /** The server side: open, a message, the end. */
  open(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(data: string): void {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  end(code: number, reason = ''): void {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }
}

const model: ChannelModel = {
  id: 'chat',
  title: 'Chat',
  address: '/rooms/{roomId}',
  servers: [
    { name: 'eu', protocol: 'wss', url: 'wss://eu.example.test/rooms/{roomId}' },
    { name: 'broker', protocol: 'mqtt', url: 'mqtt://broker.example.test/rooms/{roomId}' },
    { name: 'us', protocol: 'ws', url: 'ws://us.example.test/rooms/{roomId}' },
  ],
  parameters: [{ name: 'roomId', default: 'main hall', examples: ['lobby'] }],
  operations: [
    {
      id: 'say',
      action: 'receive',
      direction: 'send',
      messages: [
        { key: 'hello', pointer: '/m/hello', title: 'Hello', examples: [{ payload: { text: 'hi' } }] },
        { key: 'raw', pointer: '/m/raw', payload: { type: 'string', examples: ['ping'] }, examples: [] },
      ],
    },
  ],
  messages: [],
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  FakeSocket.opened = [];
});

function panel(markup = renderWebSocketPlayground(model, {}, 'interactive')) {
  const win = pageWindow({ body: markup });
  close = win.close;
  Object.assign(win, { WebSocket: FakeSocket });
  setupWebSocketPanels(win, win.document);
  const q = <T extends Element>(selector: string) => win.document.querySelector(selector) as T;
  const log = () => [...win.document.querySelectorAll('.sheaf-ws-entry')].map((e) => [e.getAttribute('data-kind'), e.querySelector('pre')?.textContent]);
  return { win, q, log };
}

describe('the WebSocket playground of channel pages', () => {
  it('renders only for `interactive` and a server a browser can open; lists ws/wss servers with address parameters set', () => {
    expect(renderWebSocketPlayground(model, {}, 'simple')).toBe('');
    expect(renderWebSocketPlayground({ ...model, servers: [model.servers[1] as ChannelModel['servers'][number]] }, {}, 'interactive')).toBe('');
    const { q } = panel();
    expect([...(q<HTMLSelectElement>('[data-ws-server]').options)].map((o) => [o.value, o.textContent])).toEqual([['0', 'eu'], ['1', 'us']]);
    expect(q<HTMLInputElement>('[data-ws-url]').value).toBe('wss://eu.example.test/rooms/main%20hall');
  });

  it('enables the controls, hides the no-script note, and fills the URL and the composer from the choices', () => {
    const { win, q } = panel();
    const server = q<HTMLSelectElement>('[data-ws-server]');
    const message = q<HTMLSelectElement>('[data-ws-message]');
    const input = q<HTMLTextAreaElement>('[data-ws-input]');
    expect(q('section[data-sheaf-ws]').hasAttribute('data-enhanced')).toBe(true);
    expect([server.disabled, message.disabled, input.disabled, q<HTMLButtonElement>('[data-ws-connect]').disabled, q<HTMLButtonElement>('[data-ws-send]').disabled]).toEqual([false, false, false, false, true]);
    expect(q<HTMLElement>('[data-ws-nojs]').hidden).toBe(true);
    expect(input.value).toBe('{\n  "text": "hi"\n}');
    server.value = '1';
    server.dispatchEvent(new win.Event('change', { bubbles: true }));
    expect(q<HTMLInputElement>('[data-ws-url]').value).toBe('ws://us.example.test/rooms/main%20hall');
    message.value = '1';
    message.dispatchEvent(new win.Event('change', { bubbles: true }));
    // No example given: generated from the payload schema (its own `examples`).
    expect(input.value).toBe('ping');
  });

  it('connects, sends the composer’s text, logs both ways, and disconnects with code 1000', () => {
    const { win, q, log } = panel();
    click(win, q('[data-ws-connect]'));
    const socket = FakeSocket.opened[0] as FakeSocket;
    expect(socket.url).toBe('wss://eu.example.test/rooms/main%20hall');
    expect([q('[data-ws-state]').textContent, q('[data-ws-connect]').textContent]).toEqual(['Connecting to wss://eu.example.test/rooms/main%20hall…', 'Disconnect']);
    socket.open();
    expect([q('[data-ws-state]').textContent, q<HTMLButtonElement>('[data-ws-send]').disabled]).toEqual(['Connected', false]);
    socket.receive('welcome');
    click(win, q('[data-ws-send]'));
    expect(socket.sent).toEqual(['{\n  "text": "hi"\n}']);
    click(win, q('[data-ws-connect]'));
    expect(socket.closedWith).toBe(1000);
    socket.end(1000, 'bye');
    expect(log()).toEqual([
      ['info', 'Connected to wss://eu.example.test/rooms/main%20hall'],
      ['received', 'welcome'],
      ['sent', '{\n  "text": "hi"\n}'],
      ['info', 'Closed (code 1000: bye)'],
    ]);
    expect([q('[data-ws-state]').textContent, q('[data-ws-connect]').textContent, q<HTMLButtonElement>('[data-ws-send]').disabled]).toEqual(['Not connected', 'Connect', true]);
  });

  it('a URL the browser refuses is logged, not thrown; the log keeps the last 200 entries', () => {
    const { win, q, log } = panel();
    q<HTMLInputElement>('[data-ws-url]').value = 'bad url';
    click(win, q('[data-ws-connect]'));
    expect(log()).toEqual([['info', "Could not connect to bad url: The URL 'bad url' is invalid."]]);
    q<HTMLInputElement>('[data-ws-url]').value = 'wss://eu.example.test/';
    click(win, q('[data-ws-connect]'));
    const socket = FakeSocket.opened[0] as FakeSocket;
    socket.open();
    for (let i = 0; i < 250; i += 1) socket.receive(`m${i}`);
    const entries = log();
    expect(entries.length).toBe(200);
    expect(entries[0]).toEqual(['received', 'm50']);
    expect(entries[199]).toEqual(['received', 'm249']);
  });

  it('leaves a panel whose spec does not parse as it is: disabled, the note shown', () => {
    const markup = renderWebSocketPlayground(model, {}, 'interactive').replace(/<script type="application\/json" data-sheaf-ws-spec>[^<]*<\/script>/, '<script type="application/json" data-sheaf-ws-spec>{</script>');
    const { q } = panel(markup);
    expect([q('section[data-sheaf-ws]').hasAttribute('data-enhanced'), q<HTMLButtonElement>('[data-ws-connect]').disabled, q<HTMLElement>('[data-ws-nojs]').hidden]).toEqual([false, true, false]);
  });
});
