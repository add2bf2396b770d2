import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `sheaf build` with its cache (the default) is incremental: the second build into the same folder
 * renders only what changed and writes only files whose bytes change (output-state.ts). Each step
 * here changes the example project as an author would, builds it incrementally into one folder and
 * from nothing (`--no-cache`) into another, and compares the two folders: the same files, the same
 * bytes. The process as a user starts it: `node bin/sheaf.js`.
 */
function build(project: string, out: string, ...flags: string[]): { code: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', out, ...flags], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stderr: r.stderr };
}

/** Every file under `dir`: its bytes and modification time, by `/`-separated relative path. */
function snapshot(dir: string): Map<string, { bytes: Buffer; mtimeMs: number }> {
  const files = new Map<string, { bytes: Buffer; mtimeMs: number }>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full).split(path.sep).join('/'), { bytes: readFileSync(full), mtimeMs: statSync(full).mtimeMs });
  }
  return files;
}

/** The paths whose bytes differ between two snapshots, and the paths only one has. */
function differences(a: ReturnType<typeof snapshot>, b: ReturnType<typeof snapshot>): string[] {
  const out: string[] = [];
  for (const [file, x] of a) if (!b.has(file)) out.push(`only incremental: ${file}`);
  else if (!x.bytes.equals(b.get(file)?.bytes ?? Buffer.alloc(0))) out.push(`differs: ${file}`);
  for (const file of b.keys()) if (!a.has(file)) out.push(`only cold: ${file}`);
  return out;
}

/** The problems a build printed, without its timing line. */
const problems = (stderr: string): string => stderr.split('\n').filter((l) => !/pages\/s|^Built /.test(l.trim())).join('\n');

describe('sheaf build, incremental', () => {
  let work: string;
  let project: string;
  let out: string;
  let cold: string;
  /** What the last incremental build left, to tell which files a step wrote again. */
  let before: ReturnType<typeof snapshot>;
  /** The pages the last incremental build rendered (not taken from the last build or the cache). */
  let rendered = -1;

  /** Builds incrementally and from nothing, and returns the files the incremental build wrote (bytes or time changed). */
  function step(...flags: string[]): string[] {
    const incremental = build(project, out, ...flags);
    const counts = /Built (\d+) pages \((\d+) from cache\)/.exec(incremental.stderr);
    rendered = counts ? Number(counts[1]) - Number(counts[2]) : -1;
    rmSync(cold, { recursive: true, force: true });
    const full = build(project, cold, '--no-cache', ...flags);
    expect(incremental.code).toBe(full.code);
    expect(problems(incremental.stderr)).toBe(problems(full.stderr));
    const now = snapshot(out);
    expect(differences(now, snapshot(cold))).toEqual([]);
    const written = [...now].filter(([file, f]) => before.get(file)?.mtimeMs !== f.mtimeMs).map(([file]) => file).sort();
    before = now;
    return written;
  }

  const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(project, file), change(readFileSync(path.join(project, file), 'utf8')));

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'sheaf-incremental-'));
    project = path.join(work, 'project');
    out = path.join(work, 'out');
    cold = path.join(work, 'cold');
    cpSync(path.join(REPO, 'fixtures/example'), project, { recursive: true });
    const first = build(project, out);
    expect(first.code).toBe(0);
    before = snapshot(out);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('nothing changed: every page from the last build, no file written again', () => {
    const r = build(project, out);
    expect(r.code).toBe(0);
    const pages = /Built (\d+) pages \((\d+) from cache\)/.exec(r.stderr);
    expect(pages?.[1]).toBe(pages?.[2]);
    const now = snapshot(out);
    expect([...now].filter(([file, f]) => before.get(file)?.mtimeMs !== f.mtimeMs).map(([f]) => f)).toEqual([]);
    before = now;
  });

  it('an edited page: its HTML and Markdown copy, the search index and llms-full.txt are written again, nothing else', () => {
    edit('guides/notes.mdx', (t) => `${t}\nA paragraph added while editing.\n`);
    expect(step()).toEqual(['_sheaf/search-index.js', '_sheaf/search-records.json', 'guides/notes.md', 'guides/notes/index.html', 'llms-full.txt']);
    expect(rendered).toBe(1);
  });

  it('an edited snippet: the page importing it changes', () => {
    edit('snippets/api-key.mdx', (t) => t.replace('Keep it secret', 'Keep it safe'));
    const written = step();
    expect(written).toContain('quickstart/index.html');
    expect(readFileSync(path.join(out, 'quickstart/index.html'), 'utf8')).toContain('Keep it safe');
  });

  it('a page imported by another page: the importing page changes with it', () => {
    mkdirSync(path.join(project, 'components'), { recursive: true });
    writeFileSync(path.join(project, 'components/notice.mdx'), 'Notes sync every minute.\n');
    edit('guides/notes.mdx', (t) => t.replace(/^(---\n[\s\S]*?\n---\n)/, "$1import Notice from '/components/notice.mdx';\n\n<Notice />\n"));
    step();
    edit('components/notice.mdx', () => 'Notes sync every second.\n');
    const written = step();
    expect(written).toContain('guides/notes/index.html');
    expect(readFileSync(path.join(out, 'guides/notes/index.html'), 'utf8')).toContain('every second');
  });

  it('an image replaced by one of the same size: copied again', () => {
    mkdirSync(path.join(project, 'images'), { recursive: true });
    writeFileSync(path.join(project, 'images/diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10" fill="red"/></svg>');
    edit('quickstart.mdx', (t) => `${t}\n![Diagram](/images/diagram.svg)\n`);
    step();
    writeFileSync(path.join(project, 'images/diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10" fill="tan"/></svg>');
    const written = step();
    expect(written).toContain('images/diagram.svg');
    expect(readFileSync(path.join(out, 'images/diagram.svg'), 'utf8')).toContain('tan');
  });

  it('a new --site-url: the pages that name it are written again', () => {
    const written = step('--site-url', 'https://docs.acme.test/');
    expect(written).toEqual(expect.arrayContaining(['index.html', 'sitemap.xml']));
    step();
  });

  it("an operation's new summary: the page moves to its new route and the old one is gone", () => {
    edit('api-reference/openapi.yaml', (t) => t.replace('summary: List notebooks', 'summary: List all notebooks'));
    step();
    expect(readdirSync(path.join(out, 'api-reference/notebooks'))).toContain('list-all-notebooks');
    expect(readdirSync(path.join(out, 'api-reference/notebooks'))).not.toContain('list-notebooks');
  });

  it('a shared schema edited: the operations using it are written again, the others are not', () => {
    edit('api-reference/openapi.yaml', (t) => t.replace('        name: { type: string }', '        name: { type: string, description: The name shown in the sidebar. }'));
    const written = step();
    expect(written).toContain('api-reference/notebooks/list-all-notebooks/index.html');
    expect(written).not.toContain('api-reference/notes/get-a-note/index.html');
    expect(written).not.toContain('index.html');
  });

  it('a page removed from the project and the navigation: its files are removed', () => {
    rmSync(path.join(project, 'guides/components.mdx'));
    edit('docs.json', (t) => t.replace(/,\s*"guides\/components"/, ''));
    step();
    expect(statSync(path.join(out, 'guides/components'), { throwIfNoEntry: false })).toBeUndefined();
    expect(statSync(path.join(out, 'guides/components.md'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('a page added: it is written, and every page shows it in the sidebar', () => {
    writeFileSync(path.join(project, 'guides/sharing.mdx'), '---\ntitle: Sharing notes\n---\n\nShare a note with a link.\n');
    edit('docs.json', (t) => t.replace('"guides/authentication"', '"guides/authentication",\n              "guides/sharing"'));
    const written = step();
    expect(written).toContain('guides/sharing/index.html');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('Sharing notes');
  });

  it("a page's title changed in its frontmatter: every page shows it in the sidebar", () => {
    edit('guides/authentication.mdx', (t) => t.replace(/^title: .*$/m, 'title: Signing in'));
    const written = step();
    expect(written).toEqual(expect.arrayContaining(['index.html', 'quickstart/index.html', 'guides/authentication/index.html']));
    expect(readFileSync(path.join(out, 'quickstart/index.html'), 'utf8')).toContain('Signing in');
  });

  it('new colours in docs.json: every page is written again', () => {
    edit('docs.json', (t) => t.replace('"primary": "#0D9373"', '"primary": "#2563EB"'));
    const written = step();
    expect(written).toEqual(expect.arrayContaining(['index.html', 'quickstart/index.html', 'guides/sharing/index.html']));
  });

  it('a link put into the output folder by hand: the folder is emptied first, never written through', () => {
    const outside = path.join(work, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, path.join(out, 'guides-link'));
    step();
    expect(readdirSync(outside)).toEqual([]);
    expect(statSync(path.join(out, 'guides-link'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('files changed or added in the output folder by hand are put back as a build from nothing has them', () => {
    writeFileSync(path.join(out, 'quickstart/index.html'), 'edited by hand');
    writeFileSync(path.join(out, 'stray.html'), 'put here by hand');
    rmSync(path.join(out, 'guides/notes.md'));
    const written = step();
    expect(written).toEqual(expect.arrayContaining(['guides/notes.md', 'quickstart/index.html']));
    expect(statSync(path.join(out, 'stray.html'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('a page with an MDX error: reported by every build while it is broken, as a build from nothing reports it', () => {
    edit('guides/notes.mdx', (t) => `${t}\n<Note>never closed\n`);
    step();
    const again = build(project, out);
    expect(again.stderr).toContain('guides/notes.mdx');
    expect(problems(again.stderr)).toBe(problems(build(project, cold, '--no-cache').stderr));
  });
});
