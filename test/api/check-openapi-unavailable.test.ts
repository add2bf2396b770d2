import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../src/api/check.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-check-openapi-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Never reached: every fetch of these tests is answered here, no test touches the network. */
const REMOTE = 'https://specs.invalid/api.json';
const brief = (d: Diagnostic) => [d.code, d.severity, d.file, d.line, d.column, d.message];

const OTHER = JSON.stringify({ openapi: '3.0.0', info: { title: 'O', version: '1' }, paths: { '/pets': { get: { summary: 'Pets', responses: { '200': { description: 'ok' } } } } } });
const USERS = JSON.stringify({ openapi: '3.0.0', info: { title: 'U', version: '1' }, paths: { '/users': { get: { summary: 'Users', responses: { '200': { description: 'ok' } } }, post: { summary: 'Add user', responses: { '201': { description: 'ok' } } } } } });

/** A project whose API group names a remote document; `users.mdx` documents one of its operations. */
async function project(name: string, files: Record<string, string>, reference = 'GET /users'): Promise<string> {
  const root = path.join(tmp, name);
  await mkdir(root, { recursive: true });
  const docs = {
    name: 'T',
    theme: 'mint',
    colors: { primary: '#112233' },
    navigation: { groups: [{ group: 'A', pages: ['index', 'users'] }, { group: 'API', openapi: REMOTE, pages: ['POST /users'] }] },
  };
  const all = { 'docs.json': JSON.stringify(docs, null, 2), 'index.mdx': '---\ntitle: Home\n---\nHi\n', 'users.mdx': `---\ntitle: Users\nopenapi: ${reference}\n---\nHi\n`, ...files };
  for (const [file, text] of Object.entries(all)) await writeFile(path.join(root, file), text);
  return root;
}

const REMOTE_OFF = [
  'openapi/remote-not-allowed',
  'warning',
  'docs.json',
  18,
  9,
  `The OpenAPI document \`${REMOTE}\` is remote and network access is off; its pages are not generated.`,
];

describe('an OpenAPI document that cannot be fetched, named on the pages that use it', () => {
  it('without --allow-network: the page names the remote document, not another one', async () => {
    const root = await project('off', { 'other.json': OTHER });
    const result = await check({ root, cacheDir: false });
    expect(result.diagnostics.map(brief)).toEqual([
      REMOTE_OFF,
      [
        'ref/document-unavailable',
        'warning',
        'users.mdx',
        3,
        1,
        `\`GET /users\` matches no operation in \`other.json\`, and the OpenAPI document \`${REMOTE}\` that may hold it did not load; the page is built without the operation.`,
      ],
    ]);
    // It used to be an error blaming the document that did load.
    expect(result.diagnostics.some((d) => d.code === 'ref/operation-not-found')).toBe(false);
    expect(result.errorCount).toBe(0);
    expect(result.diagnostics[1]?.hint).toBe(
      'Pass `--allow-network` to fetch a remote document (or download it into the project and name the local file); see the diagnostic where docs.json names it.',
    );
  });

  it('with no other document: the page says so instead of nothing', async () => {
    const root = await project('alone', {});
    const result = await check({ root, cacheDir: false });
    expect(result.diagnostics.map(brief)).toEqual([
      REMOTE_OFF,
      ['ref/document-unavailable', 'warning', 'users.mdx', 3, 1, `\`GET /users\` could not be looked up: the OpenAPI document \`${REMOTE}\` that may hold it did not load; the page is built without the operation.`],
    ]);
  });

  it('a file token naming the remote document: the page names it', async () => {
    const root = await project('token', { 'other.json': OTHER }, `${REMOTE} GET /users`);
    const result = await check({ root, cacheDir: false });
    expect(result.diagnostics.map(brief)).toEqual([
      REMOTE_OFF,
      ['ref/document-unavailable', 'warning', 'users.mdx', 3, 1, `\`${REMOTE} GET /users\` could not be looked up: the OpenAPI document \`${REMOTE}\` that may hold it did not load; the page is built without the operation.`],
    ]);
  });

  it('a failing fetch with --allow-network: the page names the document whose fetch failed', async () => {
    const root = await project('failing', { 'other.json': OTHER });
    const fetch = (async () => new Response('nope', { status: 503, statusText: 'Service Unavailable' })) as typeof globalThis.fetch;
    const result = await check({ root, cacheDir: false, allowNetwork: true, fetch });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file])).toEqual([
      ['openapi/fetch-failed', 'error', 'docs.json'],
      ['ref/document-unavailable', 'warning', 'users.mdx'],
    ]);
    expect(result.diagnostics[1]?.message).toBe(
      `\`GET /users\` matches no operation in \`other.json\`, and the OpenAPI document \`${REMOTE}\` that may hold it did not load; the page is built without the operation.`,
    );
  });

  it('says nothing more once the document loads, and still blames a wrong reference on the documents searched', async () => {
    const fetch = (async () => new Response(USERS, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
    const ok = await project('fetched', { 'other.json': OTHER });
    expect((await check({ root: ok, cacheDir: false, allowNetwork: true, fetch })).diagnostics).toEqual([]);
    const wrong = await project('wrong', { 'other.json': OTHER }, 'GET /nothing');
    const result = await check({ root: wrong, cacheDir: false, allowNetwork: true, fetch });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.message])).toEqual([
      ['ref/operation-not-found', 'error', 'users.mdx', `\`GET /nothing\` matches no operation in \`${REMOTE}\`, \`other.json\`.`],
    ]);
  });
});
