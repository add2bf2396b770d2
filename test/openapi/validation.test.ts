import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_PART_NODES, MAX_VIOLATIONS, SHOWN_PER_RULE, validateDocument } from '../../src/openapi/validate-document.js';
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

  it('checks a document with 100,000 broken operations part by part, and stops after 1,000 violations saying so', async () => {
    expect(MAX_VIOLATIONS).toBe(1_000);
    // One path a line: `/p<i>` is on line i + 2.
    const lines = ['{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {'];
    for (let i = 0; i < 100_000; i += 1) lines.push(`"/p${i}": {"get": {"responses": {}, "bogus": 1}}${i < 99_999 ? ',' : ''}`);
    lines.push('}}');
    const result = await loadText('openapi.json', { 'openapi.json': lines.join('\n') });
    // Two rules broken by each operation: 5 shown and a summary each, then where checking stopped.
    expect(result.diagnostics).toHaveLength(13);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.pointer])).toEqual([
      ...[0, 1, 2, 3, 4, 5].map((i) => ['openapi/schema-violation', 'warning', i + 2, 34, `/paths/~1p${i}/get/bogus`]),
      ...[0, 1, 2, 3, 4, 5].map((i) => ['openapi/schema-violation', 'warning', i + 2, 17, `/paths/~1p${i}/get/responses`]),
      ['openapi/schema-violation', 'warning', 501, 1, '/paths/~1p499'],
    ]);
    expect(result.diagnostics[5]?.message).toBe(
      'At least 495 more places in the document break the same rule as above: an Operation Object has no field `bogus` (`/paths/~1p5/get/bogus`, `/paths/~1p6/get/bogus`, `/paths/~1p7/get/bogus`, …).',
    );
    expect(result.diagnostics[11]?.message).toBe(
      'At least 495 more places in the document break the same rule as above: a Responses Object needs at least 1 entry (`/paths/~1p5/get/responses`, `/paths/~1p6/get/responses`, `/paths/~1p7/get/responses`, …).',
    );
    expect(result.diagnostics[12]?.message).toBe(
      'Sheaf stopped checking `openapi.json` against the OpenAPI 3.0 schema after `/paths/~1p499`, with 1,000 violations found; the rest of the document was not checked.',
    );
    expect(result.diagnostics[12]?.hint).toBe('Fix the violations shown, then check again for the rest.');
    // The document loads anyway.
    expect(result.output.documents[0]?.index.operations).toHaveLength(100_000);
  });

  it('checks a part of up to 10,000 values for every violation, and a larger one for the first found', () => {
    expect(MAX_PART_NODES).toBe(10_000);
    // A path item of 6 values around `count` parameters of 3 values each (the object, `in`, `bogus`).
    const document = (count: number) => ({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/x': { get: { parameters: Array.from({ length: count }, (_, i) => ({ in: 'query', bogus: i })), responses: { 200: { description: 'd' } } } } },
    });
    // 9,999 values: every parameter lacks `name` and `schema` or `content` and has `bogus`, all counted.
    const under = validateDocument({ document: document(3_331), version: '3.0', file: 'a.json' });
    expect(under).toHaveLength(4 * (SHOWN_PER_RULE + 1));
    expect(under.filter((p) => p.message.startsWith('3,326 more places')).map((p) => p.message.replace(/ \(.*/, ''))).toEqual([
      '3,326 more places in the document break the same rule as above: this object must have `schema`',
      '3,326 more places in the document break the same rule as above: this object must have `content`',
      '3,326 more places in the document break the same rule as above: a Parameter Object must have `name`',
      '3,326 more places in the document break the same rule as above: a Parameter Object has no field `bogus`',
    ]);
    expect(new Set(under.map((p) => p.hint))).toEqual(new Set(['Fix the document where shown; Sheaf renders what it can, but other OpenAPI tools may refuse the document.']));
    // 10,002 values: ajv's first errors, said to be the first.
    const over = validateDocument({ document: document(3_332), version: '3.0', file: 'a.json' });
    const hint = '`/paths/~1x` holds more than 10,000 values, too many to check for every violation at once; this is one of the first found there: fix them and check again.';
    expect(over).toEqual([
      { code: 'openapi/schema-violation', file: 'a.json', pointer: '/paths/~1x/get/parameters/0', message: '`/paths/~1x/get/parameters/0` has no `schema`, which the OpenAPI 3.0 schema requires.', hint },
      { code: 'openapi/schema-violation', file: 'a.json', pointer: '/paths/~1x/get/parameters/0', message: '`/paths/~1x/get/parameters/0` has no `content`, which the OpenAPI 3.0 schema requires.', hint },
    ]);
  });

  it('checks webhooks and components each on its own, and the names of components with the rest', async () => {
    const text = [
      'openapi: 3.1.0',
      'info: {title: T, version: "1"}',
      'webhooks:',
      '  newPet:',
      '    post:',
      '      bogus: 1',
      'components:',
      '  schemas:',
      '    A: 12',
      '    bad name: {type: string}',
      '  responses:',
      '    R: {}',
      '',
    ].join('\n');
    const result = await loadText('openapi.yaml', { 'openapi.yaml': text });
    // The rest of the document is checked first, then each part.
    expect(result.diagnostics.map((d) => [d.line, d.column, d.pointer, d.message])).toEqual([
      [10, 5, '/components/schemas/bad name', '`/components/schemas` has an entry named `bad name`; names there must match `^[a-zA-Z0-9._-]+$`.'],
      [6, 7, '/webhooks/newPet/post/bogus', '`bogus` is not a field of an Operation Object in OpenAPI 3.1 (extensions must start with `x-`).'],
      [9, 5, '/components/schemas/A', '`/components/schemas/A` must be object or boolean, not a number.'],
      [12, 5, '/components/responses/R', '`/components/responses/R` has no `description`, which the OpenAPI 3.1 schema requires of a Response Object.'],
    ]);
  });

  it('validates Swagger 2.0 documents against the 2.0 schema, as written, at their places', async () => {
    const text = ['swagger: "2.0"', 'info:', '  title: T', 'paths:', '  /x:', '    get:', '      bogus: 1', '      responses:', '        200: {description: ok}', ''].join('\n');
    const result = await loadText('swagger.yaml', { 'swagger.yaml': text });
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column, d.pointer, d.message])).toEqual([
      ['openapi/swagger2-converted', 1, 1, '/swagger', '`swagger.yaml` is Swagger 2.0; it was converted to OpenAPI 3.0 in memory. Convert the file to silence this.'],
      ['openapi/schema-violation', 2, 1, '/info', '`/info` has no `version`, which the Swagger 2.0 schema requires of an Info Object.'],
      ['openapi/schema-violation', 7, 7, '/paths/~1x/get/bogus', '`bogus` is not a field of an Operation Object in Swagger 2.0 (extensions must start with `x-`).'],
    ]);
    const valid = text.replace('      bogus: 1\n', '').replace('  title: T', '  title: T\n  version: "1"');
    expect((await loadText('swagger.yaml', { 'swagger.yaml': valid })).diagnostics.map((d) => d.code)).toEqual(['openapi/swagger2-converted']);
  });

  // CI always has the corpus beside the repository: there, a missing corpus is a failure, never a skip.
  it.skipIf(!existsSync(CORPUS) && process.env['CI'] !== 'true')('finds nothing in a valid description, GitHub’s 13 MB one', () => {
    expect(existsSync(CORPUS), `the corpus is missing at ${CORPUS}; CI=true needs it`).toBe(true);
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
