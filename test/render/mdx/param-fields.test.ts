import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/render/components/index.js';
import { renderMdx } from '../../../src/render/mdx/index.js';

/** ParamFields collected while a page with `api:` frontmatter is compiled (`RenderedBody.paramFields`). */
describe('ParamField collection', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sheaf-A-paramfields-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const render = (source: string) => renderMdx({ root, file: 'page.mdx', source, variables: {}, components });

  it('reads literal props, nested fields through Expandable, and skips top-level ResponseFields', async () => {
    const source = [
      '---',
      'api: "POST /x"',
      '---',
      '',
      "export const someVariable = 'x';",
      '',
      '<ParamField path="id" type="string" required placeholder="usr_1">The **id**.</ParamField>',
      '<ParamField query="n" type="integer" default={-5} deprecated>Count.</ParamField>',
      '<ParamField header="X-On" required={false} default={{ a: [1, "b"] }} />',
      '<ParamField body="user" type="object">',
      '  About them.',
      '  <Expandable title="props">',
      '    <ParamField body="name" required="true">Name.</ParamField>',
      '    <ResponseField name="age" type="int" default={`3`} />',
      '  </Expandable>',
      '</ParamField>',
      '<ParamField body="skipped" default={someVariable} />',
      '<ResponseField name="out" type="string"><ParamField body="not-a-param" /></ResponseField>',
      '<Tabs><Tab title="A"><ParamField query="inTab" /></Tab></Tabs>',
      '<ParamField type="string">no name</ParamField>',
    ].join('\n');
    const body = await render(source);
    expect(body.paramFields).toEqual([
      { in: 'path', name: 'id', type: 'string', required: true, deprecated: false, placeholder: 'usr_1', description: 'The id.', children: [] },
      { in: 'query', name: 'n', type: 'integer', required: false, deprecated: true, default: -5, description: 'Count.', children: [] },
      { in: 'header', name: 'X-On', required: false, deprecated: false, default: { a: [1, 'b'] }, children: [] },
      {
        in: 'body',
        name: 'user',
        type: 'object',
        required: false,
        deprecated: false,
        description: 'About them.',
        children: [
          { in: 'body', name: 'name', required: true, deprecated: false, description: 'Name.', children: [] },
          { name: 'age', type: 'int', required: false, deprecated: false, default: '3', children: [] },
        ],
      },
      { in: 'body', name: 'skipped', required: false, deprecated: false, children: [] },
      { in: 'query', name: 'inTab', required: false, deprecated: false, children: [] },
    ]);
    expect(body.diagnostics).toEqual([]);
  });

  it('counts the fields of an imported snippet where it is rendered', async () => {
    write('snippets/common.mdx', '<ParamField header="X-Common" type="string">Shared.</ParamField>\n');
    const body = await render('---\napi: GET /x\n---\n\nimport Common from "/snippets/common.mdx";\n\n<ParamField query="a" />\n\n<Common />\n');
    expect(body.paramFields?.map((p) => `${p.in} ${p.name}`)).toEqual(['query a', 'header X-Common']);
  });

  it('leaves them out of pages without api: frontmatter, and reads none from a page-defined ParamField', async () => {
    expect((await render('<ParamField query="a" />\n')).paramFields).toBeUndefined();
    const own = await render('---\napi: GET /x\n---\n\nexport const ParamField = () => null;\n\n<ParamField query="a" />\n');
    expect(own.paramFields).toEqual([]);
  });
});
