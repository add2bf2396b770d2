import { describe, expect, it } from 'vitest';
import { buildPlaygroundSpec } from '../../../../src/render/operation/playground/index.js';
import * as f from './fixtures.js';

const send = { proxy: true, credentials: false };

describe('buildPlaygroundSpec', () => {
  it('carries method, path, servers, parameters with their styles, security and body kinds', () => {
    expect(buildPlaygroundSpec(f.bearerJson, f.document, send)).toEqual({
      method: 'POST',
      path: '/pets/{petId}',
      servers: [{ url: 'https://api.example.com/v1', variables: {} }],
      parameters: [
        { name: 'petId', in: 'path', required: true, style: 'simple', explode: false, shape: 'scalar' },
        { name: 'sort', in: 'query', required: false, style: 'form', explode: true, shape: 'scalar' },
        { name: 'tags', in: 'query', required: false, style: 'form', explode: true, shape: 'array' },
        { name: 'limit', in: 'query', required: true, style: 'form', explode: true, shape: 'scalar' },
        { name: 'X-Request-Id', in: 'header', required: false, style: 'simple', explode: false, shape: 'scalar' },
        { name: 'session', in: 'cookie', required: false, style: 'form', explode: true, shape: 'scalar' },
      ],
      security: [[{ key: 'bearerAuth', kind: 'bearer' }]],
      body: { required: true, contents: [{ mediaType: 'application/json', kind: 'json' }] },
      proxy: true,
      credentials: false,
    });
  });

  it('maps every auth kind the browser can send, and leaves out mutual TLS; one list per alternative ({} is [])', () => {
    expect(buildPlaygroundSpec(f.apiKey('cookie'), f.document, send).security).toEqual([[{ key: 'key_cookie', kind: 'apiKey', name: 'api_key', in: 'cookie' }]]);
    expect(buildPlaygroundSpec(f.basicAuth, f.document, send).security).toEqual([[{ key: 'basic', kind: 'basic' }], []]);
    expect(buildPlaygroundSpec(f.oauthAndTls, f.document, send).security).toEqual([
      [
        { key: 'oauth', kind: 'bearer' },
        { key: 'digest', kind: 'http', scheme: 'Digest' },
      ],
    ]);
    expect(buildPlaygroundSpec(f.noAuthGet, f.document, send).security).toEqual([]);
  });

  it('classifies bodies: form, multipart, binary, JSON and XML text', () => {
    const kinds = (m: typeof f.formBody) => buildPlaygroundSpec(m, f.document, send).body?.contents.map((c) => c.kind);
    expect(kinds(f.formBody)).toEqual(['form']);
    expect(kinds(f.multipartBody)).toEqual(['multipart']);
    expect(kinds(f.binaryBody)).toEqual(['binary']);
    expect(kinds(f.manyTypes)).toEqual(['json', 'text']);
    expect(buildPlaygroundSpec(f.noAuthGet, f.document, send).body).toBeNull();
  });

  it('server variables become name → default', () => {
    expect(buildPlaygroundSpec(f.manyTypes, f.document, send).servers).toEqual([
      { url: 'https://{region}.example.com/{version}', variables: { region: 'eu', version: 'v1' } },
      { url: 'http://localhost:{port}', variables: { port: '8080' } },
    ]);
  });
});
