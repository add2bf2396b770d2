import { describe, expect, it } from 'vitest';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from '../../src/parse/nesting-limits.js';
import { located } from './helpers.js';
import { loadText } from './temp-project.js';

const HEAD = '{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{"/x":{"get":{"responses":{"200":{"description":"ok"}}}}}';
/** A valid JSON document whose `x-deep` extension makes it `levels` deep in all (the root object is one). */
const deepJson = (levels: number) => `${HEAD},"x-deep":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
const YAML_HEAD = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /x:\n    get:\n      responses:\n        "200": {description: ok}\n';

describe('OpenAPI parsing limits', () => {
  it('reads a JSON document exactly at the nesting cap and refuses one level more, naming file, place and limit', async () => {
    expect(MAX_NESTING_DEPTH).toBe(256);
    const under = await loadText('openapi.json', { 'openapi.json': deepJson(256) });
    expect(under.diagnostics).toEqual([]);
    expect(under.output.documents).toHaveLength(1);
    const over = await loadText('openapi.json', { 'openapi.json': deepJson(257) });
    expect(located(over.diagnostics)).toEqual([['openapi/too-deep', 'openapi.json', 1, HEAD.length + 11 + 255]]);
    expect(over.diagnostics[0]?.message).toBe('`openapi.json` nests objects and arrays more than 256 levels deep; the file is skipped.');
    expect(over.output.failed).toEqual(['openapi.json']);
  });

  it('refuses a schema nested 3,000 deep with one diagnostic, not a stack overflow', async () => {
    let schema = '{"type":"string"}';
    for (let i = 0; i < 3000; i++) schema = `{"type":"object","properties":{"a":${schema}}}`;
    const text = `{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{"/x":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":${schema}}}}}}}}}`;
    const result = await loadText('openapi.json', { 'openapi.json': text });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['openapi/too-deep']);
  });

  it('applies the cap to YAML, in flow and block style', async () => {
    const flow = (levels: number) => `${YAML_HEAD}x-deep: ${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}\n`;
    expect((await loadText('openapi.yaml', { 'openapi.yaml': flow(256) })).diagnostics).toEqual([]);
    // Reported at the list that opens level 257.
    const over = await loadText('openapi.yaml', { 'openapi.yaml': flow(257) });
    expect(located(over.diagnostics)).toEqual([['openapi/too-deep', 'openapi.yaml', 8, 9 + 255]]);
    expect(over.diagnostics[0]?.message).toBe(
      '`openapi.yaml` nests objects and arrays more than 256 levels deep (counting aliases `*name` as copies of what they name); the file is skipped.',
    );
    const block = (levels: number) => `${YAML_HEAD}x-deep:\n${Array.from({ length: levels - 1 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x\n`;
    expect((await loadText('openapi.yaml', { 'openapi.yaml': block(256) })).diagnostics).toEqual([]);
    expect((await loadText('openapi.yaml', { 'openapi.yaml': block(5000) })).diagnostics.map((d) => d.code)).toEqual(['openapi/too-deep']);
  });

  it('counts depth with aliases followed: a chain of anchors nests deeper than its text', async () => {
    const chain = (anchors: number) =>
      `${YAML_HEAD}x-a0: &a0 [leaf]\n${Array.from({ length: anchors }, (_, i) => `x-a${i + 1}: &a${i + 1} [*a${i}]`).join('\n')}\n`;
    // x-a<n> holds n+1 arrays: the root map makes it n+2 levels.
    expect((await loadText('openapi.yaml', { 'openapi.yaml': chain(254) })).diagnostics).toEqual([]);
    const over = await loadText('openapi.yaml', { 'openapi.yaml': chain(255) });
    expect(over.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['openapi/too-deep', '`openapi.yaml` nests objects and arrays more than 256 levels deep (counting aliases `*name` as copies of what they name); the file is skipped.'],
    ]);
  });

  it('caps what aliases add: exactly the cap loads, one node more is one diagnostic', async () => {
    expect(MAX_ALIAS_NODES).toBe(1_000_000);
    // An anchored list of 1,000 nodes (the list and 999 numbers); each further alias adds 1,000.
    const anchored = `x-a: &a [${Array.from({ length: 999 }, (_, i) => i).join(',')}]`;
    const aliases = (count: number) => `${YAML_HEAD}${anchored}\nx-b: [${Array(count).fill('*a').join(',')}]\n`;
    expect((await loadText('openapi.yaml', { 'openapi.yaml': aliases(1000) })).diagnostics).toEqual([]);
    const over = await loadText('openapi.yaml', { 'openapi.yaml': aliases(1001) });
    // At the first of the aliases that copy the most: all copy the same here.
    expect(located(over.diagnostics)).toEqual([['openapi/alias-expansion', 'openapi.yaml', 9, 7]]);
    expect(over.diagnostics[0]?.message).toBe(
      '`openapi.yaml` uses YAML aliases (`*name`) that would add 1,001,000 nodes to the document, over the limit of 1,000,000 (`*a` here copies 1,000 nodes); the file is skipped.',
    );
  });

  it('ends a "billion laughs" document with one diagnostic', async () => {
    const lines = [YAML_HEAD.trimEnd(), 'x-0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++) lines.push(`x-${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    lines.push('x-lol: *a9');
    const result = await loadText('openapi.yaml', { 'openapi.yaml': lines.join('\n') + '\n' });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['openapi/alias-expansion']);
    // x-0 … x-9 hold 11, 111, …, 11,111,111,111 nodes once expanded, and x-lol the last again.
    expect(result.diagnostics[0]?.message).toBe(
      '`openapi.yaml` uses YAML aliases (`*name`) that would add 23,456,790,101 nodes to the document, over the limit of 1,000,000 (`*a9` here copies 11,111,111,111 nodes); the file is skipped.',
    );
    // At `x-lol: *a9`, the alias that copies the most.
    expect(located(result.diagnostics)).toEqual([['openapi/alias-expansion', 'openapi.yaml', 18, 8]]);
  });

  it('refuses a YAML alias inside the node it names (a value that holds itself) at the alias, not as endlessly deep', async () => {
    const text = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: &p {/a: {get: {responses: {'200': {description: x, x-loop: *p}}}}}\n";
    const result = await loadText('openapi.yaml', { 'openapi.yaml': text });
    expect(located(result.diagnostics)).toEqual([['openapi/contains-itself', 'openapi.yaml', 3, 67]]);
    expect(result.diagnostics[0]?.message).toBe(
      '`openapi.yaml` contains itself: the alias `*p` stands inside the node it names, so `/paths` would hold itself at `/paths/~1a/get/responses/200/x-loop`; the file is skipped.',
    );
    expect(result.diagnostics[0]?.severity).toBe('error');
    expect(result.output.failed).toEqual(['openapi.yaml']);
  });

  it('reads aliases to nodes that are not around them (shared subtrees) as ever', async () => {
    // `*ok` repeats a complete node, even from inside a sibling of it: shared, not a cycle.
    const text = `${YAML_HEAD}x-a: &ok {b: [1, 2]}\nx-b: {c: *ok, d: [*ok, *ok]}\nx-c: {e: &in {g: 1}, f: {h: *in}}\n`;
    const result = await loadText('openapi.yaml', { 'openapi.yaml': text });
    expect(result.diagnostics).toEqual([]);
    expect(result.output.documents[0]?.document['x-b']).toEqual({ c: { b: [1, 2] }, d: [{ b: [1, 2] }, { b: [1, 2] }] });
  });

  it('reports a YAML file of two documents as a parse error, not an exception', async () => {
    const result = await loadText('openapi.yaml', { 'openapi.yaml': `${YAML_HEAD}---\nopenapi: 3.0.3\n` });
    expect(located(result.diagnostics)).toEqual([['openapi/parse-error', 'openapi.yaml', 1, 1]]);
    expect(result.diagnostics[0]?.message).toBe('`openapi.yaml` is not valid YAML: expected a single document in the stream, but found more at line 1, column 1.');
  });

  it('reports a syntax error after a 20 MB string with a short message at its position', async () => {
    const text = `{"openapi":"3.0.3","info":{"title":"T","version":"1","description":"${'y'.repeat(20_000_000)}"},"paths":{},}`;
    const result = await loadText('openapi.json', { 'openapi.json': text });
    expect(located(result.diagnostics)).toEqual([['openapi/parse-error', 'openapi.json', 1, text.length]]);
    expect(result.diagnostics[0]?.message).toBe(`\`openapi.json\` is not valid JSON: expected a property name in double quotes at line 1, column ${text.length}.`);
  });
});
