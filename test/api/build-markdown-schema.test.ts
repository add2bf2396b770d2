import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { writeFiles } from '../write-files.js';

/**
 * docs.json `markdown.schema` (Mintlify's default true): the `.md` copy of an API page ends with
 * the part of the OpenAPI document it documents, as YAML; llms-full.txt does not repeat it; `false`
 * leaves it out.
 */

const OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pets' } } } } } } },
    '/owners': { get: { summary: 'List owners', responses: { '200': { description: 'ok' } } } },
  },
  components: { schemas: { Pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } }, Pet: { type: 'object', properties: { name: { type: 'string' } } }, Owner: { type: 'object' } } },
};

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

async function built(markdown?: Record<string, unknown>): Promise<string> {
  const root = await writeFiles(await mkdtemp(path.join(tmpdir(), 'sheaf-md-schema-')), {
    'docs.json': JSON.stringify({ theme: 'mint', name: 'Pets', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Home', pages: ['index'] }, { group: 'API', openapi: 'openapi.json' }] }, ...(markdown ? { markdown } : {}) }),
    'index.mdx': '---\ntitle: Home\n---\n\nText.\n',
    'openapi.json': JSON.stringify(OPENAPI),
  });
  roots.push(root);
  const out = path.join(root, '_site');
  const result = await build({ root, outDir: out, cacheDir: false, workers: 0 });
  expect(result.errorCount).toBe(0);
  return out;
}

/** The `.md` copy of the page for `GET /pets` (its file name is the summary's slug). */
async function petsCopy(out: string): Promise<string> {
  const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('list-pets.md'));
  expect(files).toHaveLength(1);
  return readFile(path.join(out, files[0] as string), 'utf8');
}

describe('markdown.schema in a build', () => {
  it('default: the operation and the schemas it reaches, at the end of its .md copy, not in llms-full.txt', async () => {
    const out = await built();
    const copy = await petsCopy(out);
    const section = copy.slice(copy.indexOf('## OpenAPI specification'));
    expect(section).toBe(
      [
        '## OpenAPI specification',
        '',
        '```yaml',
        'openapi: 3.0.3',
        'info:',
        '  title: Pets',
        "  version: '1'",
        'paths:',
        '  /pets:',
        '    get:',
        '      summary: List pets',
        '      responses:',
        "        '200':",
        '          description: ok',
        '          content:',
        '            application/json:',
        '              schema:',
        "                $ref: '#/components/schemas/Pets'",
        'components:',
        '  schemas:',
        '    Pets:',
        '      type: array',
        '      items:',
        "        $ref: '#/components/schemas/Pet'",
        '    Pet:',
        '      type: object',
        '      properties:',
        '        name:',
        '          type: string',
        '```',
        '',
      ].join('\n'),
    );
    const full = await readFile(path.join(out, 'llms-full.txt'), 'utf8');
    expect(full).toContain('# List pets');
    expect(full).not.toContain('## OpenAPI specification');
  });

  it('false: no specification in any copy', async () => {
    const out = await built({ schema: false });
    expect(await petsCopy(out)).not.toContain('OpenAPI specification');
  });

  it('with markdown.instructions: the instructions come after the specification', async () => {
    const copy = await petsCopy(await built({ instructions: 'Cite the API version.' }));
    expect(copy.indexOf('## OpenAPI specification')).toBeGreaterThan(0);
    expect(copy.indexOf('Cite the API version.')).toBeGreaterThan(copy.indexOf('## OpenAPI specification'));
  });
});
