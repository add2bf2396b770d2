import { describe, expect, it } from 'vitest';
import { fakeFetch, load, located } from './helpers.js';

const PETS_JSON = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Remote pets', version: '1' },
  paths: { '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'ok' } } } } },
});

describe('loadOpenApi: reading sources', () => {
  it('reports JSON and YAML syntax errors with line and column, and skips the file', async () => {
    const result = await load('parse-error', { files: ['broken.json', 'broken.yaml'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/parse-error', 'broken.json', 6, 3],
      ['openapi/parse-error', 'broken.yaml', 8, 1],
    ]);
    expect(result.diagnostics.map((d) => d.severity)).toEqual(['error', 'error']);
    expect(result.diagnostics[0]?.message).toBe('`broken.json` is not valid JSON: expected a property name in double quotes at line 6, column 3.');
    expect(result.output).toEqual({ documents: [], failed: ['broken.json', 'broken.yaml'] });
  });

  it('reports a named file that does not exist, suggesting a discovered one', async () => {
    const result = await load('file-not-found', { files: ['specs/openapi.yaml'], named: ['spec/openapi.yaml'] });
    expect(result.diagnostics).toEqual([
      {
        code: 'openapi/file-not-found',
        severity: 'error',
        message: 'The OpenAPI file `spec/openapi.yaml` does not exist in the project.',
        file: 'spec/openapi.yaml',
        hint: 'Did you mean `specs/openapi.yaml`?',
      },
    ]);
    expect(result.output.failed).toEqual(['spec/openapi.yaml']);
    expect(result.output.documents.map((d) => d.index.file)).toEqual(['specs/openapi.yaml']);
  });

  it('gives no hint when nothing is close', async () => {
    const result = await load('file-not-found', { files: ['specs/openapi.yaml'], named: ['reference/petstore-v2.json'] });
    expect(result.diagnostics[0]?.hint).toBeUndefined();
  });

  it('reports named files that are not OpenAPI, but ignores discovered ones', async () => {
    const named = await load('not-openapi', { named: ['data.json', 'list.yaml'] });
    expect(located(named.diagnostics)).toEqual([
      ['openapi/not-openapi', 'data.json', 1, 1],
      ['openapi/not-openapi', 'list.yaml', 1, 1],
    ]);
    expect(named.output.failed).toEqual(['data.json', 'list.yaml']);
    const discovered = await load('not-openapi', { files: ['data.json'] });
    expect(discovered).toEqual({ output: { documents: [], failed: [] }, diagnostics: [] });
  });

  it('loads a source that is both discovered and named once', async () => {
    const result = await load('file-not-found', { files: ['specs/openapi.yaml'], named: ['specs/openapi.yaml'] });
    expect(result.diagnostics).toEqual([]);
    expect(result.output.documents.map((d) => d.index.file)).toEqual(['specs/openapi.yaml']);
  });

  it('does not fetch a named URL without network access', async () => {
    const fake = fakeFetch({});
    const url = 'https://api.example.com/openapi.json';
    const result = await load('remote', { named: [url], fetch: fake.fetch });
    expect(result.diagnostics).toEqual([
      {
        code: 'openapi/remote-not-allowed',
        severity: 'warning',
        message: `The OpenAPI document \`${url}\` is remote and network access is off; its pages are not generated.`,
        file: url,
        hint: 'Pass `--allow-network` to fetch it, or download it into the project and name the local file.',
      },
    ]);
    expect(result.output.failed).toEqual([url]);
    expect(fake.requested).toEqual([]);
  });

  it('fetches a named URL with network access', async () => {
    const url = 'https://api.example.com/openapi';
    const fake = fakeFetch({ [url]: { body: PETS_JSON, type: 'application/json' } });
    const result = await load('remote', { named: [url], allowNetwork: true, fetch: fake.fetch });
    expect(result.diagnostics).toEqual([]);
    expect(result.output.documents.map((d) => [d.index.file, d.index.operations.length])).toEqual([[url, 1]]);
    expect(fake.requested).toEqual([url]);
  });

  it('reports a failed fetch: error status, network error, timeout', async () => {
    const missing = 'https://api.example.com/missing.yaml';
    const down = 'https://down.example.com/openapi.yaml';
    const slow = 'https://slow.example.com/openapi.yaml';
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url === down) throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
      if (url === slow) {
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }
      return new Response('nope', { status: 404 });
    }) as typeof fetch;
    const result = await load('remote', { named: [slow, missing, down], allowNetwork: true, fetch: fetchImpl, fetchTimeoutMs: 50 });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.message])).toEqual([
      ['openapi/fetch-failed', 'error', missing, `The OpenAPI document \`${missing}\` could not be fetched: the server answered HTTP 404.`],
      ['openapi/fetch-failed', 'error', down, `The OpenAPI document \`${down}\` could not be fetched: ENOTFOUND.`],
      ['openapi/fetch-failed', 'error', slow, `The OpenAPI document \`${slow}\` could not be fetched: no response within 50 ms.`],
    ]);
    expect(result.output.failed).toEqual([missing, down, slow]);
  });

  it('turns an unexpected exception into internal/error for that document only', async () => {
    const url = 'https://api.example.com/openapi.json';
    const broken = (async () => ({
      get ok(): boolean {
        throw new Error('broken response object');
      },
    })) as unknown as typeof fetch;
    const result = await load('file-not-found', { files: ['specs/openapi.yaml'], named: [url], allowNetwork: true, fetch: broken });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['internal/error', url, `Sheaf failed while loading the OpenAPI document \`${url}\`: broken response object`],
    ]);
    expect(result.output.failed).toEqual([url]);
    expect(result.output.documents.map((d) => d.index.file)).toEqual(['specs/openapi.yaml']);
  });

  it('refuses a named file outside the project folder', async () => {
    const result = await load('file-not-found', { named: ['../openapi-index-order/openapi.yaml'] });
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['openapi/file-not-found', 'The OpenAPI file `../openapi-index-order/openapi.yaml` is outside the project folder; it is not read.'],
    ]);
    expect(result.output).toEqual({ documents: [], failed: ['../openapi-index-order/openapi.yaml'] });
  });

  it('keeps documents independent: bad ones fail alone, output is sorted and repeatable', async () => {
    const run = () => load('unsupported-version', { files: ['v33.yaml', 'ok.yaml', 'numeric.yaml'], named: ['swagger12.json'] });
    const first = await run();
    expect(first.output.failed).toEqual(['numeric.yaml', 'swagger12.json', 'v33.yaml']);
    expect(first.output.documents.map((d) => d.index.file)).toEqual(['ok.yaml']);
    expect(first.diagnostics.map((d) => d.file)).toEqual(['numeric.yaml', 'swagger12.json', 'v33.yaml']);
    expect(JSON.stringify(await run())).toBe(JSON.stringify(first));
  });
});
