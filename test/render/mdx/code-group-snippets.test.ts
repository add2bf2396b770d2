import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';

/** Mintlify inlines imported snippets before CodeGroup reads its children: their code blocks are tabs, labelled by title or language. */

const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-code-group-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'snippets'));
const files: Record<string, string> = {
  'snippets/python.mdx': '```python Python SDK\nprint("hi")\n```\n',
  'snippets/curl.mdx': '```bash\ncurl https://example.com\n```\n',
  'snippets/both.mdx': '```js title="Node.js"\nconsole.log(1)\n```\n\n```go main.go\nfmt.Println(1)\n```\n',
};
for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);

const render = (source: string) => renderMdx({ root, file: 'page.mdx', source, variables: {}, components, cache: createMdxCache() });
const tabTitles = (html: string) => [...html.matchAll(/<button [^>]*data-tab-title="([^"]*)"/g)].map((m) => m[1]);
const panelTitles = (html: string) => [...html.matchAll(/<div data-tab-title="([^"]*)" class="sheaf-tab sheaf-code-group-panel"/g)].map((m) => m[1]);

describe('CodeGroup of imported snippets', () => {
  it('labels each inlined code block by its meta title, else its language; never "Example N"', async () => {
    const body = await render(
      "import Python from '/snippets/python.mdx';\nimport Curl from '/snippets/curl.mdx';\nimport Both from '/snippets/both.mdx';\n\n<CodeGroup>\n  <Python />\n  <Curl />\n  <Both />\n\n```ruby Ruby\nputs 1\n```\n</CodeGroup>\n",
    );
    expect(body.diagnostics).toEqual([]);
    expect(tabTitles(body.html)).toEqual(['Python SDK', 'bash', 'Node.js', 'main.go', 'Ruby']);
    expect(panelTitles(body.html)).toEqual(['Python SDK', 'bash', 'Node.js', 'main.go', 'Ruby']);
    expect(body.html).not.toContain('Example ');
    expect(body.html.split('class="code-block"').length - 1).toBe(5);
  });

  it('RequestExample reads snippets the same way', async () => {
    const body = await render("import Curl from '/snippets/curl.mdx';\n\n<RequestExample>\n  <Curl />\n</RequestExample>\n");
    expect(tabTitles(body.aside ?? '')).toEqual(['bash']);
  });
});
