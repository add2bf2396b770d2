import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { check } from '../../src/api/check.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { sheaf } from '../cli/run-sheaf.js';
import { writeFiles } from '../write-files.js';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-check-mdx-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Writes `files` (project-relative path → text) under a new folder and returns it. */
function project(name: string, files: Record<string, string>): Promise<string> {
  return writeFiles(path.join(tmp, name), files);
}

const docs = (pages: string[]) => JSON.stringify({ name: 'T', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages } });
const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}`;
const brief = (d: Diagnostic) => [d.code, d.severity, d.file, d.line, d.column, d.message];

const UNCLOSED = ['mdx/syntax', 'error', 'card.mdx', 5, 1, 'MDX syntax error: Expected a closing tag for `<Card>` (5:1-5:17)'];
const STRAY = [
  'mdx/expression-failed',
  'warning',
  'stray.mdx',
  5,
  11,
  'The expression `{ID}` reads `ID`, which nothing defines; it is shown as written and the rest of the page renders.',
];

describe('sheaf check compiles every MDX page as build does', () => {
  let root: string;
  beforeAll(async () => {
    root = await project('both', {
      'docs.json': docs(['index', 'card', 'stray']),
      'index.mdx': page('Home', 'Hi\n'),
      'card.mdx': page('Card', '<Card title="A">\n\nText\n'),
      'stray.mdx': page('Stray', 'The id is {ID} here.\n\n<Note>kept</Note>\n'),
    });
  });

  it('reports an unclosed <Card> and a stray {ID} (check used to pass both)', async () => {
    const result = await check({ root, cacheDir: false });
    expect(result.diagnostics.map(brief)).toEqual([UNCLOSED, STRAY]);
    expect([result.errorCount, result.warningCount]).toEqual([1, 1]);
  });

  it('reports what build reports about the pages, diagnostic for diagnostic', async () => {
    const checked = await check({ root, cacheDir: false });
    const built = await build({ root, outDir: path.join(tmp, 'both-out'), cacheDir: false });
    const aboutPages = built.diagnostics.filter((d) => d.file?.endsWith('.mdx'));
    expect(aboutPages).toEqual(checked.diagnostics);
    // Build adds only what needs the written site or its options.
    expect(built.diagnostics.filter((d) => !d.file?.endsWith('.mdx')).map((d) => d.code)).toEqual(['build/no-site-url']);
  });

  it('exits as build does: 1 on the syntax error', async () => {
    const c = await sheaf(['check', root, '--no-cache']);
    const b = await sheaf(['build', root, '-o', path.join(tmp, 'both-cli-out'), '--no-cache']);
    expect([c.code, b.code]).toEqual([1, 1]);
    expect(c.stderr).toContain('card.mdx:5:1  error  MDX syntax error: Expected a closing tag for `<Card>` (5:1-5:17)  [mdx/syntax]');
    expect(c.stderr).toContain('stray.mdx:5:11  warning  The expression `{ID}` reads `ID`');
    expect(c.stderr).toContain('3 pages; 1 error, 1 warning');
  });

  it('exits as build does on a warning only: 0, and 1 with --strict', async () => {
    const only = await project('stray-only', { 'docs.json': docs(['stray']), 'stray.mdx': page('Stray', 'The id is {ID} here.\n') });
    const codes = async (...flags: string[]) => [
      (await sheaf(['check', only, '--no-cache', ...flags])).code,
      // With --site-url, so that the build's own warning about it (build/no-site-url) does not decide --strict.
      (await sheaf(['build', only, '-o', path.join(tmp, `stray-out${flags.length}`), '--no-cache', '--site-url', 'https://docs.example.com/', ...flags])).code,
    ];
    expect(await codes()).toEqual([0, 0]);
    expect(await codes('--strict')).toEqual([1, 1]);
  });

  it('shares the body cache with build: a second check renders nothing again and reports the same', async () => {
    const cacheDir = path.join(tmp, 'shared-cache');
    const first = await check({ root, cacheDir });
    // Bodies with an error are never cached (the next run must report them again): 2 of 3.
    const cached = (await readdir(cacheDir, { recursive: true })).filter((f) => f.endsWith('.json'));
    expect(cached).toHaveLength(2);
    const second = await check({ root, cacheDir });
    expect(second.diagnostics).toEqual(first.diagnostics);
    const built = await build({ root, outDir: path.join(tmp, 'cached-out'), cacheDir });
    expect(built.stats?.cachedPages).toBe(2);
    expect(built.diagnostics.filter((d) => d.file?.endsWith('.mdx'))).toEqual(first.diagnostics);
  });

  it('reports nothing on clean pages, with workers as with none', async () => {
    const clean = await project('clean', {
      'docs.json': docs(['index', 'other']),
      'index.mdx': page('Home', 'Hi {1 + 1}\n\n<Card title="A">Text</Card>\n'),
      'other.mdx': page('Other', 'export const ID = 4;\n\nThe id is {ID}.\n'),
    });
    expect((await check({ root: clean, cacheDir: false })).diagnostics).toEqual([]);
    expect((await check({ root: clean, cacheDir: false, workers: 0 })).diagnostics).toEqual([]);
  });

  it('a check of a project whose cache folder cannot be written still reports (the cache is only a speed-up)', async () => {
    const blocked = path.join(tmp, 'blocked-cache');
    await writeFile(blocked, 'a file where the cache folder would be');
    const result = await check({ root, cacheDir: blocked });
    expect(result.diagnostics.map(brief)).toEqual([UNCLOSED, STRAY]);
  });
});
