import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHOWN_PER_RULE, validateDocument } from '../../src/openapi/validate-document.js';
import { located } from './helpers.js';
import { loadText } from './temp-project.js';

const CORPUS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus/openapi');

describe('OpenAPI validation against the official JSON Schemas', () => {
  it('reports `info` without `version` and `responses: 12` (the issue’s example) at their places', async () => {
    const text = ['openapi: 3.0.3', 'info:', '  title: T', 'paths:', '  /x:', '    get:', '      responses: 12', ''].join('\n');
    const result = await loadText('openapi.yaml', { 'openapi.yaml': text });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/schema-violation', 'openapi.yaml', 2, 1],
      ['openapi/schema-violation', 'openapi.yaml', 7, 7],
    ]);
    expect(result.diagnostics.map((d) => [d.severity, d.pointer, d.message])).toEqual([
      ['warning', '/info', '`/info` has no `version`, which the OpenAPI 3.0 schema requires of an Info Object.'],
      ['warning', '/paths/~1x/get/responses', '`/paths/~1x/get/responses` must be object, not a number.'],
    ]);
    // Warnings only: the document and its operation still load.
    expect(result.output.documents[0]?.index.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['get /x']);
    expect(result.output.failed).toEqual([]);
  });

  it('uses the 3.1 schema for 3.1 documents, where operations need no responses', async () => {
    const valid = 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths:\n  /x:\n    get: {}\n';
    expect((await loadText('openapi.yaml', { 'openapi.yaml': valid })).diagnostics).toEqual([]);
    const invalid = 'openapi: 3.1.0\ninfo: {title: T, version: "1", license: {name: L, url: "https://l", identifier: MIT}}\npaths:\n  /x:\n    get: {}\n';
    const result = await loadText('openapi.yaml', { 'openapi.yaml': invalid });
    expect(result.diagnostics.map((d) => [d.code, d.pointer, d.message])).toEqual([
      [
        'openapi/schema-violation',
        '/info/license',
        '`/info/license` has a combination of fields the OpenAPI 3.1 schema forbids (#/dependentSchemas/identifier/not).',
      ],
    ]);
  });

  it('says what is wrong, not which branch of a oneOf failed', async () => {
    // A Schema Object with a 3.1-style type list in a 3.0 document: one warning, not four.
    const text = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/x': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: ['string', 'null'], enum: 'x' } } } } } } } },
      components: { responses: { Empty: { description: 'e', headers: { A: { schema: { type: 'string' }, bogus: 1 } } } } },
    });
    const result = await loadText('openapi.json', { 'openapi.json': text });
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      '`/paths/~1x/get/responses/200/content/application~1json/schema/enum` must be array, not a string.',
      '`/paths/~1x/get/responses/200/content/application~1json/schema/type` must be string, not an array.',
      '`bogus` is not a field of a Header Object in OpenAPI 3.0 (extensions must start with `x-`).',
    ]);
  });

  it('summarizes many violations of one rule after the first few', async () => {
    expect(SHOWN_PER_RULE).toBe(5);
    const paths = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/p${i}`, { get: { responses: {} } }]));
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths }, null, 2);
    const result = await loadText('openapi.json', { 'openapi.json': text });
    expect(result.diagnostics.map((d) => d.pointer)).toEqual(['/paths/~1p0/get/responses', '/paths/~1p1/get/responses', '/paths/~1p2/get/responses', '/paths/~1p3/get/responses', '/paths/~1p4/get/responses', '/paths/~1p5/get/responses']);
    expect(result.diagnostics[5]?.message).toBe(
      '7 more places in the document break the same rule as above: a Responses Object needs at least 1 entry (`/paths/~1p5/get/responses`, `/paths/~1p6/get/responses`, `/paths/~1p7/get/responses`, …).',
    );
    expect(located(result.diagnostics).map(([, , line]) => line)).toEqual([10, 15, 20, 25, 30, 35]);
  });

  it('places a violation in content inlined from another file in that file', async () => {
    const result = await loadText('openapi.yaml', {
      'openapi.yaml': 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /x:\n    $ref: paths/x.yaml\n',
      'paths/x.yaml': 'get:\n  responses:\n    "200":\n      description: ok\n      content:\n        application/json:\n          schema:\n            $ref: ../schemas/pet.yaml\n',
      'schemas/pet.yaml': 'type: object\nproperties:\n  id:\n    type: integer\n    nullable: "yes"\n',
    });
    expect(located(result.diagnostics)).toEqual([['openapi/schema-violation', 'schemas/pet.yaml', 5, 5]]);
    expect(result.diagnostics[0]?.message).toBe('`schemas/pet.yaml#/properties/id/nullable` must be boolean, not a string.');
  });

  it('accepts a `$ref` where the schema allows no Reference Object, since it is resolved anyway', async () => {
    const result = await loadText('openapi.yaml', {
      'openapi.yaml':
        'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /x:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema:\n                type: object\n                properties:\n                  $ref: props.yaml\n',
      'props.yaml': 'id: {type: string}\n',
    });
    expect(result.diagnostics).toEqual([]);
  });

  it('does not say again what the structural checks said', async () => {
    const result = await loadText('openapi.yaml', { 'openapi.yaml': 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /x:\n    get: {summary: S}\n  relative:\n    get: {responses: {"200": {description: ok}}}\n' });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['openapi/missing-responses', 'openapi/path-not-absolute']);
  });

  it.skipIf(!existsSync(CORPUS))('finds nothing in a valid description, GitHub’s 13 MB one, and compiles each schema once', () => {
    const github = JSON.parse(readFileSync(path.join(CORPUS, 'large/github-api.github.com.json'), 'utf8')) as unknown;
    expect(validateDocument({ document: github, version: '3.0', file: 'github.json' })).toEqual([]);
    const webhooks = JSON.parse(readFileSync(path.join(CORPUS, 'v31/github-webhooks-api.github.com.json'), 'utf8')) as unknown;
    expect(validateDocument({ document: webhooks, version: '3.1', file: 'webhooks.json' })).toEqual([]);
  });

  it('leaves the document as it was', async () => {
    const document = { openapi: '3.0.3', info: { title: 'T' }, paths: { '/x': { get: { responses: 12 } } } };
    const before = JSON.stringify(document);
    expect(validateDocument({ document, version: '3.0', file: 'a.json' })).toHaveLength(2);
    expect(JSON.stringify(document)).toBe(before);
  });
});
