import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { diamondWalk, level, makeDiamond } from './diamond.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(REPO, 'bin/sheaf.js');
const MB = 1024 * 1024;
const PASSWD = '/etc/passwd';

let tmp: string;

/** The compiled CLI in a child process, as an author runs it; a hang fails the test at 60 s. */
function sheaf(...args: string[]): { code: number | null; json: { diagnostics: Diagnostic[]; ok: boolean } } {
  const r = spawnSync(process.execPath, [CLI, ...args, '--format', 'json'], { cwd: tmp, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
  if (r.error) throw r.error;
  return { code: r.status, json: JSON.parse(r.stdout) as { diagnostics: Diagnostic[]; ok: boolean } };
}
const loud = (ds: readonly Diagnostic[]) => ds.filter((d) => d.severity !== 'info');
const docsJson = (pages: readonly string[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages }, ...extra });

/** Every file under `dir`, concatenated: what a reader of the built site can get. */
async function everything(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
}

beforeAll(async () => {
  expect(existsSync(path.join(REPO, 'dist/cli/main.js')), 'dist/ is missing: run `npm run build`').toBe(true);
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-containment-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('sheaf build keeps to the project folder', () => {
  let docs: string;
  let data: string;
  let otherOrg: string;
  beforeAll(async () => {
    // The links of the measured attack: a snippet to /etc/passwd imported by a page, a page to the
    // service's signing key, a folder to another organization's source; and links that stay inside.
    docs = path.join(tmp, 'attack', 'docs');
    data = path.join(tmp, 'attack', 'data');
    otherOrg = path.join(tmp, 'attack', 'other-org');
    await mkdir(path.join(docs, 'snippets'), { recursive: true });
    await mkdir(path.join(docs, 'guides'), { recursive: true });
    await mkdir(data, { recursive: true });
    await mkdir(otherOrg, { recursive: true });
    await writeFile(path.join(data, 'signing.key'), 'SIGNING-KEY-4f1c9a\n');
    await writeFile(path.join(otherOrg, 'docs.json'), docsJson(['private'], { name: 'Other Org Private Docs' }));
    await writeFile(path.join(otherOrg, 'private.mdx'), '# OTHER-ORG-PRIVATE-PAGE\n');
    await writeFile(path.join(docs, 'docs.json'), docsJson(['index', 'key', 'linked']));
    await writeFile(path.join(docs, 'index.mdx'), "---\ntitle: Home\n---\n\nimport Passwd from '/snippets/pw.mdx'\nimport Shared from '/snippets/alias.mdx'\n\n<Passwd />\n\n<Shared />\n");
    await writeFile(path.join(docs, 'snippets', 'shared.mdx'), 'A snippet reached **through a link inside** the project.\n');
    await writeFile(path.join(docs, 'guides', 'page.mdx'), '---\ntitle: Linked\n---\n\nA page reached through a link inside the project.\n');
    await symlink(PASSWD, path.join(docs, 'snippets', 'pw.mdx'));
    await symlink('shared.mdx', path.join(docs, 'snippets', 'alias.mdx'));
    await symlink('../data/signing.key', path.join(docs, 'key.mdx'));
    await symlink('../other-org', path.join(docs, 'other'));
    await symlink('guides/page.mdx', path.join(docs, 'linked.mdx'));
  });

  it('reports each link out once (load/link-outside-project), copies nothing from outside, and still builds the links inside', async () => {
    const out = path.join(tmp, 'attack-site');
    const r = sheaf('build', docs, '-o', out, '--no-cache', '--site-url', 'https://docs.acme.test');
    expect(r.code).toBe(1);
    const links = r.json.diagnostics.filter((d) => d.code === 'load/link-outside-project');
    expect(links.map((d) => [d.file, d.message])).toEqual([
      ['key.mdx', '`key.mdx` is a symbolic link to `../data/signing.key`, outside the project folder; it is neither read nor copied.'],
      ['other', '`other` is a symbolic link to `../other-org`, outside the project folder; it is neither read nor copied.'],
      ['snippets/pw.mdx', '`snippets/pw.mdx` is a symbolic link to `/etc/passwd`, outside the project folder; it is neither read nor copied.'],
    ]);
    // The page importing the linked snippet renders nothing in its place and says why; `key` is no page.
    expect(loud(r.json.diagnostics).map((d) => [d.code, d.file])).toEqual([
      ['nav/page-not-found', 'docs.json'],
      ['mdx/import-outside-project', 'index.mdx'],
      ['load/link-outside-project', 'key.mdx'],
      ['load/link-outside-project', 'other'],
      ['load/link-outside-project', 'snippets/pw.mdx'],
    ]);
    // The import of the linked snippet is reported where the page writes it, once.
    expect(r.json.diagnostics.filter((d) => d.code === 'mdx/import-outside-project').map((d) => [d.file, d.line, d.column, d.message])).toEqual([
      ['index.mdx', 5, 20, 'Snippet `snippets/pw.mdx` is a symbolic link to `/etc/passwd`, outside the project folder; it is not read and this import renders nothing.'],
    ]);
    const site = await everything(out);
    const passwd = (await readFile(PASSWD, 'utf8')).split('\n')[0] as string;
    expect(passwd.length).toBeGreaterThan(5);
    expect(site).not.toContain(passwd);
    expect(site).not.toContain('SIGNING-KEY-4f1c9a');
    expect(site).not.toContain('OTHER-ORG-PRIVATE-PAGE');
    expect(site).not.toContain('Other Org Private Docs');
    expect(existsSync(path.join(out, 'other'))).toBe(false);
    // Links inside the project work as before: the linked page and the linked snippet render.
    expect(await readFile(path.join(out, 'linked', 'index.html'), 'utf8')).toContain('A page reached through a link inside the project.');
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toContain('A snippet reached <strong>through a link inside</strong> the project.');
  });

  it('sheaf check reports the same three links', () => {
    const r = sheaf('check', docs);
    expect(r.json.diagnostics.filter((d) => d.code === 'load/link-outside-project').map((d) => d.file)).toEqual(['key.mdx', 'other', 'snippets/pw.mdx']);
  });

  it('with --allow-outside, links into that folder are read (a monorepo), the others are still refused', async () => {
    const out = path.join(tmp, 'attack-allowed');
    const r = sheaf('build', docs, '-o', out, '--no-cache', '--allow-outside', data, '--allow-outside', otherOrg);
    expect(r.json.diagnostics.filter((d) => d.code === 'load/link-outside-project').map((d) => d.file)).toEqual(['snippets/pw.mdx']);
    expect(await readFile(path.join(out, 'key', 'index.html'), 'utf8')).toContain('SIGNING-KEY-4f1c9a');
    expect(await readFile(path.join(out, 'other', 'private.mdx'), 'utf8').catch(() => 'not copied')).toBe('not copied');
  });

  it('refuses an --allow-outside that is not a folder (exit 2)', () => {
    const r = spawnSync(process.execPath, [CLI, 'check', docs, '--allow-outside', path.join(tmp, 'nowhere')], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`\`${path.join(tmp, 'nowhere')}\` is not a folder.`);
  });
});

describe('a FIFO inside a project', () => {
  it('ends sheaf build and sheaf check with one diagnostic, never waiting on it', async () => {
    const docs = path.join(tmp, 'fifo');
    await mkdir(docs, { recursive: true });
    await writeFile(path.join(docs, 'docs.json'), docsJson(['index']));
    await writeFile(path.join(docs, 'index.mdx'), '# Home\n');
    // Page-like and OpenAPI-like names: both would be opened by the build if listed.
    execFileSync('mkfifo', [path.join(docs, 'notes.mdx')]);
    for (const args of [['build', docs, '--no-cache'], ['check', docs]]) {
      const r = sheaf(...args);
      expect(loud(r.json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
        ['load/not-a-regular-file', 'notes.mdx', '`notes.mdx` is a FIFO (named pipe), not a regular file; it is never opened.'],
      ]);
    }
    await rm(path.join(docs, 'notes.mdx'));
    execFileSync('mkfifo', [path.join(docs, 'openapi.json')]);
    expect(loud(sheaf('check', docs).json.diagnostics).map((d) => [d.code, d.file])).toEqual([['load/not-a-regular-file', 'openapi.json']]);
  });
});

describe('byte caps, just under and just over', () => {
  const project = async (name: string, files: Record<string, string>, pages: readonly string[] = ['index']) => {
    const docs = path.join(tmp, 'caps', name);
    await mkdir(docs, { recursive: true });
    await writeFile(path.join(docs, 'docs.json'), docsJson(pages));
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(docs, file), text);
    return docs;
  };
  /** MDX text of exactly `bytes` bytes. */
  const page = (bytes: number) => `# Big\n\n${'x'.repeat(bytes - 8)}\n`;

  it('a page of exactly --max-page-bytes builds; one byte more is one diagnostic naming the file and the limit', async () => {
    const under = await project('page-under', { 'index.mdx': page(2000) });
    expect((await readFile(path.join(under, 'index.mdx'))).length).toBe(2000);
    const ok = sheaf('build', under, '--no-cache', '--max-page-bytes', '2000');
    expect([ok.code, loud(ok.json.diagnostics)]).toEqual([0, []]);
    const over = await project('page-over', { 'index.mdx': page(2001) });
    const r = sheaf('build', over, '--no-cache', '--max-page-bytes', '2000');
    expect(r.code).toBe(1);
    expect(loud(r.json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/file-too-large', 'index.mdx', '`index.mdx` is 2,001 bytes, over the limit of 2,000 bytes for pages; it is not read.'],
    ]);
  });

  it('a page over the default 5 MB is one diagnostic, without being read', async () => {
    const over = await project('page-default', { 'index.mdx': '# Big\n' });
    await truncate(path.join(over, 'index.mdx'), 5 * MB + 1);
    const r = sheaf('build', over, '--no-cache');
    expect(loud(r.json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/file-too-large', 'index.mdx', `\`index.mdx\` is ${(5 * MB + 1).toLocaleString('en-US')} bytes, over the limit of 5 MB for pages; it is not read.`],
    ]);
  });

  it('a snippet over the cap renders nothing in its place, with one diagnostic', async () => {
    const docs = await project('snippet-over', { 'index.mdx': "import Big from '/snippets/big.mdx'\n\n# Home\n\n<Big />\n" });
    await mkdir(path.join(docs, 'snippets'));
    await writeFile(path.join(docs, 'snippets', 'big.mdx'), page(2001));
    const r = sheaf('build', docs, '--no-cache', '--max-page-bytes', '2000');
    expect(loud(r.json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/file-too-large', 'snippets/big.mdx', '`snippets/big.mdx` is 2,001 bytes, over the limit of 2,000 bytes for snippets; it is not read.'],
    ]);
  });

  it('docs.json of exactly --max-config-bytes builds; one byte more is one diagnostic; over the default 10 MB too', async () => {
    const docs = await project('config', { 'index.mdx': '# Home\n' });
    const text = docsJson(['index']);
    await writeFile(path.join(docs, 'docs.json'), text.padEnd(4000, ' '));
    expect(loud(sheaf('check', docs, '--max-config-bytes', '4000').json.diagnostics)).toEqual([]);
    await writeFile(path.join(docs, 'docs.json'), text.padEnd(4001, ' '));
    expect(loud(sheaf('check', docs, '--max-config-bytes', '4000').json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/file-too-large', 'docs.json', '`docs.json` is 4,001 bytes, over the limit of 4,000 bytes for configuration files; it is not read.'],
    ]);
    await writeFile(path.join(docs, 'docs.json'), text);
    await truncate(path.join(docs, 'docs.json'), 10 * MB + 1);
    expect(loud(sheaf('check', docs).json.diagnostics).map((d) => [d.code, d.file])).toEqual([['load/file-too-large', 'docs.json']]);
  });

  it('a docs.json $ref include over the cap, or linked out of the project, is one diagnostic', async () => {
    const docs = await project('config-ref', { 'index.mdx': '# Home\n' });
    await writeFile(path.join(docs, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { $ref: 'nav.json' } }));
    await writeFile(path.join(docs, 'nav.json'), JSON.stringify({ pages: ['index'] }).padEnd(3000, ' '));
    expect(loud(sheaf('check', docs, '--max-config-bytes', '3000').json.diagnostics)).toEqual([]);
    expect(loud(sheaf('check', docs, '--max-config-bytes', '2999').json.diagnostics).map((d) => [d.code, d.file])).toEqual([['load/file-too-large', 'nav.json']]);
    await writeFile(path.join(tmp, 'caps', 'outside-nav.json'), JSON.stringify({ pages: ['index'] }));
    await rm(path.join(docs, 'nav.json'));
    await symlink('../outside-nav.json', path.join(docs, 'nav.json'));
    expect(loud(sheaf('check', docs).json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/link-outside-project', 'nav.json', '`nav.json` is a symbolic link to `../outside-nav.json`, outside the project folder; it is neither read nor copied.'],
    ]);
  });

  it('an OpenAPI document of exactly --max-openapi-bytes builds its pages; one byte more is one diagnostic; over the default 100 MB too', async () => {
    const spec = JSON.stringify({ openapi: '3.0.3', info: { title: 'API', version: '1' }, paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'ok' } } } } } });
    const docs = path.join(tmp, 'caps', 'openapi');
    await mkdir(docs, { recursive: true });
    await writeFile(path.join(docs, 'index.mdx'), '# Home\n');
    await writeFile(path.join(docs, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Home', pages: ['index'] }, { group: 'API', openapi: 'api.json' }] } }));
    await writeFile(path.join(docs, 'api.json'), spec.padEnd(2500, ' '));
    const ok = sheaf('check', docs, '--max-openapi-bytes', '2500');
    expect(loud(ok.json.diagnostics)).toEqual([]);
    const over = sheaf('check', docs, '--max-openapi-bytes', '2499');
    expect(loud(over.json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/file-too-large', 'api.json', '`api.json` is 2,500 bytes, over the limit of 2,499 bytes for OpenAPI documents; it is not read.'],
    ]);
    // A discovered document (named nowhere) over the default: its first bytes say it is OpenAPI.
    await writeFile(path.join(docs, 'docs.json'), docsJson(['index']));
    await writeFile(path.join(docs, 'huge.json'), '{"openapi": "3.0.3", "info": {"title": "Huge", "version": "1"}, "paths": {');
    await truncate(path.join(docs, 'huge.json'), 100 * MB + 1);
    expect(loud(sheaf('check', docs).json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/file-too-large', 'huge.json', `\`huge.json\` is ${(100 * MB + 1).toLocaleString('en-US')} bytes, over the limit of 100 MB for OpenAPI documents; it is not read.`],
    ]);
  });

  it('refuses a size that is not one (exit 2)', () => {
    const r = spawnSync(process.execPath, [CLI, 'build', tmp, '--max-page-bytes', 'lots'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('`lots` is not a size');
  });
});

describe('JSX snippets: esbuild resolves relative imports, Sheaf reads them', () => {
  it('an import that resolves through a link out is not read; one through a link inside is', async () => {
    const docs = path.join(tmp, 'jsx');
    await mkdir(path.join(docs, 'snippets', 'lib'), { recursive: true });
    await writeFile(path.join(tmp, 'leak.js'), "export const leaked = 'LEAK-JS-77';\n");
    await writeFile(path.join(docs, 'docs.json'), docsJson(['index']));
    await writeFile(path.join(docs, 'index.mdx'), "import { Widget } from '/snippets/widget.jsx'\n\n# Home\n\n<Widget />\n");
    await writeFile(path.join(docs, 'snippets', 'lib', 'real.js'), "export const label = 'INSIDE-LABEL';\n");
    await symlink('lib/real.js', path.join(docs, 'snippets', 'label.js'));
    await symlink('../../leak.js', path.join(docs, 'snippets', 'leak.js'));
    await writeFile(
      path.join(docs, 'snippets', 'widget.jsx'),
      "import { leaked } from './leak.js';\nimport { label } from './label.js';\n\nexport const Widget = () => <p>{label} {String(leaked)}</p>;\n",
    );
    const out = path.join(tmp, 'jsx-site');
    const r = sheaf('build', docs, '-o', out, '--no-cache', '--site-url', 'https://docs.acme.test');
    expect(loud(r.json.diagnostics).map((d) => [d.code, d.file, d.line, d.message])).toEqual([
      ['load/link-outside-project', 'snippets/leak.js', undefined, '`snippets/leak.js` is a symbolic link to `../../leak.js`, outside the project folder; it is neither read nor copied.'],
      ['mdx/import-outside-project', 'snippets/widget.jsx', 1, 'Import `./leak.js` resolves through the symbolic link `snippets/leak.js` → `../../leak.js`, outside the project folder; it is not read.'],
    ]);
    expect(r.json.diagnostics.find((d) => d.code === 'mdx/import-outside-project')?.column).toBe(24);
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(html).toContain('INSIDE-LABEL');
    expect(await everything(out)).not.toContain('LEAK-JS-77');
  });
});

describe('a symlink diamond (two links to the next folder at each level)', () => {
  it('sheaf check on 19 empty folders and 36 links ends at once (it ran past 120 s), nothing reported', { timeout: 20_000 }, async () => {
    const docs = path.join(tmp, 'diamond-empty');
    await mkdir(docs, { recursive: true });
    await writeFile(path.join(docs, 'docs.json'), docsJson(['index']));
    await writeFile(path.join(docs, 'index.mdx'), '# Home\n');
    expect(await makeDiamond(docs, 19)).toBe(36);
    const r = sheaf('check', docs);
    expect([r.code, r.json.ok, loud(r.json.diagnostics)]).toEqual([0, true, []]);
  });

  it('sheaf build with a page at the bottom builds it at its own path and at the first chain of links, nothing else', { timeout: 20_000 }, async () => {
    const docs = path.join(tmp, 'diamond-page');
    await mkdir(docs, { recursive: true });
    const chain = diamondWalk(19).lastFolders[0];
    await writeFile(path.join(docs, 'docs.json'), docsJson(['index', `${level(18)}/deep`, `${chain}/deep`]));
    await writeFile(path.join(docs, 'index.mdx'), '# Home\n');
    await makeDiamond(docs, 19, { name: 'deep.mdx', text: '---\ntitle: Deep\n---\n\nAt the bottom.\n' });
    const out = path.join(tmp, 'diamond-page-site');
    const r = sheaf('build', docs, '-o', out, '--no-cache', '--site-url', 'https://docs.acme.test');
    expect([r.code, loud(r.json.diagnostics)]).toEqual([0, []]);
    const pages = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('index.html')).sort();
    expect(pages).toEqual([`${chain}/deep/index.html`, `${level(18)}/deep/index.html`, 'index.html']);
  });
});

describe('links out reached as an OpenAPI $ref, custom CSS and an image', () => {
  let outside: string;
  beforeAll(async () => {
    outside = path.join(tmp, 'reach-outside');
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'pet.json'), JSON.stringify({ type: 'object', description: 'OUTSIDE-SCHEMA-5150', properties: { id: { type: 'integer' } } }));
    await writeFile(path.join(outside, 'style.css'), '.outside-css-6161 { color: red; }\n');
    await writeFile(path.join(outside, 'logo.png'), 'OUTSIDE-PNG-7272');
  });
  const project = async (name: string, pages: readonly string[], extra: Record<string, unknown> = {}) => {
    const docs = path.join(tmp, 'reach', name);
    await mkdir(docs, { recursive: true });
    await writeFile(path.join(docs, 'docs.json'), docsJson(pages, extra));
    await writeFile(path.join(docs, 'index.mdx'), '# Home\n');
    return docs;
  };

  it('an external $ref of an OpenAPI document through a link out: the link and the $ref reported, the schema not read', async () => {
    const docs = await project('openapi', ['index']);
    const spec = { openapi: '3.0.3', info: { title: 'API', version: '1' }, paths: { '/pets': { get: { summary: 'Pets', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: 'pet.json' } } } } } } } } };
    await writeFile(path.join(docs, 'api.json'), JSON.stringify(spec));
    await symlink('../../reach-outside/pet.json', path.join(docs, 'pet.json'));
    await writeFile(path.join(docs, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Home', pages: ['index'] }, { group: 'API', openapi: 'api.json' }] } }));
    const out = path.join(tmp, 'reach-openapi-site');
    const r = sheaf('build', docs, '-o', out, '--no-cache');
    // The link once, and the `$ref` where the document writes it, naming the link as its reason.
    expect(loud(r.json.diagnostics).map((d) => [d.code, d.file, d.line, d.message])).toEqual([
      ['openapi/ref-not-found', 'api.json', 1, '`$ref` `pet.json` cannot be resolved: `pet.json` could not be read: `pet.json` is a symbolic link to `../../reach-outside/pet.json`, outside the project folder.'],
      ['load/link-outside-project', 'pet.json', undefined, '`pet.json` is a symbolic link to `../../reach-outside/pet.json`, outside the project folder; it is neither read nor copied.'],
    ]);
    expect(await everything(out)).not.toContain('OUTSIDE-SCHEMA-5150');
    expect(existsSync(path.join(out, 'pet.json'))).toBe(false);
  });

  it('custom CSS through a link out: one diagnostic, not bundled', async () => {
    const docs = await project('css', ['index']);
    await symlink('../../reach-outside/style.css', path.join(docs, 'style.css'));
    const out = path.join(tmp, 'reach-css-site');
    const r = sheaf('build', docs, '-o', out, '--no-cache');
    expect(loud(r.json.diagnostics).map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/link-outside-project', 'style.css', '`style.css` is a symbolic link to `../../reach-outside/style.css`, outside the project folder; it is neither read nor copied.'],
    ]);
    expect(await everything(out)).not.toContain('outside-css-6161');
    expect(existsSync(path.join(out, 'style.css'))).toBe(false);
  });

  it('an image through a link out: one diagnostic for the link, one for the page that shows it, nothing copied', async () => {
    const docs = await project('image', ['index']);
    await writeFile(path.join(docs, 'index.mdx'), '# Home\n\n![Logo](/images/logo.png)\n');
    await mkdir(path.join(docs, 'images'));
    await symlink('../../../reach-outside/logo.png', path.join(docs, 'images', 'logo.png'));
    const out = path.join(tmp, 'reach-image-site');
    const r = sheaf('build', docs, '-o', out, '--no-cache');
    expect(loud(r.json.diagnostics).map((d) => [d.code, d.file, d.line])).toEqual([
      ['load/link-outside-project', 'images/logo.png', undefined],
      ['build/missing-asset', 'index.mdx', 3],
    ]);
    expect(await everything(out)).not.toContain('OUTSIDE-PNG-7272');
    expect(existsSync(path.join(out, 'images', 'logo.png'))).toBe(false);
  });
});
