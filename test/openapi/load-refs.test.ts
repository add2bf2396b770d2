import { describe, expect, it } from 'vitest';
import { collectRefs } from '../../src/openapi/collect-refs.js';
import { dig, fakeFetch, load, located } from './helpers.js';

/** Every `$ref` string that does not start with `#`. */
const externalRefs = (document: unknown) =>
  collectRefs(document, { idScopes: false, shared: true })
    .map((site) => site.ref)
    .filter((ref) => !ref.startsWith('#'));

describe('loadOpenApi: $ref handling', () => {
  it('bundles relative external refs into the document and keeps internal ones', async () => {
    const result = await load('external-refs', { files: ['openapi.yaml'] });
    expect(result.diagnostics).toEqual([]);
    const loaded = result.output.documents[0];
    expect(loaded?.sources).toEqual([
      'paths/user by id.yaml',
      'paths/users.yaml',
      'schemas/user.yaml',
      'shared/responses.json',
      'shared/texts.yaml',
    ]);
    expect(externalRefs(loaded?.document)).toEqual([]);
    expect(loaded?.index.operations.map((o) => [o.method, o.path, o.summary, o.pointer])).toEqual([
      ['get', '/users', 'List users', '/paths/~1users/get'],
      ['get', '/users/{id}', 'Get a user', '/paths/~1users~1{id}/get'],
    ]);
    expect(dig(loaded?.document, 'info', 'description')).toBe('An API split across files.');
    // A ref from a fragment back into the root file becomes an internal ref.
    expect(JSON.stringify(loaded?.document)).toContain('"$ref":"#/components/schemas/Error"');
  });

  it('does not touch a document with internal refs only', async () => {
    const result = await load('index-order', { files: ['openapi.yaml'] });
    expect(result.output.documents[0]?.sources).toBeUndefined();
    expect(dig(result.output.documents[0]?.document, 'paths', '/shared')).toEqual({
      $ref: '#/components/pathItems/Shared',
    });
  });

  it('reports broken internal and external refs where the $ref is written, and renders the rest', async () => {
    const result = await load('ref-not-found', { files: ['openapi.yaml'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/ref-not-found', 'openapi.yaml', 14, 17], // #/components/schemas/Missing
      ['openapi/parse-error', 'broken.yaml', 3, 1], // a referenced file with a syntax error, reported once
      ['openapi/ref-not-found', 'openapi.yaml', 16, 11], // missing.yaml does not exist
      ['openapi/ref-not-found', 'openapi.yaml', 18, 11], // schemas.yaml has no /NotThere
      ['openapi/ref-not-found', 'schemas.yaml', 6, 9], // an internal ref of the referenced file
    ]);
    expect(result.diagnostics.map((d) => d.severity)).toEqual(['warning', 'error', 'warning', 'warning', 'warning']);
    expect(result.diagnostics[2]?.message).toBe('`$ref` `missing.yaml#/Error` cannot be resolved: the file `missing.yaml` does not exist.');
    const loaded = result.output.documents[0];
    expect(result.output.failed).toEqual([]);
    const responses = dig(loaded?.document, 'paths', '/pets', 'get', 'responses');
    // Broken refs stay as written; the good one is bundled in (with its own broken ref kept).
    expect(dig(responses, '400')).toEqual({ $ref: 'missing.yaml#/Error' });
    expect(dig(responses, '503')).toEqual({ $ref: 'broken.yaml#/Unavailable' });
    expect(dig(responses, '500')).toEqual({
      description: 'server error',
      content: { 'application/json': { schema: { $ref: '#/Nope' } } },
    });
  });

  it('refuses refs that leave the project folder or use another scheme', async () => {
    const result = await load('ref-outside-root', { files: ['api/openapi.yaml'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/ref-outside-root', 'api/openapi.yaml', 10, 11],
      ['openapi/ref-outside-root', 'api/openapi.yaml', 12, 11],
      ['openapi/ref-outside-root', 'api/openapi.yaml', 14, 11],
    ]);
    expect(result.diagnostics[2]?.message).toBe(
      '`$ref` `file:///etc/hosts` uses the `file:` scheme; only relative paths inside the project (and http(s) URLs) are read.',
    );
    const loaded = result.output.documents[0];
    expect(loaded?.sources).toEqual(['inside.yaml']);
    expect(externalRefs(loaded?.document)).toEqual(['../../outside.yaml#/Ok', '/etc/passwd', 'file:///etc/hosts']);
  });

  it('warns about 3.1 refs inside a `$id` schema that only resolve against the document', async () => {
    const result = await load('ref-inside-id', { files: ['openapi.yaml'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/ref-not-found', 'openapi.yaml', 20, 21], // #/$defs/name: only inside the $id schema
      ['openapi/ref-inside-id', 'openapi.yaml', 22, 21], // #/components/schemas/Planet: only in the document
    ]);
  });

  it('does not fetch remote refs without network access', async () => {
    const fake = fakeFetch({});
    const result = await load('remote', { files: ['openapi.yaml'], fetch: fake.fetch });
    expect(located(result.diagnostics)).toEqual([['openapi/remote-not-allowed', 'openapi.yaml', 10, 11]]);
    expect(fake.requested).toEqual([]);
    expect(result.output.documents).toHaveLength(1);
  });

  it('bundles remote refs with network access, and reports one that cannot be fetched', async () => {
    const url = 'https://specs.example.com/common.yaml';
    const fake = fakeFetch({ [url]: { body: 'Ok:\n  description: fine\n', type: 'text/yaml' } });
    const ok = await load('remote', { files: ['openapi.yaml'], allowNetwork: true, fetch: fake.fetch });
    expect(ok.diagnostics).toEqual([]);
    expect(ok.output.documents[0]?.sources).toEqual([url]);
    expect(JSON.stringify(ok.output.documents[0]?.document)).toContain('"200":{"description":"fine"}');

    const down = await load('remote', { files: ['openapi.yaml'], allowNetwork: true, fetch: fakeFetch({}).fetch });
    expect(down.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['openapi/ref-not-found', 10, 11, `\`$ref\` \`${url}#/Ok\` cannot be resolved: \`${url}\` could not be read: the server answered HTTP 404.`],
    ]);
  });
});
