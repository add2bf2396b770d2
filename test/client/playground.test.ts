import { describe, expect, it } from 'vitest';
import type { PlaygroundRequest } from '../../src/model/playground.js';
import { renderPlayground, renderTryIt, tryItButton } from '../../src/render/operation/playground/index.js';
import type { OperationModel, ParameterModel } from '../../src/openapi/operation-model/model.js';
import { codeSamplesFor } from '../../src/render/operation/code-samples/index.js';
import type { PlaygroundSpec } from '../../src/model/playground-spec.js';
import { base64ToBytes, bytesToBase64, utf8Base64 } from '../../src/client/playground/base64.js';
import { buildRequest } from '../../src/client/playground/build-request.js';
import { STORE_PREFIX, credentialStore, siteKey, storeKey } from '../../src/client/playground/credentials.js';
import { readProxyAnswer, sendDirect, sendViaProxy } from '../../src/client/playground/send-request.js';
import { cookiePairs, headerValue, parseValue, pathValue, queryPairs, serverBase } from '../../src/client/playground/serialise.js';
import { bodyText } from '../../src/client/playground/show-result.js';
import { showChosen, startPlayground } from '../../src/client/playground/start-playground.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import * as f from '../render/operation/playground/fixtures.js';
import { $, click, pages } from './page-window.js';

const page = pages();

const param = (location: 'path' | 'query' | 'header' | 'cookie', style: string, explode: boolean, shape: 'scalar' | 'array' | 'object' = 'scalar') => ({
  name: 'id',
  in: location,
  style,
  explode,
  shape,
});
const q = (style: string, explode: boolean) => param('query', style, explode);
const p = (style: string, explode: boolean) => param('path', style, explode);

describe('parameter serialisation (src/parameter-style, tested against the specification’s table there)', () => {
  it('reads fields in their style’s syntax: lists at the style’s delimiter, objects as key=value pairs (or JSON), else as typed', () => {
    expect(parseValue(param('query', 'form', true, 'array'), 'a, b,c')).toEqual(['a', 'b', 'c']);
    expect(parseValue(param('query', 'pipeDelimited', false, 'array'), 'a|b, c')).toEqual(['a', 'b, c']);
    expect(parseValue(param('query', 'spaceDelimited', false, 'array'), 'a b  c')).toEqual(['a', 'b', 'c']);
    expect(parseValue(param('query', 'deepObject', true, 'object'), 'r=1, g=a b')).toEqual({ r: '1', g: 'a b' });
    expect(parseValue(param('query', 'deepObject', true, 'object'), '{"r":1}')).toEqual({ r: 1 });
    expect(parseValue(param('query', 'form', true, 'scalar'), 'a,b')).toBe('a,b');
  });

  it('serialises path parameters: simple, label, matrix; values percent-encoded', () => {
    expect(pathValue(p('simple', false), 'a b/c')).toBe('a%20b%2Fc');
    expect(pathValue(p('simple', false), ['1', '2'])).toBe('1,2');
    expect(pathValue(p('simple', true), { r: 1, g: 2 })).toBe('r=1,g=2');
    expect(pathValue(p('label', false), ['1', '2'])).toBe('.1,2');
    expect(pathValue(p('label', true), ['1', '2'])).toBe('.1.2');
    expect(pathValue(p('matrix', false), '5')).toBe(';id=5');
    expect(pathValue(p('matrix', true), ['1', '2'])).toBe(';id=1;id=2');
    expect(pathValue(p('matrix', true), { r: 1, g: 2 })).toBe(';r=1;g=2');
  });

  it('serialises query parameters: form (exploded or not), space- and pipe-delimited, deepObject', () => {
    expect(queryPairs(q('form', true), 'x&y')).toEqual(['id=x%26y']);
    expect(queryPairs(q('form', true), ['1', '2'])).toEqual(['id=1', 'id=2']);
    expect(queryPairs(q('form', false), ['1', '2'])).toEqual(['id=1,2']);
    expect(queryPairs(q('spaceDelimited', false), ['1', '2'])).toEqual(['id=1%202']);
    expect(queryPairs(q('pipeDelimited', false), ['1', '2'])).toEqual(['id=1%7C2']);
    expect(queryPairs(q('deepObject', true), { r: 1, g: 'a b' })).toEqual(['id%5Br%5D=1', 'id%5Bg%5D=a%20b']);
    expect(queryPairs(q('form', true), { r: 1 })).toEqual(['r=1']);
    expect(queryPairs(q('form', false), { r: 1, g: 2 })).toEqual(['id=r,1,g,2']);
  });

  it('joins header values unencoded and encodes cookies (one per item when exploded), and fills server variables resolving relative servers against the page', () => {
    expect(headerValue(param('header', 'simple', false), ['a b', 'c'])).toBe('a b,c');
    expect(headerValue(param('header', 'simple', true), { r: 1 })).toBe('r=1');
    expect(headerValue(param('header', 'simple', false), { r: 1, g: 2 })).toBe('r,1,g,2');
    expect(cookiePairs(param('cookie', 'form', false), ['a b', 'c'])).toEqual(['id=a%20b,c']);
    expect(cookiePairs(param('cookie', 'form', true), ['a', 'c'])).toEqual(['id=a', 'id=c']);
    const server = { url: 'https://{region}.example.com/{v}/', variables: { region: 'eu', v: 'v1' } };
    expect(serverBase(server, { region: 'us', v: '' }, 'https://docs.example.com/api/pets/')).toBe('https://us.example.com/v1');
    expect(serverBase({ url: '/v2', variables: {} }, {}, 'https://docs.example.com/api/pets/')).toBe('https://docs.example.com/v2');
    expect(serverBase({ url: 'https://{unknown}.example.com', variables: {} }, {}, 'https://docs.example.com/')).toBe('https://{unknown}.example.com');
  });

  it('encodes base64 from bytes and UTF-8 text, and back', () => {
    expect(utf8Base64('admin:sécret')).toBe('YWRtaW46c8OpY3JldA==');
    expect(bytesToBase64(new Uint8Array([0, 255, 16]))).toBe('AP8Q');
    expect([...base64ToBytes('AP8Q')]).toEqual([0, 255, 16]);
    const big = new Uint8Array(70_000).map((_, i) => i % 251);
    expect([...base64ToBytes(bytesToBase64(big))]).toEqual([...big]);
  });
});

/** A page holding the server-rendered playground of `model` (as the operation page has it). */
function playgroundPage(model: OperationModel, options: { proxy?: boolean; credentials?: boolean; prefill?: boolean; url?: string; base?: string } = {}) {
  const html = renderPlayground({ model, document: f.document, display: 'interactive', proxy: options.proxy ?? true, credentials: options.credentials ?? false, prefill: options.prefill ?? false });
  const win = page({ url: options.url ?? 'https://docs.example.com/api/update-pet/', root: { 'data-base': options.base ?? '../../' }, body: html });
  const form = $(win, 'form[data-sheaf-playground]');
  const spec = JSON.parse(form.querySelector('script[data-sheaf-playground-spec]')?.textContent ?? '') as PlaygroundSpec;
  const fill = (selector: string, value: string) => {
    ($(win, selector) as HTMLInputElement).value = value;
  };
  return { win, form, spec, fill };
}

describe('building the request from the rendered form', () => {
  it('fills path, query, header and cookie parameters, bearer auth and the JSON body', async () => {
    const { win, form, spec, fill } = playgroundPage(f.bearerJson);
    fill('[data-pg-param="0"]', '42');
    fill('[data-pg-param="2"]', 'a, b');
    fill('[data-pg-param="3"]', '5');
    fill('[data-pg-param="4"]', 'req-1');
    fill('[data-pg-param="5"]', 'a b');
    fill('[data-pg-body-text]', '{"name": "Rex"}');
    const built = await buildRequest(win, form, spec);
    expect(built.request).toEqual<PlaygroundRequest>({
      method: 'POST',
      url: 'https://api.example.com/v1/pets/42?sort=asc&tags=a&tags=b&limit=5',
      headers: { 'X-Request-Id': 'req-1', Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', Cookie: 'session=a%20b' },
      body: { type: 'text', text: '{"name": "Rex"}' },
    });
    expect(built.direct).toBe('{"name": "Rex"}');
  });

  it('leaves empty optional fields and an empty body out', async () => {
    const { win, form, spec, fill } = playgroundPage(f.bearerJson);
    fill('[data-pg-param="0"]', '7');
    fill('[data-pg-param="1"]', '');
    // The limit field starts with its example (issue 15, item 1): cleared here.
    fill('[data-pg-param="3"]', '');
    fill('[data-pg-auth]', '');
    fill('[data-pg-body-text]', '  \n');
    const built = await buildRequest(win, form, spec);
    expect(built.request).toEqual({ method: 'POST', url: 'https://api.example.com/v1/pets/7', headers: {}, body: { type: 'none' } });
  });

  it('applies API keys in a header, the query or a cookie, and basic auth as UTF-8 base64', async () => {
    const sent = async (model: OperationModel, values: Record<string, string>) => {
      const { win, form, spec, fill } = playgroundPage(model);
      // The q field starts with its example (issue 15, item 1): cleared, this test is about credentials.
      fill('[data-pg-param="0"]', '');
      for (const [selector, value] of Object.entries(values)) fill(selector, value);
      return (await buildRequest(win, form, spec)).request;
    };
    expect(await sent(f.apiKey('header'), { '[data-pg-auth]': 'k 1' })).toMatchObject({ url: 'https://api.example.com/v1/pets', headers: { 'X-API-Key': 'k 1' } });
    expect(await sent(f.apiKey('query'), { '[data-pg-auth]': 'k 1' })).toMatchObject({ url: 'https://api.example.com/v1/pets?api_key=k%201', headers: {} });
    expect(await sent(f.apiKey('cookie'), { '[data-pg-auth]': 'k 1' })).toMatchObject({ headers: { Cookie: 'api_key=k%201' } });
    expect(
      await sent(f.basicAuth, { '[data-pg-auth-part="username"]': 'admin', '[data-pg-auth-part="password"]': 'sécret' }),
    ).toMatchObject({ method: 'GET', headers: { Authorization: 'Basic YWRtaW46c8OpY3JldA==' }, body: { type: 'none' } });
  });

  it('sends a form body as fields, and multipart text fields with files inline', async () => {
    const form1 = playgroundPage(f.formBody);
    form1.fill('[data-pg-body-field="name"]', 'Rex & co');
    // The tag select starts on the first enum member, as the code samples show it: left unset here.
    form1.fill('[data-pg-body-field="tag"]', '');
    const built = await buildRequest(form1.win, form1.form, form1.spec);
    expect(built.request.body).toEqual({ type: 'form', fields: { name: 'Rex & co' } });
    expect(built.request.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(built.direct).toBe('name=Rex+%26+co');

    const multi = playgroundPage(f.multipartBody);
    multi.fill('[data-pg-body-field="title"]', 'Photo');
    const input = $(multi.win, 'input[data-pg-body-file="file"]') as HTMLInputElement;
    const file = new multi.win.File([new Uint8Array([137, 80, 78, 71])], 'pet.png', { type: 'image/png' });
    Object.defineProperty(input, 'files', { value: [file] });
    const sentMulti = await buildRequest(multi.win, multi.form, multi.spec);
    expect(sentMulti.request.body).toEqual({
      type: 'multipart',
      fields: { title: 'Photo' },
      files: [{ field: 'file', filename: 'pet.png', contentType: 'image/png', base64: 'iVBORw==' }],
    });
    expect(sentMulti.request.headers).toEqual({});
  });

  it('sends a binary body as the file, base64 for the proxy', async () => {
    const { win, form, spec, fill } = playgroundPage(f.binaryBody);
    fill('[data-pg-param="0"]', 'a b.bin');
    const file = new win.File([new Uint8Array([1, 2, 3])], 'x.bin', { type: '' });
    Object.defineProperty($(win, 'input[data-pg-body-binary]'), 'files', { value: [file] });
    const built = await buildRequest(win, form, spec);
    expect(built.request).toEqual({
      method: 'PUT',
      url: 'https://api.example.com/v1/files/a%20b.bin',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: { type: 'binary', base64: 'AQID', contentType: 'application/octet-stream' },
    });
    expect(built.direct).toBe(file);
  });

  it('uses the chosen server with its variables, and the chosen content type', async () => {
    const { win, form, spec, fill } = playgroundPage(f.manyTypes);
    startPlayground(win);
    const servers = $(win, '[data-pg-server-select]') as HTMLSelectElement;
    servers.value = '1';
    servers.dispatchEvent(new win.Event('change', { bubbles: true }));
    fill('[data-pg-server="1"] [data-pg-var="port"]', '9090');
    const types = $(win, '[data-pg-content-type]') as HTMLSelectElement;
    types.value = '1';
    types.dispatchEvent(new win.Event('change', { bubbles: true }));
    fill('[data-pg-body="1"] [data-pg-body-text]', '<pet/>');
    const built = await buildRequest(win, form, spec);
    expect(built.request).toMatchObject({ url: 'http://localhost:9090/pets', headers: { 'Content-Type': 'application/xml' }, body: { type: 'text', text: '<pet/>' } });
  });
});

describe('parameter styles: the form says what to type, and sends what the curl sample shows', () => {
  const param = (over: Partial<ParameterModel> & Pick<ParameterModel, 'name' | 'in'>): ParameterModel => ({ required: false, deprecated: false, examples: [], ...over });
  const example = (value: unknown) => [{ name: 'e', value }];
  const styled: OperationModel = {
    ...f.bearerJson,
    method: 'GET',
    path: '/colors/{color}/{shade}',
    security: [],
    requestBody: undefined,
    parameters: [
      param({ name: 'color', in: 'path', required: true, style: 'matrix', explode: true, schema: { type: 'array', items: { type: 'string' } }, examples: example(['blue', 'black']) }),
      param({ name: 'shade', in: 'path', required: true, style: 'label', schema: { type: 'string' }, examples: example('dark blue') }),
      param({ name: 'tags', in: 'query', style: 'pipeDelimited', explode: false, schema: { type: 'array', items: { type: 'string' } }, examples: example(['a b', 'c']) }),
      param({ name: 'sort', in: 'query', style: 'spaceDelimited', explode: false, schema: { type: 'array', items: { type: 'string' } }, examples: example(['name', '-age']) }),
      param({ name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object' }, examples: example({ color: 'red', size: 'M' }) }),
      param({ name: 'X-Ids', in: 'header', schema: { type: 'array', items: { type: 'integer' } }, examples: example([1, 2]) }),
    ],
  };

  it('labels each field with its style’s syntax and fills it in that syntax', () => {
    const { win } = playgroundPage(styled, { prefill: true });
    const hints = [...win.document.querySelectorAll('.sheaf-playground-hint')].map((el) => el.textContent);
    expect(hints).toEqual(['array, comma-separated', 'string', 'array, pipe-separated', 'array, space-separated', 'object, key=value, comma-separated', 'array, comma-separated']);
    const values = [0, 1, 2, 3, 4, 5].map((i) => ($(win, `[data-pg-param="${i}"]`) as HTMLInputElement).value);
    expect(values).toEqual(['blue,black', 'dark blue', 'a b|c', 'name -age', 'color=red,size=M', '1,2']);
  });

  it('sends matrix, label, pipe- and space-delimited and deepObject parameters as the curl sample writes them', async () => {
    const { win, form, spec } = playgroundPage(styled, { prefill: true });
    const built = await buildRequest(win, form, spec);
    const url = 'https://api.example.com/v1/colors/;color=blue;color=black/.dark%20blue?tags=a%20b%7Cc&sort=name%20-age&filter%5Bcolor%5D=red&filter%5Bsize%5D=M';
    expect(built.request).toEqual({ method: 'GET', url, headers: { 'X-Ids': '1,2' }, body: { type: 'none' } });
    const curl = codeSamplesFor(styled, f.document, { languages: ['curl'], defaults: 'all', autogenerate: true, prefill: true })[0]?.code ?? '';
    expect(curl).toBe(`curl --request GET \\\n  --url '${url}' \\\n  --header 'X-Ids: 1,2'`);
  });

  it('takes a parameter described by content as JSON text and sends it percent-encoded, as the curl sample does', async () => {
    const model: OperationModel = {
      ...styled,
      path: '/colors',
      parameters: [param({ name: 'coordinates', in: 'query', required: true, mediaType: 'application/json', schema: { type: 'object' }, examples: example({ lat: 1.5 }) })],
    };
    const { win, form, spec } = playgroundPage(model, { prefill: true });
    expect($(win, '.sheaf-playground-hint').textContent).toBe('object, JSON');
    expect(($(win, '[data-pg-param="0"]') as HTMLInputElement).value).toBe('{"lat":1.5}');
    const url = 'https://api.example.com/v1/colors?coordinates=%7B%22lat%22%3A1.5%7D';
    expect((await buildRequest(win, form, spec)).request.url).toBe(url);
    expect(codeSamplesFor(model, f.document, { languages: ['curl'], defaults: 'all', autogenerate: true, prefill: true })[0]?.code).toBe(`curl --request GET \\\n  --url '${url}'`);
  });
});

describe('the chosen server and body', () => {
  it('show their fieldsets; the others are hidden and disabled (a disabled fieldset’s required fields do not block Send)', () => {
    const { win, form } = playgroundPage(f.manyTypes);
    const fieldsets = () => [...form.querySelectorAll<HTMLFieldSetElement>('[data-pg-server]')].map((el) => [el.hidden, el.disabled]);
    expect(fieldsets()).toEqual([
      [false, false],
      [true, true],
    ]);
    ($(win, '[data-pg-server-select]') as HTMLSelectElement).value = '1';
    showChosen(form, '[data-pg-server-select]', 'data-pg-server');
    expect(fieldsets()).toEqual([
      [true, true],
      [false, false],
    ]);
    const bodies = () => [...form.querySelectorAll<HTMLFieldSetElement>('[data-pg-body]')].map((el) => [el.hidden, el.disabled]);
    ($(win, '[data-pg-content-type]') as HTMLSelectElement).value = '1';
    showChosen(form, '[data-pg-content-type]', 'data-pg-body');
    expect(bodies()).toEqual([
      [true, true],
      [false, false],
    ]);
  });
});

describe('credentials', () => {
  it('are kept per site (origin and base path), scheme and part', () => {
    expect(siteKey('../../', 'https://docs.example.com/docs/api/pets/')).toBe('https://docs.example.com/docs/');
    expect(storeKey('https://docs.example.com/docs/', 'bearerAuth', 'value')).toBe(`${STORE_PREFIX}https://docs.example.com/docs/:bearerAuth:value`);
  });

  it('are saved as typed, restored on the next page of the site, and forgotten on request', () => {
    const first = playgroundPage(f.bearerJson, { url: 'https://docs.example.com/docs/api/update-pet/' });
    startPlayground(first.win);
    const field = $(first.win, '[data-pg-auth]') as HTMLInputElement;
    field.value = 'token-1';
    field.dispatchEvent(new first.win.Event('input', { bubbles: true }));
    const key = `${STORE_PREFIX}https://docs.example.com/docs/:bearerAuth:value`;
    expect(first.win.localStorage.getItem(key)).toBe('token-1');

    const next = playgroundPage(f.bearerJson, { url: 'https://docs.example.com/docs/api/other/' });
    next.win.localStorage.setItem(key, 'token-1');
    next.win.localStorage.setItem(`${STORE_PREFIX}https://docs.example.com/other-site/:bearerAuth:value`, 'not-this');
    startPlayground(next.win);
    const restored = $(next.win, '[data-pg-auth]') as HTMLInputElement;
    expect(restored.value).toBe('token-1');
    const forget = $(next.win, '[data-pg-forget]');
    expect(forget.hidden).toBe(false);
    forget.dispatchEvent(new next.win.MouseEvent('click', { bubbles: true }));
    expect(next.win.localStorage.getItem(key)).toBeNull();
    expect(restored.value).toBe('demo-token');
    expect($(next.win, '[data-pg-state]').textContent).toBe('Credentials forgotten in this browser.');
  });

  it('still work when storage refuses', () => {
    const { win, form } = playgroundPage(f.bearerJson);
    Object.defineProperty(win, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
    const store = credentialStore(win);
    const field = $(win, '[data-pg-auth]') as HTMLInputElement;
    field.value = 'typed';
    store.restore(form);
    store.save(field);
    expect(field.value).toBe('typed');
    store.forget(form);
    expect(field.value).toBe('demo-token');
  });
});

type FetchCall = { url: string; init: RequestInit | undefined; request: Request | undefined };

/** Replaces the page's fetch: records each call and answers with `answer` (or fails with it). */
function stubFetch(win: BrowserWindow, answer: () => Response | Error): FetchCall[] {
  const calls: FetchCall[] = [];
  win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = typeof input === 'object' && 'url' in input ? (input as Request) : undefined;
    calls.push({ url: request ? request.url : String(input), init, request });
    const a = answer();
    if (a instanceof Error) throw a;
    return a;
  }) as typeof win.fetch;
  return calls;
}

const built = (request: Partial<PlaygroundRequest> = {}) => ({
  request: { method: 'POST', url: 'http://127.0.0.1:9/v1/pets', headers: { 'X-A': '1' }, body: { type: 'none' as const }, ...request },
  direct: undefined,
});

describe('sending through the proxy', () => {
  it('posts the request as JSON to <base>_svc/api/request and reads the answer', async () => {
    const win = page({ url: 'https://docs.example.com/docs/api/pets/', root: { 'data-base': '../../' } });
    const calls = stubFetch(
      win,
      () =>
        new win.Response(JSON.stringify({ status: 201, statusText: 'Created', headers: { 'content-type': 'application/json' }, body: 'eyJpZCI6MX0=', bodyEncoding: 'base64', durationMs: 12, truncated: true }), {
          status: 200,
        }) as unknown as Response,
    );
    const result = await sendViaProxy(win, built());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://docs.example.com/docs/_svc/api/request');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual(built().request);
    expect(result).toMatchObject({ status: 201, statusText: 'Created', text: null, durationMs: 12, notes: ['The body was cut at the proxy’s size limit.'] });
    expect('error' in result ? '' : bodyText(result)).toBe('{\n  "id": 1\n}');
  });

  it('says why the proxy refused or failed, or that the host has none', () => {
    const endpoint = 'https://docs.example.com/_svc/api/request';
    const refused = JSON.stringify({ error: { code: 'proxy/blocked-address', message: 'The address 10.0.0.1 is private.' } });
    expect(readProxyAnswer(endpoint, { ok: false, status: 403, statusText: 'Forbidden' }, refused)).toEqual({
      error: 'The playground proxy refused the request: The address 10.0.0.1 is private. (proxy/blocked-address)',
    });
    expect(readProxyAnswer(endpoint, { ok: false, status: 504, statusText: '' }, JSON.stringify({ error: { code: '', message: 'Timed out.' } }))).toEqual({
      error: 'The playground proxy could not complete the request: Timed out.',
    });
    expect(readProxyAnswer(endpoint, { ok: false, status: 405, statusText: 'Method Not Allowed' }, '<html>')).toEqual({
      error:
        'This site did not answer the playground request (POST https://docs.example.com/_svc/api/request gave 405 Method Not Allowed). Sending needs a host that runs the playground proxy, such as sheaf host.',
    });
  });

  it('says when the site cannot be reached', async () => {
    const win = page();
    stubFetch(win, () => new TypeError('Failed to fetch'));
    expect(await sendViaProxy(win, built())).toEqual({ error: 'Could not reach this site’s playground proxy: Failed to fetch' });
  });
});

describe('sending directly', () => {
  it('drops the Cookie header with a note, and shows what the API exposes', async () => {
    const win = page();
    const calls = stubFetch(win, () => new win.Response('plain text', { status: 200, statusText: 'OK', headers: { 'content-type': 'text/plain' } }) as unknown as Response);
    const result = await sendDirect(win, built({ headers: { 'X-A': '1', Cookie: 'a=1' } }), { credentials: true });
    expect(calls[0]?.request?.headers.get('x-a')).toBe('1');
    expect(calls[0]?.request?.headers.get('cookie')).toBeNull();
    expect(calls[0]?.request?.credentials).toBe('include');
    expect(result).toMatchObject({
      status: 200,
      notes: [
        'A page cannot set cookies for another site, so the Cookie values were not sent; the browser sent its own cookies for the API.',
        'Only the headers the API exposes to browsers are shown.',
      ],
    });
    expect('error' in result ? '' : bodyText(result)).toBe('plain text');
  });

  it('explains a blocked request in plain words', async () => {
    const win = page();
    stubFetch(win, () => new TypeError('Failed to fetch'));
    expect(await sendDirect(win, built(), { credentials: false })).toEqual({
      error:
        'The browser blocked the request: the API at http://127.0.0.1:9 does not allow requests from this site (CORS). Ask the API owner to allow this origin, or use the proxy. (A server that is down or unreachable is reported the same way.)',
    });
  });
});

describe('showing the body', () => {
  const shown = (headers: Record<string, string>, bytes: number[] | null, text: string | null = null) =>
    bodyText({ status: 200, statusText: '', headers, bytes: bytes && new Uint8Array(bytes), text, durationMs: 1, notes: [] });

  it('pretty-prints JSON, keeps other text, describes binary', () => {
    expect(shown({ 'Content-Type': 'application/problem+json' }, null, '{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(shown({}, null, ' [1,2]')).toBe('[\n  1,\n  2\n]');
    expect(shown({ 'content-type': 'application/json' }, null, '{broken')).toBe('{broken');
    expect(shown({ 'content-type': 'image/png' }, [137, 80, 78, 71, 255])).toBe('(5 bytes of binary data, image/png)');
    expect(shown({ 'content-type': 'text/csv' }, [0x61, 0xff])).toBe('a\uFFFD');
    expect(shown({}, [])).toBe('');
  });
});

describe('the form on the page', () => {
  it('is enhanced once: Send enabled, the no-JS note hidden; sending shows the proxy’s answer', async () => {
    const { win, fill } = playgroundPage(f.noAuthGet);
    const calls = stubFetch(
      win,
      () =>
        new win.Response(JSON.stringify({ status: 200, statusText: 'OK', headers: { 'content-type': 'application/json', 'x-b': '2' }, body: '[]', bodyEncoding: 'utf8', durationMs: 7.4, truncated: false }), {
          status: 200,
        }) as unknown as Response,
    );
    startPlayground(win);
    const api = win.sheafPlayground;
    startPlayground(win);
    expect(win.sheafPlayground).toBe(api);
    const form = $(win, 'form[data-sheaf-playground]');
    expect(form.hasAttribute('data-enhanced')).toBe(true);
    expect(($(win, '[data-pg-send]') as HTMLButtonElement).disabled).toBe(false);
    expect($(win, '[data-pg-nojs]').hidden).toBe(true);
    fill('[data-pg-param="0"]', 'rex');
    form.dispatchEvent(new win.Event('submit', { bubbles: true, cancelable: true }));
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect($(win, '[data-pg-send]').textContent).toBe('Sending…');
    for (let i = 0; i < 20 && form.hasAttribute('aria-busy'); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ method: 'GET', url: 'https://api.example.com/v1/pets?q=rex' });
    expect([$(win, '[data-pg-state]').textContent, $(win, '[data-pg-out-status]').textContent, $(win, '[data-pg-out-status]').getAttribute('data-range')]).toEqual([
      'Response: 200 OK, 7 ms',
      '200 OK',
      '2xx',
    ]);
    expect([...win.document.querySelectorAll('[data-pg-out-headers] dt')].map((dt) => dt.textContent)).toEqual(['content-type', 'x-b']);
    expect($(win, '[data-pg-out-body]').textContent).toBe('[]');
    expect($(win, '[data-pg-send]').textContent).toBe('Send');
    expect($(win, '[data-pg-response]').hidden).toBe(false);
  });
});

describe('the Try-it dialog', () => {
  /** An API page as built: the endpoint line with its button, then the aside holding the dialog. */
  function tryItPage(options: { showModal?: boolean } = {}) {
    const dialog = renderTryIt({ model: f.noAuthGet, document: f.document, display: 'interactive', proxy: true, credentials: false, prefill: false });
    const body = `<div class="sheaf-op-endpoint">GET /pets${tryItButton()}</div><a href="#x" id="elsewhere">x</a><div class="sheaf-aside" data-aside="playground">${dialog}</div>`;
    const win = page({ body });
    if (options.showModal === false) Object.defineProperty(win.HTMLDialogElement.prototype, 'showModal', { value: undefined, configurable: true });
    return win;
  }

  it('is closed in the markup and its button hidden until the script runs', () => {
    const win = tryItPage();
    expect(($(win, 'dialog[data-pg-dialog]') as HTMLDialogElement).open).toBe(false);
    expect(($(win, 'button[data-pg-open]') as HTMLButtonElement).hidden).toBe(true);
  });

  it('opens from the button as a modal holding the form, closes from Close and Escape, and gives focus back to the button', () => {
    const win = tryItPage();
    startPlayground(win);
    const button = $(win, 'button[data-pg-open]') as HTMLButtonElement;
    const dialog = $(win, 'dialog[data-pg-dialog]') as HTMLDialogElement;
    expect([button.hidden, button.getAttribute('aria-expanded'), button.getAttribute('aria-controls'), dialog.id]).toEqual([false, 'false', 'sheaf-try-it', 'sheaf-try-it']);
    expect(dialog.querySelector('#api-playground-input > form[data-sheaf-playground][data-enhanced]')).not.toBeNull();

    const modal: string[] = [];
    const showModal = dialog.showModal.bind(dialog);
    dialog.showModal = () => {
      modal.push('showModal');
      showModal();
    };
    button.focus();
    click(win, button);
    click(win, button); // a second click on an open dialog does nothing
    // happy-dom has no :modal; Chromium's modal state (top layer, inert page) is asserted in test/e2e/api-page.test.ts.
    expect([dialog.open, modal, button.getAttribute('aria-expanded')]).toEqual([true, ['showModal'], 'true']);
    expect(win.document.activeElement).toBe($(win, '[data-pg-param="0"]'));
    click(win, $(win, '[data-pg-close]'));
    expect([dialog.open, button.getAttribute('aria-expanded'), win.document.activeElement]).toEqual([false, 'false', button]);

    click(win, button);
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new win.Event('cancel', { cancelable: true }));
    dialog.close(); // what the browser does after an Escape's `cancel` that nothing prevented
    expect([dialog.open, win.document.activeElement]).toEqual([false, button]);
  });

  it('closes on a click that starts and ends on the backdrop, not on one that starts inside the form', () => {
    const win = tryItPage();
    startPlayground(win);
    const button = $(win, 'button[data-pg-open]');
    const dialog = $(win, 'dialog[data-pg-dialog]') as HTMLDialogElement;
    click(win, button);
    $(win, '[data-pg-send]').dispatchEvent(new win.PointerEvent('pointerdown', { bubbles: true }));
    click(win, dialog);
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new win.PointerEvent('pointerdown', { bubbles: true }));
    click(win, dialog);
    expect([dialog.open, win.document.activeElement]).toEqual([false, button]);
  });

  it('is set up once however often enhance runs: one click opens, one close closes', () => {
    const win = tryItPage();
    startPlayground(win);
    win.sheafPlayground?.enhance(win.document);
    win.sheafPlayground?.enhance(win.document);
    const dialog = $(win, 'dialog[data-pg-dialog]') as HTMLDialogElement;
    let closes = 0;
    dialog.addEventListener('close', () => (closes += 1));
    click(win, $(win, 'button[data-pg-open]'));
    click(win, $(win, '[data-pg-close]'));
    expect([dialog.open, closes]).toEqual([false, 1]);
  });

  it('without showModal: the dialog opens in place and the button stays hidden', () => {
    const win = tryItPage({ showModal: false });
    startPlayground(win);
    const dialog = $(win, 'dialog[data-pg-dialog]') as HTMLDialogElement;
    expect([dialog.open, dialog.hasAttribute('data-inline'), ($(win, 'button[data-pg-open]') as HTMLButtonElement).hidden]).toEqual([true, true, true]);
  });
});
