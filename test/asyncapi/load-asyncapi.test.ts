import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverAsyncApiFiles } from '../../src/asyncapi/discover-asyncapi-files.js';
import { loadAsyncApi } from '../../src/asyncapi/load-asyncapi.js';
import { build } from '../../src/api/build.js';
import { resolveScope } from '../../src/project-fs/read-project-file.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GOOD = path.join(REPO, 'test/fixtures/asyncapi-channels');
const PROBLEMS = path.join(REPO, 'test/fixtures/asyncapi-problems');

/** Loads the named sources of `root` and returns what loaded, what failed and the diagnostics as [code, severity, file, line, column]. */
async function load(root: string, named: string[], extra: Partial<Parameters<typeof loadAsyncApi>[1]> = {}) {
  const result = await loadAsyncApi(root, { files: [], named, allowNetwork: false, ...extra });
  return {
    loaded: result.output.documents.map((d) => d.index.file),
    failed: result.output.failed,
    diagnostics: result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column]),
    messages: result.diagnostics.map((d) => d.message),
    result,
  };
}

describe('loading AsyncAPI documents (src/asyncapi/load-asyncapi.ts)', () => {
  it('indexes the channels of a 3.0 document, in document order, with no diagnostic', async () => {
    const { result, diagnostics, failed } = await load(GOOD, ['asyncapi.yaml']);
    expect(diagnostics).toEqual([]);
    expect(failed).toEqual([]);
    expect(result.output.documents.map((d) => d.index)).toEqual([
      {
        file: 'asyncapi.yaml',
        version: '3.0.0',
        title: 'Relay realtime API',
        channels: [
          {
            id: 'chat',
            title: 'Chat room',
            summary: 'Messages of one chat room.',
            description: 'Join a room to send and receive its messages.\n\n* Messages are kept for **one day**.\n',
            tags: ['Chat'],
            pointer: '/channels/chat',
          },
          { id: 'userPresence', tags: [], pointer: '/channels/userPresence' },
        ],
      },
    ]);
  });

  it('discovers the files with a top-level `asyncapi` key, and leaves docs.json and OpenAPI files out', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sheaf-asyncapi-discover-'));
    writeFileSync(path.join(root, 'events.yaml'), '# events\nasyncapi: 3.0.0\nchannels: {}\n');
    writeFileSync(path.join(root, 'events.json'), '{"info": {"asyncapi": "nested"}, "asyncapi": "2.6.0"}');
    writeFileSync(path.join(root, 'nested.json'), '{"info": {"asyncapi": "3.0.0"}}');
    writeFileSync(path.join(root, 'openapi.yaml'), 'openapi: 3.1.0\npaths: {}\n');
    writeFileSync(path.join(root, 'docs.json'), '{"asyncapi": "3.0.0"}');
    const scope = await resolveScope({ root, allowOutside: [] });
    await expect(discoverAsyncApiFiles(scope, ['docs.json', 'events.json', 'events.yaml', 'nested.json', 'openapi.yaml'])).resolves.toEqual(['events.json', 'events.yaml']);
  });

  it('reports each broken document with its position, and loads the rest of the project', async () => {
    const { loaded, failed, diagnostics } = await load(PROBLEMS, ['broken.yaml', 'empty.yaml', 'missing.yaml', 'odd.yaml', 'old.yaml', 'plain.json']);
    expect(loaded).toEqual(['odd.yaml']);
    expect(failed).toEqual(['broken.yaml', 'empty.yaml', 'missing.yaml', 'old.yaml', 'plain.json']);
    expect(diagnostics).toEqual([
      ['asyncapi/parse-error', 'error', 'broken.yaml', 7, 1],
      ['asyncapi/no-channels', 'error', 'empty.yaml', 5, 1],
      ['asyncapi/file-not-found', 'error', 'missing.yaml', undefined, undefined],
      ['asyncapi/invalid-document', 'warning', 'odd.yaml', 17, 3],
      ['asyncapi/invalid-document', 'warning', 'odd.yaml', 26, 5],
      ['asyncapi/ref-not-found', 'warning', 'odd.yaml', 16, 9],
      ['asyncapi/external-ref', 'warning', 'odd.yaml', 34, 9],
      ['asyncapi/unsupported-version', 'error', 'old.yaml', 1, 1],
      ['asyncapi/not-asyncapi', 'error', 'plain.json', 1, 1],
    ]);
  });

  it('says what is wrong and what to do', async () => {
    const { messages } = await load(PROBLEMS, ['empty.yaml', 'odd.yaml', 'old.yaml']);
    expect(messages).toEqual([
      '`empty.yaml` defines no channels, so it has no pages (Mintlify stops with "No channels defined").',
      'The channel `bad` of `odd.yaml` is a number, not an object; it has no page.',
      'The operation `shout` of `odd.yaml` has the action `publish`, which is neither `send` nor `receive`; it is left out of the channel pages.',
      '`$ref: #/components/messages/Missing` in `odd.yaml` points at nothing in the document; it renders unresolved.',
      '`$ref: schemas.yaml#/Ping` in `odd.yaml` points into another file or URL, which is not read; it renders unresolved.',
      '`old.yaml` is AsyncAPI `1.2.0`; only 3.x (and 2.x) documents are read, so it is skipped.',
    ]);
  });

  it('a discovered file without `asyncapi` is no document and says nothing; a named one is an error', async () => {
    const discovered = await loadAsyncApi(PROBLEMS, { files: ['plain.json'], named: [], allowNetwork: false });
    expect([discovered.output, discovered.diagnostics]).toEqual([{ documents: [], failed: [] }, []]);
  });

  it('never reads outside the project folder', async () => {
    const { failed, diagnostics, messages } = await load(path.join(PROBLEMS, 'sub'), ['../odd.yaml']);
    expect(failed).toEqual(['../odd.yaml']);
    expect(diagnostics).toEqual([['asyncapi/file-not-found', 'error', '../odd.yaml', undefined, undefined]]);
    expect(messages).toEqual(['The AsyncAPI file `../odd.yaml` is outside the project folder; it is not read.']);
  });

  it('never follows a symbolic link out of the project, named or discovered: the secret is not read, and the build says why', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'sheaf-asyncapi-link-'));
    const outside = path.join(base, 'outside');
    const docs = path.join(base, 'docs');
    mkdirSync(outside);
    mkdirSync(docs);
    writeFileSync(path.join(outside, 'secret.yaml'), 'asyncapi: 3.0.0\nchannels:\n  leaked:\n    description: SECRET-TOKEN-42\n');
    symlinkSync(path.join(outside, 'secret.yaml'), path.join(docs, 'events.yaml'));
    symlinkSync('../outside/secret.yaml', path.join(docs, 'found.yaml'));
    writeFileSync(path.join(docs, 'index.mdx'), '# Home\n');
    writeFileSync(path.join(docs, 'docs.json'), JSON.stringify({ name: 'Link', theme: 'mint', colors: { primary: '#000000' }, navigation: { tabs: [{ tab: 'Events', asyncapi: 'events.yaml', pages: ['index'] }] } }));
    const named = await load(docs, ['events.yaml']);
    expect([named.loaded, named.failed, named.diagnostics]).toEqual([[], ['events.yaml'], [['load/link-outside-project', 'error', 'events.yaml', undefined, undefined]]]);
    const out = path.join(base, 'site');
    const result = await build({ root: docs, outDir: out, cacheDir: false });
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['build/no-site-url', 'docs.json'],
      ['load/link-outside-project', 'events.yaml'],
      ['load/link-outside-project', 'found.yaml'],
    ]);
    expect(result.site?.pages.map((p) => p.route)).toEqual(['/']);
    expect(JSON.stringify(result.site)).not.toContain('leaked');
    const written = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(written.length).toBeGreaterThan(5);
    expect(written.filter((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8').includes('SECRET-TOKEN-42')).map((e) => e.name)).toEqual([]);
  });

  it('a URL is not fetched without network access; with it, a failed fetch is an error and a good one loads', async () => {
    const url = 'https://events.test/asyncapi.json';
    const off = await load(PROBLEMS, [url]);
    expect([off.failed, off.diagnostics]).toEqual([[url], [['asyncapi/remote-not-allowed', 'warning', url, undefined, undefined]]]);
    const calls: string[] = [];
    const failing = (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response('down', { status: 503 });
    }) as typeof fetch;
    const down = await load(PROBLEMS, [url], { allowNetwork: true, fetch: failing });
    expect([calls, down.failed, down.diagnostics, down.messages]).toEqual([
      [url],
      [url],
      [['asyncapi/fetch-failed', 'error', url, undefined, undefined]],
      ['The AsyncAPI document `https://events.test/asyncapi.json` could not be fetched: the server answered HTTP 503.'],
    ]);
    const serving = (async () => new Response(JSON.stringify({ asyncapi: '3.0.0', channels: { feed: { address: 'feed' } } }), { status: 200 })) as typeof fetch;
    const up = await load(PROBLEMS, [url], { allowNetwork: true, fetch: serving });
    expect([up.loaded, up.diagnostics, up.result.output.documents[0]?.index.channels]).toEqual([[url], [], [{ id: 'feed', tags: [], pointer: '/channels/feed' }]]);
  });

  it('reads an AsyncAPI 2.x document: channels are keyed by address and have no title', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sheaf-asyncapi-v2-'));
    writeFileSync(path.join(root, 'v2.yaml'), 'asyncapi: 2.6.0\ninfo: {title: Old, version: 1.0.0}\nchannels:\n  user/signedup:\n    description: A user signed up.\n    subscribe:\n      message: {payload: {type: string}}\n  bad:\n    publish: 3\n');
    const { result, diagnostics } = await load(root, ['v2.yaml']);
    expect(diagnostics).toEqual([['asyncapi/invalid-document', 'warning', 'v2.yaml', 9, 5]]);
    expect(result.output.documents[0]?.index.channels).toEqual([
      { id: 'user/signedup', description: 'A user signed up.', tags: [], pointer: '/channels/user~1signedup' },
      { id: 'bad', tags: [], pointer: '/channels/bad' },
    ]);
  });

  it('a channel whose `$ref`s go round in a cycle has no page and is reported; the loop ends', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sheaf-asyncapi-cycle-'));
    writeFileSync(path.join(root, 'cycle.json'), JSON.stringify({ asyncapi: '3.0.0', channels: { a: { $ref: '#/channels/b' }, b: { $ref: '#/channels/a' }, ok: { address: 'ok' } } }));
    const { result, diagnostics, messages } = await load(root, ['cycle.json']);
    expect(diagnostics).toEqual([
      ['asyncapi/invalid-document', 'warning', 'cycle.json', 1, 33],
      ['asyncapi/invalid-document', 'warning', 'cycle.json', 1, 61],
    ]);
    expect(messages[0]).toBe('The channel `a` of `cycle.json` is a `$ref` that never reaches a channel (a cycle of references); it has no page.');
    expect(result.output.documents[0]?.index.channels.map((c) => c.id)).toEqual(['ok']);
  });

  it('reports the first 50 unresolved `$ref`s one by one and counts the rest in one more', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sheaf-asyncapi-refs-'));
    const messages = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`m${i}`, { $ref: `#/components/messages/Nope${i}` }]));
    writeFileSync(path.join(root, 'refs.json'), JSON.stringify({ asyncapi: '3.0.0', channels: { c: { address: 'c', messages } } }));
    const { diagnostics, messages: texts } = await load(root, ['refs.json']);
    expect(diagnostics.length).toBe(51);
    expect(diagnostics.every((d) => d[0] === 'asyncapi/ref-not-found')).toBe(true);
    expect(texts[50]).toBe('10 more `$ref`s of `refs.json` do not resolve (the first 50 are reported one by one); they render unresolved.');
  });
});
