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
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Imports', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'guides/nested', 'guides/direct', 'guides/plain', 'guides/embeds'] } }));
  await writeFile(path.join(root, 'snippets/inner.mdx'), 'Inner text.\n');
  await writeFile(path.join(root, 'snippets/outer.mdx'), "import Inner from './inner.mdx';\n\n<Inner />\n");
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nNo snippet here.\n');
  await writeFile(path.join(root, 'guides/nested.mdx'), "---\ntitle: Nested\n---\nimport Outer from '../snippets/outer.mdx';\n\n<Outer />\n");
  await writeFile(path.join(root, 'guides/direct.mdx'), "---\ntitle: Direct\n---\nimport Inner from '/snippets/inner.mdx';\n\n<Inner />\n");
  await writeFile(path.join(root, 'guides/plain.mdx'), '---\ntitle: Plain\n---\n\nPlain text, with [a link to direct](/guides/direct).\n');
  await writeFile(path.join(root, 'guides/embeds.mdx'), "---\ntitle: Embeds\n---\nimport Plain from './plain.mdx';\n\n<Plain />\n");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('sheaf dev: the pages an edited snippet reaches', () => {
  it('the pages importing it (from the root, or next to it), and those importing a snippet that imports it; a page imported by a page', async () => {
    const { project, site } = await analyze({ root });
    if (!project || !site) throw new Error('the project did not load');
    const routes = async (file: string) => (await pagesImporting(project, site, file)).map((p) => p.route).sort();
    expect(await routes('snippets/inner.mdx')).toEqual(['/guides/direct', '/guides/nested']);
    expect(await routes('snippets/outer.mdx')).toEqual(['/guides/nested']);
    // A page imported by another, and linked from a third (which does not import it).
    expect(await routes('guides/plain.mdx')).toEqual(['/guides/embeds']);
    expect(await routes('guides/direct.mdx')).toEqual([]);
  });
});
