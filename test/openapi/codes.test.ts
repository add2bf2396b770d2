import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { openapiCodes, type OpenApiCode } from '../../src/diagnostics/codes/openapi.js';
import { codes, fakeFetch, load } from './helpers.js';
import { renderOperationBody } from '../../src/render/operation/operation-body.js';
import { loadText } from './temp-project.js';
import { operationDisplay } from '../../src/render/operation/render-operation.js';

/** An operation whose rendering fails: the aside maker (part of rendering it) throws. */
async function unrenderable(): Promise<{ diagnostics: readonly Diagnostic[] }> {
  const result = await loadText('openapi.yaml', { 'openapi.yaml': 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths:\n  /x:\n    get: {}\n' });
  const page = { route: '/x', kind: 'operation' as const, source: 'openapi.yaml', title: 'X', hidden: false, operation: { document: 'openapi.yaml', method: 'GET' as const, path: '/x' } };
  const aside = () => {
    throw new Error('boom');
  };
  return renderOperationBody(page, result.output.documents, { display: operationDisplay(undefined), markdownCache: new Map(), aside });
}

/**
 * One scenario per code of the catalogue table: a test fails when a code is added without one.
 * The behaviour tests beside this file assert the exact positions and messages.
 */
const TRIGGERS: Record<OpenApiCode, () => Promise<{ diagnostics: readonly Diagnostic[] }>> = {
  'openapi/parse-error': () => load('parse-error', { files: ['broken.json'] }),
  'openapi/file-not-found': () => load('file-not-found', { named: ['spec/openapi.yaml'] }),
  'openapi/not-openapi': () => load('not-openapi', { named: ['data.json'] }),
  'openapi/remote-not-allowed': () => load('remote', { named: ['https://api.example.com/openapi.json'] }),
  'openapi/fetch-failed': () =>
    load('remote', { named: ['https://api.example.com/openapi.json'], allowNetwork: true, fetch: fakeFetch({}).fetch }),
  'openapi/swagger2-converted': () => load('swagger2', { files: ['swagger.yaml'] }),
  'openapi/conversion-failed': () => load('swagger2', { files: ['bad-info.json'] }),
  'openapi/unsupported-version': () => load('unsupported-version', { files: ['v33.yaml'] }),
  'openapi/ref-not-found': () => load('ref-not-found', { files: ['openapi.yaml'] }),
  'openapi/ref-outside-root': () => load('ref-outside-root', { files: ['api/openapi.yaml'] }),
  'openapi/ref-inside-id': () => load('ref-inside-id', { files: ['openapi.yaml'] }),
  'openapi/no-paths': () => load('no-paths', { files: ['empty-30.yaml'] }),
  'openapi/wrong-type': () => load('structure', { files: ['bad-paths.json'] }),
  'openapi/missing-responses': () => load('structure', { files: ['openapi.yaml'] }),
  'openapi/duplicate-operation-id': () => load('structure', { files: ['openapi.yaml'] }),
  'openapi/path-not-absolute': () => load('structure', { files: ['openapi.yaml'] }),
  'openapi/too-deep': () => loadText('openapi.json', { 'openapi.json': `{"openapi":"3.0.3","x":${'['.repeat(300)}${']'.repeat(300)}}` }),
  'openapi/alias-expansion': () =>
    loadText('openapi.yaml', { 'openapi.yaml': `openapi: 3.0.3\nx-a: &a [${Array(1000).fill(1).join(',')}]\nx-b: [${Array(1002).fill('*a').join(',')}]\n` }),
  'openapi/contains-itself': () => loadText('openapi.yaml', { 'openapi.yaml': 'openapi: 3.0.3\npaths: &p {/a: {x-loop: *p}}\n' }),
  'openapi/schema-violation': () => loadText('openapi.yaml', { 'openapi.yaml': 'openapi: 3.0.3\ninfo: {title: T}\npaths:\n  /x:\n    get: {responses: 12}\n' }),
  'openapi/operation-skipped': unrenderable,
  'openapi/duplicate-method': () => load('v32-problems', { files: ['problems.yaml'] }),
  'openapi/tag-parent': () => load('v32-problems', { files: ['problems.yaml'] }),
};

describe('openapi diagnostic codes', () => {
  it.each(Object.keys(openapiCodes) as OpenApiCode[])('%s is triggered by its scenario', async (code) => {
    const result = await TRIGGERS[code]();
    expect(codes(result.diagnostics)).toContain(code);
    const diagnostic = result.diagnostics.find((d) => d.code === code);
    expect(diagnostic?.severity).toBe(openapiCodes[code].severity);
    expect(diagnostic?.file).toEqual(expect.any(String));
  });

  it('has no scenario for a code that is not in the table', () => {
    expect(Object.keys(TRIGGERS).sort()).toEqual(Object.keys(openapiCodes).sort());
  });

  it('fires none of them on good input: 3.0, 3.1 and 3.2, JSON and YAML, split files, a fetched document', async () => {
    const url = 'https://api.example.com/openapi.yaml';
    const remote = fakeFetch({ [url]: { body: 'openapi: 3.1.0\ninfo: {title: R, version: "1"}\npaths:\n  /r:\n    get: {}\n' } });
    const results = await Promise.all([
      load('index-order', { files: ['openapi.yaml'], named: ['openapi.yaml'] }),
      load('external-refs', { files: ['openapi.yaml'] }),
      load('unsupported-version', { files: ['ok.yaml'] }),
      load('file-not-found', { named: ['specs/openapi.yaml'] }),
      load('no-paths', { files: ['webhooks-only.yaml', 'items-without-operations.yaml'] }),
      load('not-openapi', { files: ['data.json', 'list.yaml'] }),
      load('remote', { named: [url], allowNetwork: true, fetch: remote.fetch }),
      load('v32', { named: ['openapi.yaml', 'explicit.yaml'] }),
    ]);
    expect(results.flatMap((r) => r.diagnostics)).toEqual([]);
    expect(results.flatMap((r) => r.output.failed)).toEqual([]);
    expect(results.map((r) => r.output.documents.length)).toEqual([1, 1, 1, 1, 2, 0, 1, 2]);
  });
});
