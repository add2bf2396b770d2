import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_READ_POLICY } from '../../../src/project-fs/read-policy.js';
import type { ModuleEnv } from '../../../src/render/mdx/compile/compile-module.js';
import { createMdxCache } from '../../../src/render/mdx/mdx-cache.js';
import { loadJsxSnippet } from '../../../src/render/mdx/snippets/load-jsx-snippet.js';
import { listSnippetFiles } from '../../../src/render/mdx/snippets/snippet-files.js';

let tmp: string;
let root: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-snippet-reads-'));
  root = path.join(tmp, 'docs');
  await mkdir(path.join(root, 'snippets', 'lib'), { recursive: true });
  await mkdir(path.join(root, 'guides'), { recursive: true });
  await mkdir(path.join(tmp, 'outside'), { recursive: true });
  await writeFile(path.join(tmp, 'outside', 'leak.mdx'), 'OUTSIDE');
  await writeFile(path.join(root, 'snippets', 'card.mdx'), 'x');
  await writeFile(path.join(root, 'snippets', 'lib', 'util.jsx'), 'export const x = 1;');
  await writeFile(path.join(root, 'guides', 'note.mdx'), 'x');
  await writeFile(path.join(root, 'guides', 'readme.txt'), 'x');
  await writeFile(path.join(root, 'root.mdx'), 'x');
  await symlink('../../outside', path.join(root, 'snippets', 'ext'));
  await symlink('../outside', path.join(root, 'guides', 'ext'));
  execFileSync('mkfifo', [path.join(root, 'snippets', 'pipe.mdx')]);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('listSnippetFiles (did-you-mean hints)', () => {
  it('lists the snippet folders and a missing import\'s folder without following a link out or listing a FIFO', async () => {
    const cache = createMdxCache();
    expect(await listSnippetFiles(cache, root)).toEqual(['snippets/card.mdx', 'snippets/lib/util.jsx']);
    expect(await listSnippetFiles(cache, root, 'guides')).toEqual(['guides/note.mdx', 'snippets/card.mdx', 'snippets/lib/util.jsx']);
    expect(await listSnippetFiles(cache, root, '')).toEqual(['root.mdx', 'snippets/card.mdx', 'snippets/lib/util.jsx']);
    // An import of `/guides/ext/x.mdx` (a folder linked out): its folder is not listed.
    expect(await listSnippetFiles(cache, root, 'guides/ext')).toEqual(['snippets/card.mdx', 'snippets/lib/util.jsx']);
  });
});

describe('loadJsxSnippet', () => {
  it('reports a file refused when esbuild loads it with the refusal\'s own code, not mdx/syntax', async () => {
    await writeFile(path.join(root, 'snippets', 'big.jsx'), `export const Big = () => null;\n${'// padding\n'.repeat(20)}`);
    const env = { root } as Pick<ModuleEnv, 'root'> as ModuleEnv;
    const loaded = await loadJsxSnippet('snippets/big.jsx', env, { ...DEFAULT_READ_POLICY, maxPageBytes: 100 });
    expect(loaded.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/file-too-large', 'snippets/big.jsx', '`snippets/big.jsx` is 251 bytes, over the limit of 100 bytes for snippets; it is not read.'],
    ]);
    expect(loaded.exports).toEqual({});
  });
});
