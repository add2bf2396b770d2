import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';

/**
 * docs.json `styling.codeblocks` and `styling.latex` through `build`: the written pages, the API
 * page's code samples, the site stylesheet, the KaTeX files, and the render cache key.
 */

const OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: { '/pets': { get: { summary: 'List pets', operationId: 'listPets', responses: { '200': { description: 'OK', content: { 'application/json': { example: { id: 1 } } } } } } } },
};
const PAGE = '---\ntitle: Start\n---\n\n```js\nconst a = "x";\n```\n';
// Braces inside `$…$` would be MDX expressions when math is off: this page has none, and dollar amounts.
const MATH_PAGE = '---\ntitle: Maths\n---\n\nIt costs $5, or $10 with tax.\n\n$$\nE = mc^2\n$$\n';

let tmp: string;
let count = 0;

/** Builds a project with `styling` (and `pages` content) into a fresh folder; returns it with the result. */
async function buildWith(styling: Record<string, unknown> | undefined, options: { pages?: Record<string, string>; cacheDir?: string; root?: string } = {}) {
  count += 1;
  const root = options.root ?? path.join(tmp, `p${count}`);
  await mkdir(root, { recursive: true });
  const pages = options.pages ?? { index: PAGE };
  const docs = {
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0D9373' },
    ...(styling ? { styling } : {}),
    navigation: { groups: [{ group: 'Guides', pages: Object.keys(pages) }, { group: 'API', openapi: 'openapi.json' }] },
  };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  await writeFile(path.join(root, 'openapi.json'), JSON.stringify(OPENAPI));
  for (const [name, text] of Object.entries(pages)) await writeFile(path.join(root, `${name}.mdx`), text);
  const out = path.join(tmp, `out${count}`);
  const result = await build({ root, outDir: out, cacheDir: options.cacheDir ?? false, workers: 0 });
  const read = (f: string) => readFile(path.join(out, f), 'utf8');
  const css = async () => {
    const files = await readdir(path.join(out, '_sheaf'));
    const name = files.find((f) => /^sheaf\.[0-9a-f]{10}\.css$/.test(f));
    return read(`_sheaf/${name}`);
  };
  return { root, out, result, read, css };
}

/** Every file under `dir`, names and text: what a reader of the built site can get. */
async function everything(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return [...files.map((f) => path.relative(dir, f)), ...(await Promise.all(files.map((f) => readFile(f, 'utf8'))))].join('\n');
}

const loud = (r: BuildResult) => r.diagnostics.filter((d) => d.severity !== 'info' && d.code !== 'build/no-site-url').map((d) => d.code);
const API_PAGE = 'api-reference/list-pets/index.html';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-styling-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('styling.codeblocks in a build', () => {
  it('absent: the GitHub colours as before, no code-theme rules in the stylesheet', async () => {
    const site = await buildWith(undefined);
    expect(loud(site.result)).toEqual([]);
    expect(await site.read('index.html')).toContain('<span style="color:#D73A49;--shiki-dark:#F97583">const</span>');
    const api = await site.read(API_PAGE);
    expect(api).toContain('<pre class="shiki" style="background-color:#fff;--shiki-dark-bg:#24292e;color:#24292e;--shiki-dark:#e1e4e8" tabindex="0"><code><span class="line"><span style="color:#6F42C1;--shiki-dark:#B392F0">curl</span>');
    expect(await site.css()).not.toContain('--sheaf-code-bg');
  });

  it('"dracula": page code, the API page’s samples and the stylesheet follow the theme, in both modes', async () => {
    const site = await buildWith({ codeblocks: 'dracula' });
    expect(loud(site.result)).toEqual([]);
    expect(await site.read('index.html')).toContain(
      '<pre class="shiki" style="background-color:#282A36;--shiki-dark-bg:#282A36;color:#F8F8F2;--shiki-dark:#F8F8F2" tabindex="0"><code><span class="line"><span style="color:#FF79C6;--shiki-dark:#FF79C6">const</span>',
    );
    const api = await site.read(API_PAGE);
    expect(api).toContain('<pre class="shiki" style="background-color:#282A36;--shiki-dark-bg:#282A36;color:#F8F8F2;--shiki-dark:#F8F8F2" tabindex="0"><code><span class="line"><span style="color:#50FA7B;--shiki-dark:#50FA7B">curl</span>');
    // The JSON response example: its key in dracula's property colour, its number in the constant one.
    expect(api).toContain('<span style="color:#8BE9FD;--shiki-dark:#8BE9FD">&quot;id&quot;</span>: <span style="color:#BD93F9;--shiki-dark:#BD93F9">1</span>');
    expect(await site.css()).toContain('/* docs.json styling.codeblocks: dracula */\n:root{--sheaf-code-bg:#282A36;--sheaf-code-fg:#F8F8F2}\nhtml.dark{--sheaf-code-bg:#282A36;--sheaf-code-fg:#F8F8F2}\n');
  });

  it('a light/dark pair: light colours inline, dark ones in --shiki-dark, each mode its own background', async () => {
    const site = await buildWith({ codeblocks: { theme: { light: 'one-light', dark: 'one-dark-pro' } } });
    expect(loud(site.result)).toEqual([]);
    expect(await site.read('index.html')).toContain('<span style="color:#A626A4;--shiki-dark:#C678DD">const</span>');
    expect(await site.read(API_PAGE)).toContain('<span style="color:#4078F2;--shiki-dark:#61AFEF">curl</span>');
    expect(await site.css()).toContain(':root{--sheaf-code-bg:#FAFAFA;--sheaf-code-fg:#383A42}\nhtml.dark{--sheaf-code-bg:#282c34;--sheaf-code-fg:#abb2bf}');
  });

  it('a custom language from the project is highlighted in the theme', async () => {
    const root = path.join(tmp, 'custom');
    await mkdir(path.join(root, 'languages'), { recursive: true });
    await writeFile(path.join(root, 'languages/sheaf.json'), JSON.stringify({ name: 'sheaflang', scopeName: 'source.sheaflang', patterns: [{ match: '\\bshout\\b', name: 'keyword.control.sheaflang' }] }));
    const site = await buildWith({ codeblocks: { theme: 'dracula', languages: { custom: ['/languages/sheaf.json'] } } }, { root, pages: { index: '# Hi\n\n```sheaflang\nshout now\n```\n' } });
    expect(loud(site.result)).toEqual([]);
    expect(await site.read('index.html')).toContain('<span class="line"><span style="color:#FF79C6;--shiki-dark:#FF79C6">shout</span><span style="color:#F8F8F2;--shiki-dark:#F8F8F2"> now</span></span>');
  });

  it('the render cache key holds the theme: a body cached under one theme is not reused under another', async () => {
    const root = path.join(tmp, 'cached');
    const cacheDir = path.join(tmp, 'cache');
    const first = await buildWith({ codeblocks: 'dracula' }, { root, cacheDir });
    expect(first.result.stats?.cachedPages).toBe(0);
    const again = await buildWith({ codeblocks: 'dracula' }, { root, cacheDir });
    expect(again.result.stats?.cachedPages).toBe(1);
    const other = await buildWith({ codeblocks: 'nord' }, { root, cacheDir });
    expect(other.result.stats?.cachedPages).toBe(0);
    expect(await other.read('index.html')).toContain('<span style="color:#81A1C1;--shiki-dark:#81A1C1">const</span>');
    const latex = await buildWith({ codeblocks: 'nord', latex: false }, { root, cacheDir });
    expect(latex.result.stats?.cachedPages).toBe(0);
  });
});

describe('styling.latex in a build', () => {
  const pages = { index: PAGE, maths: MATH_PAGE };

  it('absent: KaTeX on the page with math only (detection)', async () => {
    const site = await buildWith(undefined, { pages });
    expect(await site.read('maths/index.html')).toContain('<link rel="stylesheet" href="../_sheaf/katex/katex.min.css"/>');
    expect(await site.read('index.html')).not.toContain('katex');
    expect(existsSync(path.join(site.out, '_sheaf/katex/katex.min.css'))).toBe(true);
  });

  it('false: no math rendering and no KaTeX file, stylesheet or font anywhere in the output', async () => {
    const site = await buildWith({ latex: false }, { pages });
    expect(loud(site.result)).toEqual([]);
    // Dollar amounts stay text (detection takes `$5, or $` for math), the formula as written.
    expect(await site.read('maths/index.html')).toContain('<p>It costs $5, or $10 with tax.</p>\n<p>$$\nE = mc^2\n$$</p>');
    expect(existsSync(path.join(site.out, '_sheaf/katex'))).toBe(false);
    expect((await everything(site.out)).match(/katex/gi)).toBeNull();
  });

  it('true: KaTeX’s stylesheet on every page, math or not, API pages too', async () => {
    const site = await buildWith({ latex: true }, { pages });
    for (const file of ['index.html', 'maths/index.html', API_PAGE]) {
      expect(await site.read(file), file).toMatch(/<link rel="stylesheet" href="(\.\.\/)*_sheaf\/katex\/katex\.min\.css"\/>/);
    }
    expect(existsSync(path.join(site.out, '_sheaf/katex/katex.min.css'))).toBe(true);
  });
});
