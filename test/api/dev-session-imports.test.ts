import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/api/analyze.js';
import { pagesImporting } from '../../src/api/dev-session.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sheaf-dev-imports-'));
  await mkdir(path.join(root, 'snippets'), { recursive: true });
  await mkdir(path.join(root, 'guides'), { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Imports', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'guides/nested', 'guides/direct', 'guides/plain'] } }));
  await writeFile(path.join(root, 'snippets/inner.mdx'), 'Inner text.\n');
  await writeFile(path.join(root, 'snippets/outer.mdx'), "import Inner from '/snippets/inner.mdx';\n\n<Inner />\n");
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nNo snippet here.\n');
  await writeFile(path.join(root, 'guides/nested.mdx'), "---\ntitle: Nested\n---\nimport Outer from '../snippets/outer.mdx';\n\n<Outer />\n");
  await writeFile(path.join(root, 'guides/direct.mdx'), "---\ntitle: Direct\n---\nimport Inner from '/snippets/inner.mdx';\n\n<Inner />\n");
  await writeFile(path.join(root, 'guides/plain.mdx'), '---\ntitle: Plain\n---\n\nPlain text.\n');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('sheaf dev: the pages an edited snippet reaches', () => {
  it('the pages importing it, and those importing a snippet that imports it', async () => {
    const { project, site } = await analyze({ root });
    if (!project || !site) throw new Error('the project did not load');
    const routes = async (file: string) => (await pagesImporting(project, site, file)).map((p) => p.route).sort();
    expect(await routes('snippets/inner.mdx')).toEqual(['/guides/direct', '/guides/nested']);
    expect(await routes('snippets/outer.mdx')).toEqual(['/guides/nested']);
  });
});
