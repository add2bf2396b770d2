import { describe, expect, it } from 'vitest';
import type { PlaygroundStreamFrame } from '../../src/model/playground.js';
import { renderPlayground } from '../../src/render/operation/playground/index.js';
import { sendDirect, sendViaProxy, type ShownResponse, type ShownResult } from '../../src/client/playground/send-request.js';
import { readFrameAnswer } from '../../src/client/playground/stream-response.js';
import { showResult, showStreamProgress, streamedItems } from '../../src/client/playground/show-result.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import * as f from '../render/operation/playground/fixtures.js';
import { $, pages } from './page-window.js';

/**
 * Streamed answers in the page script: counted as events/lines/records, shown while they arrive
 * (each step asserted before the next piece is given), then as a whole with how the stream ended.
 */

const page = pages();

/** A body the test feeds piece by piece: `push` a string, `close` to end. */
function controlledBody() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    stream,
    push: (text: string) => controller?.enqueue(encoder.encode(text)),
    close: () => controller?.close(),
  };
}

const frame = (f: PlaygroundStreamFrame) => `${JSON.stringify(f)}\n`;
const HEAD: PlaygroundStreamFrame = { head: { status: 200, statusText: 'OK', headers: { 'content-type': 'text/event-stream' } } };

/** Resolves once `check` holds, looking after each pending task (no timing: a bounded number of turns). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(check()).toBe(true);
}

describe('counting the items of a stream', () => {
  it('counts complete server-sent events, not comments or the one still arriving', () => {
    expect(streamedItems('text/event-stream', 'event: a\ndata: 1\n\n: keep-alive\n\ndata: 2\r\n\r\ndata: 3')).toEqual({ count: 2, noun: 'event' });
    expect(streamedItems('text/event-stream; charset=utf-8', '')).toEqual({ count: 0, noun: 'event' });
  });
  it('counts complete JSON Lines and JSON text sequence records', () => {
    expect(streamedItems('application/jsonl', '{"a":1}\n\n{"a":2}\n{"a":')).toEqual({ count: 2, noun: 'line' });
    expect(streamedItems('application/x-ndjson', '1\n2\n3\n')).toEqual({ count: 3, noun: 'line' });
    expect(streamedItems('application/json-seq', '\u001e{"a":1}\n\u001e{"a":2}\n')).toEqual({ count: 2, noun: 'record' });
  });
});

describe('reading the proxy’s frames', () => {
  it('reports each piece as it arrives, then the whole answer and how it ended', async () => {
    const body = controlledBody();
    const seen: ShownResponse[] = [];
    const done = readFrameAnswer(new Response(body.stream, { headers: { 'content-type': 'application/x-ndjson' } }), (p) => seen.push(p));
    body.push(frame(HEAD));
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ status: 200, text: '', notes: ['Receiving events as they arrive: 0 so far.'] });
    // A frame split across two reads is read once whole.
    const first = frame({ chunk: 'event: created\ndata: {"id":"p-1"}\n\n' });
    body.push(first.slice(0, 10));
    body.push(first.slice(10));
    await until(() => seen.length === 2);
    expect(seen[1]).toMatchObject({ text: 'event: created\ndata: {"id":"p-1"}\n\n', notes: ['Receiving events as they arrive: 1 so far.'] });
    body.push(frame({ chunk: 'data: 2\n\n' }) + frame({ end: { durationMs: 40, truncated: false } }));
    body.close();
    expect(await done).toEqual({
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'text/event-stream' },
      bytes: null,
      text: 'event: created\ndata: {"id":"p-1"}\n\ndata: 2\n\n',
      durationMs: 40,
      notes: ['The stream ended after 2 events.'],
    });
    expect(seen).toHaveLength(3);
  });

  it('says why a stream stopped early, and passes an error frame on', async () => {
    const ended = async (frames: PlaygroundStreamFrame[]): Promise<ShownResult> =>
      readFrameAnswer(new Response(frames.map(frame).join(''), { headers: { 'content-type': 'application/x-ndjson' } }), undefined);
    const notes = async (stopped: 'size-limit' | 'time-limit' | 'cut') =>
      ((await ended([HEAD, { chunk: 'data: 1\n\n' }, { end: { durationMs: 1, truncated: true, stopped } }])) as ShownResponse).notes;
    expect(await notes('time-limit')).toEqual(['The stream was stopped at the proxy’s time limit after 1 event; the API was still sending.']);
    expect(await notes('size-limit')).toEqual(['The stream was stopped at the proxy’s size limit after 1 event.']);
    expect(await notes('cut')).toEqual(['The connection was cut after 1 event; the stream did not end normally.']);
    expect(await ended([HEAD, { error: { code: 'proxy/upstream-failed', message: 'The API’s stream failed: boom.' } }])).toEqual({
      error: 'The playground proxy could not complete the request: The API’s stream failed: boom. (proxy/upstream-failed)',
    });
    expect(await ended([])).toEqual({ error: 'The playground proxy’s stream ended before the API answered.' });
    expect(((await ended([HEAD, { chunk: 'data: 1\n\n' }])) as ShownResponse).notes).toEqual(['The site’s connection ended before the stream did, after 1 event.']);
  });
});

describe('sending', () => {
  const built = { request: { method: 'GET', url: 'http://127.0.0.1:9/v2/events', headers: {}, body: { type: 'none' as const } }, direct: undefined };

  it('through the proxy: accepts frames, and reads them when the proxy streams', async () => {
    const win = page({ url: 'https://docs.example.com/api/events/', root: { 'data-base': '../../' } });
    const accepts: string[] = [];
    win.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      accepts.push(String((init?.headers as Record<string, string>)['Accept']));
      return new Response(frame(HEAD) + frame({ chunk: 'data: 1\n\n' }) + frame({ end: { durationMs: 5, truncated: false } }), {
        headers: { 'content-type': 'application/x-ndjson; charset=utf-8' },
      });
    }) as typeof win.fetch;
    const progress: string[] = [];
    const result = await sendViaProxy(win, built, (p) => progress.push(p.text ?? ''));
    expect(accepts).toEqual(['application/x-ndjson, application/json']);
    expect(progress).toEqual(['', 'data: 1\n\n']);
    expect(result).toMatchObject({ status: 200, text: 'data: 1\n\n', durationMs: 5, notes: ['The stream ended after 1 event.'] });
  });

  it('directly: reads a streamed body piece by piece', async () => {
    const win = page();
    const body = controlledBody();
    win.fetch = (async () => new Response(body.stream, { status: 200, statusText: 'OK', headers: { 'content-type': 'application/jsonl' } })) as unknown as typeof win.fetch;
    const seen: string[] = [];
    const done = sendDirect(win as BrowserWindow, built, { credentials: false }, (p) => seen.push(`${p.text ?? ''}|${p.notes.join(' ')}`));
    body.push('{"stars":5}\n');
    await until(() => seen.length === 1);
    expect(seen).toEqual(['{"stars":5}\n|Only the headers the API exposes to browsers are shown. Receiving lines as they arrive: 1 so far.']);
    body.push('{"stars":4}\n');
    body.close();
    expect(await done).toMatchObject({
      status: 200,
      bytes: null,
      text: '{"stars":5}\n{"stars":4}\n',
      notes: ['Only the headers the API exposes to browsers are shown.', 'The stream ended after 2 lines.'],
    });
  });
});

describe('showing a stream in the form', () => {
  it('marks the response as streaming with the count so far, then shows the whole answer', () => {
    const html = renderPlayground({ model: f.noAuthGet, document: f.document, display: 'interactive', proxy: true, credentials: false, prefill: false });
    const win = page({ body: html });
    const form = $(win, 'form[data-sheaf-playground]');
    const progress: ShownResponse = {
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'text/event-stream' },
      bytes: null,
      text: 'data: 1\n\n',
      durationMs: undefined,
      notes: ['Receiving events as they arrive: 1 so far.'],
    };
    showStreamProgress(form, progress);
    expect($(win, '[data-pg-response]').hasAttribute('data-streaming')).toBe(true);
    expect([$(win, '[data-pg-state]').textContent, $(win, '[data-pg-out-status]').textContent, $(win, '[data-pg-out-message]').textContent, $(win, '[data-pg-out-body]').textContent]).toEqual([
      'Receiving: 200 OK',
      '200 OK',
      'Receiving events as they arrive: 1 so far.',
      'data: 1\n\n',
    ]);
    showResult(form, { ...progress, text: 'data: 1\n\ndata: 2\n\n', durationMs: 12, notes: ['The stream ended after 2 events.'] });
    expect($(win, '[data-pg-response]').hasAttribute('data-streaming')).toBe(false);
    expect([$(win, '[data-pg-state]').textContent, $(win, '[data-pg-out-message]').textContent]).toEqual(['Response: 200 OK, 12 ms', 'The stream ended after 2 events.']);
  });
});
