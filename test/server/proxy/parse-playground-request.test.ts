import { describe, expect, it } from 'vitest';
import { parsePlaygroundRequest } from '../../../src/server/proxy/parse-playground-request.js';

const valid = { method: 'POST', url: 'https://api.example.com/v1/pets', headers: { Authorization: 'Bearer x' }, body: { type: 'text', text: '{}' } };
const parse = (value: unknown) => parsePlaygroundRequest(JSON.stringify(value));

describe('parsePlaygroundRequest', () => {
  it('accepts every documented body type', () => {
    for (const body of [
      { type: 'none' },
      { type: 'text', text: 'hello' },
      { type: 'form', fields: { a: '1' } },
      { type: 'multipart', fields: { a: '1' }, files: [{ field: 'f', filename: 'a.png', contentType: 'image/png', base64: 'aGk=' }] },
      { type: 'binary', base64: '', contentType: 'application/octet-stream' },
    ]) {
      expect(parse({ ...valid, body })).toEqual({ ok: true, value: { ...valid, body } });
    }
  });

  it('refuses text that is not JSON', () => {
    expect(parsePlaygroundRequest('{"method":')).toEqual({ ok: false, failure: { code: 'proxy/invalid-request', message: 'The body is not valid JSON.' } });
  });

  it('names the fields at fault, never their values', () => {
    const result = parse({ ...valid, method: 'post', headers: { 'Bad Name': 'x', 'X-Key': 'secret\r\nInjected: 1' } });
    expect(result).toEqual({
      ok: false,
      failure: {
        code: 'proxy/invalid-request',
        message:
          'The playground request is malformed: `method`: must be an uppercase HTTP method; `headers.Bad Name`: is not a valid header name; `headers.X-Key`: holds a character a header cannot carry (line break or control character).',
      },
    });
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('refuses unknown fields, missing fields, unknown body types and bad base64', () => {
    expect(parse({ ...valid, extra: 1 })).toMatchObject({ failure: { message: 'The playground request is malformed: `extra` is not a known field.' } });
    expect(parse({ method: 'GET', url: 'https://a.example', body: { type: 'none' } })).toMatchObject({
      failure: { message: 'The playground request is malformed: `headers`: Invalid input: expected record, received undefined.' },
    });
    expect(parse({ ...valid, body: { type: 'graphql' } })).toMatchObject({
      failure: { message: "The playground request is malformed: `body.type`: Invalid discriminator value. Expected 'none' | 'text' | 'form' | 'multipart' | 'binary'." },
    });
    expect(parse({ ...valid, body: { type: 'multipart', fields: {}, files: [{ field: 'f', filename: 'a', contentType: 'x/y', base64: '%%%' }] } })).toMatchObject({
      failure: { message: 'The playground request is malformed: `body.files[0].base64`: Invalid base64-encoded string.' },
    });
  });

  it('refuses CONNECT (a tunnel, not an API call)', () => {
    expect(parse({ ...valid, method: 'CONNECT' })).toMatchObject({ failure: { message: 'The playground request is malformed: `method`: CONNECT opens a tunnel and is not sent.' } });
  });

  it('counts the problems it does not list', () => {
    expect(parse({ method: 1, url: 2, headers: 3, body: 4, x: 5 })).toMatchObject({ failure: { message: expect.stringMatching(/ \(and 2 more\)\.$/) } });
  });
});
