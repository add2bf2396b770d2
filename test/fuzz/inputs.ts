import type { FuzzCase } from './fuzz-case.js';
import { materializeJson, materializeText, REF_FILES, SNIPPET_FILES, type Recipe } from './mutations.js';
import type { Seed } from './seeds.js';

/**
 * The project each input kind is fuzzed in: the mutated file, and the few files around it that
 * the stages read (a docs.json naming it, the files its references may reach).
 */

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const files = (record: Readonly<Record<string, string>>): Record<string, Uint8Array> => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, bytes(v)]));

/** A small valid docs.json whose navigation lists `pages` and, with `openapi`, the document. */
const docsJson = (pages: readonly string[], openapi?: string): string =>
  `${JSON.stringify({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Fuzz', colors: { primary: '#0f766e' }, navigation: { groups: [{ group: 'Pages', pages }, ...(openapi ? [{ group: 'API', openapi }] : [])] } }, null, 2)}\n`;

/** A small valid OpenAPI document, for the `openapi:` frontmatter of fuzzed pages. */
const OPENAPI = `${JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/a': { get: { summary: 'Get a', responses: { '200': { description: 'ok' } } } } } })}\n`;

export function docsJsonCase(seed: Seed, recipe: Recipe): FuzzCase {
  const name = seed.name.endsWith('mint.json') ? 'mint.json' : 'docs.json';
  return { kind: 'docs-json', files: { ...files(REF_FILES), 'index.mdx': bytes('# Home\n'), [name]: materializeJson('docs-json', seed.text, false, recipe.steps) } };
}

export function openapiCase(seed: Seed, recipe: Recipe): FuzzCase {
  const yamlSeed = /\.ya?ml$/.test(seed.name);
  const name = yamlSeed ? 'openapi.yaml' : 'openapi.json';
  return {
    kind: 'openapi',
    files: { ...files(REF_FILES), 'docs.json': bytes(docsJson(['index'], name)), 'index.mdx': bytes('# Home\n'), [name]: materializeJson('openapi', seed.text, yamlSeed, recipe.steps) },
  };
}

export function mdxCase(seed: Seed, recipe: Recipe): FuzzCase {
  return { kind: 'mdx', files: { ...files(SNIPPET_FILES), 'snippets/data.json': bytes('{"x": 1}\n'), 'page.mdx': materializeText('mdx', seed.text, recipe.steps) } };
}

export function frontmatterCase(seed: Seed, recipe: Recipe): FuzzCase {
  return {
    kind: 'frontmatter',
    files: { 'docs.json': bytes(docsJson(['index'])), 'openapi.json': bytes(OPENAPI), 'index.mdx': materializeText('frontmatter', seed.text, recipe.steps) },
  };
}
