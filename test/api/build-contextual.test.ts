import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { offlineOptions } from '../../src/api/contextual-diagnostics.js';
import { clientBundle } from '../client/client-bundle.js';
import { writeFiles } from '../write-files.js';
import { siteFiles, siteScript, siteStyles } from '../site-files.js';

/**
 * docs.json `contextual` and `metadata.timestamp` through `sheaf build`: the menu's script and
 * styles only on sites that have it, what each deployment leaves out (and says so), and
 * last-modified dates from a git checkout that leave two builds of one commit byte-identical.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/contextual-menu');
const PLAIN = path.join(REPO, 'test/fixtures/config-minimal');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-contextual-build-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const options = (html: string, root: string) => [...(/<div[^>]*id="sheaf-contextual-menu"[\s\S]*?<\/div>/.exec(html)?.[0] ?? root).matchAll(/data-option="([^"]+)"/g)].map((m) => m[1]);

describe('building a site with the contextual menu', () => {
  it('gives its pages the menu, and the site the menu’s script and styles', async () => {
    const outDir = path.join(tmp, 'cloud');
    const result = await build({ root: FIXTURE, outDir, cacheDir: false });
    expect(result.errorCount).toBe(0);
    const files = await siteFiles(outDir);
    const index = files.get('index.html') ?? '';
    // The four MCP options, pointing at the site's MCP server (`mcp` beside the site root's pages).
    expect(options(index, '')).toEqual(['copy', 'view', 'chatgpt', 'claude', 'mcp', 'add-mcp', 'cursor', 'vscode', 'custom']);
    expect(index).toContain('data-markdown="index.md" data-mcp="mcp"');
    expect(index).toContain('data-sheaf-contextual-text="npx add-mcp $mcp"');
    // The .md copy the menu copies and views is written beside the page.
    expect(files.get('guide.md')).toContain('Read this guide first.');
    // The guide's own menu, under its table of contents.
    expect(files.get('guide/index.html')).toContain('<nav aria-label="Page actions" data-sheaf-contextual="true" data-markdown="../guide.md" data-mcp="../mcp" class="sheaf-contextual-toc">');
    expect(siteScript(files)).toContain(clientBundle('contextual').trim());
    expect(siteStyles(files)).toContain('.sheaf-contextual-menu {');
  });

  it('says which options it left out and which page override it could not read', async () => {
    const result = await build({ root: FIXTURE, outDir: path.join(tmp, 'diagnostics'), cacheDir: false });
    expect(result.diagnostics.filter((d) => d.code.startsWith('build/contextual') || d.code.startsWith('build/page-contextual') || d.code.startsWith('bundle/contextual'))).toEqual([
      {
        code: 'build/contextual-unavailable',
        severity: 'info',
        message: 'The contextual menu option `assistant` is left out: the site has no Ask AI panel.',
        file: 'docs.json',
        pointer: '/contextual/options/4',
        line: 12,
        column: 7,
        hint: 'Build with `--assistant-url` and `--assistant-key` (not air-gapped) to give the site the Ask AI panel.',
      },
      {
        code: 'build/contextual-mcp-server',
        severity: 'info',
        message: "The contextual menu options `mcp`, `add-mcp`, `cursor`, `vscode` point readers at the site's search MCP server at `<site>/mcp`: `sheaf host` and `sheaf dev` serve it; on a plain static host or CDN nothing answers there.",
        file: 'docs.json',
        pointer: '/contextual/options/5',
        line: 13,
        column: 7,
        hint: 'Serve the site with `sheaf host` (its MCP server is on unless `--no-mcp`), or have your proxy send `/mcp` and `/.well-known/mcp*` to one.',
      },
      {
        code: 'build/contextual-unavailable',
        severity: 'info',
        message: 'The contextual menu option `devin-mcp` is left out: Devin publishes no link that installs an MCP server.',
        file: 'docs.json',
        pointer: '/contextual/options/9',
        line: 17,
        column: 7,
        hint: 'Use `mcp` or `add-mcp`, which give the MCP server URL to paste into Devin.',
      },
      {
        code: 'build/page-contextual-invalid',
        severity: 'warning',
        message: "`contextual` in the frontmatter of `terms.mdx` is not a valid contextual menu (Invalid input: expected array, received string at `options`); the page shows docs.json's menu instead.",
        file: 'terms.mdx',
        line: 3,
        column: 1,
        hint: 'Give `options` as a list of option names (`copy`, `view`, `chatgpt`, …) or custom options `{title, description, href}`, and `display` as `header` or `toc`.',
      },
    ]);
  });

  it('leaves out of an air-gapped bundle every option that needs another host, and says so once per setting', async () => {
    const outDir = path.join(tmp, 'air-gapped');
    const result = await build({ root: FIXTURE, outDir, cacheDir: false, deployment: 'air-gapped' });
    const offline = result.diagnostics.filter((d) => d.code.startsWith('bundle/contextual'));
    expect(offline.map((d) => [d.code, d.severity])).toEqual([
      ['bundle/contextual-offline', 'info'],
      ['bundle/contextual-offline', 'info'],
    ]);
    expect(offline.map((d) => [d.file, d.pointer ?? d.line, d.message])).toEqual([
      ['docs.json', '/contextual/options/2', 'The contextual menu options `chatgpt`, `claude`, `add-mcp`, `Request a feature` are left out: an air-gapped bundle makes no network request, and they open or need another host.'],
      ['guide.mdx', 3, 'The contextual menu option `claude` is left out: an air-gapped bundle makes no network request, and it opens or needs another host.'],
    ]);
    // The hint names what an air-gapped site keeps: the MCP options that need only the site's own host among them.
    expect(offline.map((d) => d.hint)).toEqual(Array(2).fill('Export for `--deployment client-hosted` to keep them; `copy`, `view`, `download-pdf`, `download-spec`, `mcp`, `cursor` and `vscode` work air-gapped.'));
    expect(offlineOptions()).toEqual(['copy', 'view', 'download-pdf', 'download-spec', 'mcp', 'cursor', 'vscode']);
    const files = await siteFiles(outDir);
    expect(options(files.get('index.html') ?? '', '')).toEqual(['copy', 'view', 'mcp', 'cursor', 'vscode']);
    for (const [file, text] of files) {
      if (file.endsWith('.html')) expect(text, file).not.toMatch(/chatgpt\.com|claude\.ai|github\.com\/orgs/);
    }
  });

  it('adds nothing to a site without the menu: no script, no styles, no diagnostics', async () => {
    const outDir = path.join(tmp, 'plain');
    const result = await build({ root: PLAIN, outDir, cacheDir: false });
    expect(result.diagnostics.map((d) => d.code).filter((c) => /contextual|load\/dates|last-updated/.test(c))).toEqual([]);
    const files = await siteFiles(outDir);
    expect(siteScript(files)).not.toContain('data-sheaf-contextual');
    expect(siteStyles(files)).not.toContain('.sheaf-contextual');
    expect([...files].some(([file, text]) => file.endsWith('.html') && text.includes('sheaf-last-modified'))).toBe(false);
  });
});

describe('building with metadata.timestamp from a git checkout', () => {
  /** A checkout of the fixture with timestamps on, committed at fixed dates. */
  async function checkout(): Promise<string> {
    const root = path.join(tmp, 'checkout');
    await cp(FIXTURE, root, { recursive: true });
    const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
    await writeFiles(root, { 'docs.json': JSON.stringify({ ...config, metadata: { timestamp: true } }, null, 2) });
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'Docs', GIT_AUTHOR_EMAIL: 'docs@acme.test', GIT_COMMITTER_NAME: 'Docs', GIT_COMMITTER_EMAIL: 'docs@acme.test' };
    const git = (args: string[], date?: string) => execFileSync('git', args, { cwd: root, env: { ...env, ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}) } });
    git(['init', '-q']);
    git(['add', '.']);
    git(['commit', '-q', '-m', 'docs'], '2025-03-04T10:00:00Z');
    await writeFiles(root, { 'guide.mdx': (await readFile(path.join(root, 'guide.mdx'), 'utf8')).replace('first', 'before anything else') });
    git(['commit', '-q', '-am', 'guide'], '2025-11-20T08:00:00+09:00');
    return root;
  }

  it('shows each page’s last commit date, and builds the same bytes twice', async () => {
    const root = await checkout();
    const first = await build({ root, outDir: path.join(tmp, 'dates-1'), cacheDir: false });
    const second = await build({ root, outDir: path.join(tmp, 'dates-2'), cacheDir: false });
    expect([first.errorCount, second.errorCount]).toEqual([0, 0]);
    const a = await siteFiles(path.join(tmp, 'dates-1'));
    const b = await siteFiles(path.join(tmp, 'dates-2'));
    expect(a.get('index.html')).toContain('<p class="sheaf-last-modified">Last modified on <time datetime="2025-03-04">March 4, 2025</time></p>');
    expect(a.get('guide/index.html')).toContain('<p class="sheaf-last-modified">Last modified on <time datetime="2025-11-19">November 19, 2025</time></p>');
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [file, text] of a) expect(b.get(file), file).toBe(text);
  });
});
