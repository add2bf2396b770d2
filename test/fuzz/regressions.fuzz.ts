import { afterAll, describe, expect, it } from 'vitest';
import { createCaseRunner } from './case-runner.js';
import { CASE_LIMIT_MS } from './fuzz-property.js';
import type { FuzzCase } from './fuzz-case.js';

/**
 * What the fuzz suite found, each as its minimal input, run as the suite runs a case (in a
 * worker, with the per-case time limit). Each line names what it did before its fix.
 */

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const page = (source: string): FuzzCase => ({ kind: 'mdx', files: { 'page.mdx': bytes(source) } });
const nestedLines = (n: number): string => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');

const FINDINGS: readonly { readonly name: string; readonly input: FuzzCase }[] = [
  // internal/error "Maximum call stack size exceeded" (seed 1: a run of 3,000 `*` inserted by deep-nesting).
  { name: 'MDX: a run of 3,000 emphasis markers', input: page(`${'*'.repeat(3_000)}x${'*'.repeat(3_000)}`) },
  // internal/error in the plain-Markdown fallback, after 7 s.
  { name: 'MDX: a run of 2,000 underscores', input: page(`${'_'.repeat(2_000)}x${'_'.repeat(2_000)}`) },
  // internal/error after 4.6 s: 3,000 nested lists on one line.
  { name: 'MDX: 3,000 list markers on one line', input: page(`${'* '.repeat(3_000)}x`) },
  // internal/error: GFM's autolink transform recursed through 10,000 elements.
  { name: 'MDX: 10,000 nested elements', input: page(`${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`) },
  // Hang (no answer in 60 s; seed 11, case 218): an expression nesting 30,000 brackets.
  { name: 'MDX: an expression nesting 30,000 brackets', input: page(`${'{['.repeat(30_000)}1${']}'.repeat(30_000)}`) },
  // 194 s: 2,000 lines of lists nested by indentation.
  { name: 'MDX: 2,000 lines nested by indentation', input: page(nestedLines(2_000)) },
  // Hang (no answer in 60 s; seed 23, case 205): the same lines inside a bash code fence (highlighting).
  { name: 'MDX: a bash block of 2,000 lines up to 4,000 characters', input: page(`\`\`\`bash\n${nestedLines(2_000)}\n\`\`\`\n`) },
  // Hang under load (30 s; seed 201, case 1007; 3.6 s alone, quadratic in GFM's footnote syntax):
  // 30,000 nested link labels.
  { name: 'MDX: 30,000 nested link labels', input: page(`${'['.repeat(30_000)}x${'](/y)'.repeat(30_000)}`) },
  // Hang under load (30 s; seed 301, case 811; 7.6 s alone, quadratic lazy continuation in
  // micromark): 20,000 one-word lines after a list item.
  { name: 'MDX: 20,000 lines continuing a list item', input: page(`- item\n${'line\n'.repeat(20_000)}`) },
  // internal/error "Maximum call stack size exceeded" (seed 302, case 1423): 600,000 unclosed braces.
  { name: 'MDX: 600,000 unclosed braces', input: page(`# T\n\n${'{'.repeat(300_000)}\n${'{'.repeat(300_000)}\n`) },
  // Hang (110 s; FUZZ_SEED=456812889, case 1044): an expression nesting 10,000 brackets on an
  // unindented line inside a list item's code fence, which the guard took for code.
  { name: "MDX: a deep expression ending a list item's code fence", input: page(`1. Run:\n   \`\`\`bash\n   make\n\n${'{['.repeat(10_000)}1${']}'.repeat(10_000)}\n\n   make\n   \`\`\`\n`) },
  // internal/error "Maximum call stack size exceeded" (FUZZ_SEED=456812889, case 1417): 10,000 nested
  // elements inside an `export` (a worker's larger stack parses them; the clone to HTML overflowed).
  { name: 'MDX: 10,000 nested elements in an export', input: page(`export const Card = () => (\n  <div>\n${'<Note>'.repeat(10_000)}x${'</Note>'.repeat(10_000)}\n  </div>\n);\n\n<Card />\n`) },
  // internal/error "Missing $ref pointer "#/". Token "" does not exist." (seed 101, case 983, shrunk):
  // a `$ref` to the whole document (`#/`) beside an external `$ref`. In src/openapi (another part of
  // issue 10): red until that fix lands.
  {
    name: 'OpenAPI: `$ref: "#/"` beside an external $ref',
    input: {
      kind: 'openapi',
      files: {
        'docs.json': bytes('{"theme":"mint","name":"F","colors":{"primary":"#0f766e"},"navigation":{"groups":[{"group":"API","openapi":"openapi.json"}]}}\n'),
        'openapi.json': bytes(
          '{"openapi":"3.0.3","info":{"title":"t","version":"1","$ref":"#/"},"externalDocs":{"url":"https://x","$ref":"./part.json"},"paths":{"/a":{"get":{"responses":{"200":{"description":"ok"}}}}}}\n',
        ),
        'part.json': bytes('{"b": 1}\n'),
      },
    },
  },
  // internal/error "filePath.startsWith is not a function" (seed 103, case 210, reduced by hand): a
  // Swagger 2.0 document with an external `$ref` and a `$ref` to a missing 3.0 component, reached
  // through `allOf`. In src/openapi (another part of issue 10): red until that fix lands.
  {
    name: 'OpenAPI: Swagger 2.0 with an external $ref and a missing #/components $ref',
    input: {
      kind: 'openapi',
      files: {
        'docs.json': bytes('{"theme":"mint","name":"F","colors":{"primary":"#0f766e"},"navigation":{"groups":[{"group":"API","openapi":"openapi.yaml"}]}}\n'),
        'openapi.yaml': bytes(
          '{"swagger":"2.0","info":{"$ref":"./part.json#/a"},"definitions":{"Category":{"$ref":"#/components/schemas/Missing"},"Pet":{"properties":{"category":{"allOf":[{"$ref":"#/definitions/Category"}]}}}}}\n',
        ),
        'part.json': bytes('{"a": {"b": 1}}\n'),
      },
    },
  },
  // Hang (no answer in 30 s; FUZZ_SEED=386690018, case 488, shrunk): a tag name of 300,000 `{`,
  // which the page-name slug's `/\{[^}]*\}/g` scanned once per `{` (33 s in `sheaf check`).
  {
    name: 'OpenAPI: a tag name of 300,000 `{`',
    input: {
      kind: 'openapi',
      files: {
        'docs.json': bytes('{"theme":"mint","name":"F","colors":{"primary":"#0f766e"},"navigation":{"groups":[{"group":"API","openapi":"openapi.json"}]}}\n'),
        'openapi.json': bytes(
          JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, servers: [{ url: `https://x/${'{'.repeat(300_000)}${'/'.repeat(300_000)}a` }], paths: { '/a': { get: { tags: ['{'.repeat(300_000)], responses: { '200': { description: `${'['.repeat(300_000)}` } } } } } }),
        ),
      },
    },
  },
  // internal/error "Converting circular structure to JSON" in the `.md` copy's spec excerpt
  // (FUZZ_SEED=478281750, case 957, reduced by hand): a Swagger 2.0 parameter `description: {$ref: 1}`,
  // which the conversion replaced by the whole document, so the document held itself.
  {
    name: 'OpenAPI: Swagger 2.0 parameter description `{$ref: 1}`',
    input: {
      kind: 'openapi',
      files: {
        'docs.json': bytes('{"theme":"mint","name":"F","colors":{"primary":"#0f766e"},"navigation":{"groups":[{"group":"API","openapi":"openapi.yaml"}]}}\n'),
        'openapi.yaml': bytes('{"swagger":"2.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"parameters":[{"name":"q","in":"query","type":"string","description":{"$ref":1}}],"responses":{"200":{"description":"ok"}}}}}}\n'),
      },
    },
  },
  // Hang (no answer in 30 s; FUZZ_SEED=399270118, case 183, shrunk by hand; 92 s replayed): a
  // paragraph of 300,000 characters after an unclosed `[`, quadratic in GFM's autolink literals.
  { name: 'MDX: 300,000 characters after an unclosed `[`', input: page(`<Tip>\n  See the [Service Settings\n${'word '.repeat(60_000)}\n</Tip>\n`) },
  // Hang (no answer in 120 s; FUZZ_SEED=399071007, case 616): a redirect source of 1,000,000
  // characters, which the shadowed-file check sliced and looked up once per `/`.
  {
    name: 'docs.json: a redirect source of 1,000,000 characters',
    input: {
      kind: 'docs-json',
      files: {
        'index.mdx': bytes('# Home\n'),
        'docs.json': bytes(
          JSON.stringify({ theme: 'mint', name: 'F', colors: { primary: '#0f766e' }, navigation: { pages: ['index'] }, redirects: [{ source: '[x](/y) '.repeat(125_000), destination: '/index' }] }),
        ),
      },
    },
  },
];

describe('fuzz findings, kept as regression cases', () => {
  const runner = createCaseRunner(CASE_LIMIT_MS);
  afterAll(() => runner.close());

  for (const finding of FINDINGS) {
    it(`${finding.name}: no exception, internal/* diagnostic, hang or crash`, async () => {
      expect(await runner.run(finding.input)).toMatchObject({ ok: true });
    });
  }
});
