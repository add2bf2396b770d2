import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/load/load-project.js';

/**
 * docs.json `styling.codeblocks.languages.custom`: TextMate grammars read by the load stage
 * through the project reader, inside the project folder only.
 */

const GRAMMAR = { name: 'SheafLang', scopeName: 'source.sheaflang', aliases: ['SL'], patterns: [{ match: '\\bshout\\b', name: 'keyword.control.sheaflang' }] };
let tmp: string;

/** A project with `custom` as the grammar list and `files` written beside docs.json. */
async function project(name: string, custom: unknown[], files: Record<string, string> = {}): Promise<string> {
  const root = path.join(tmp, name);
  await mkdir(path.join(root, 'languages'), { recursive: true });
  const docs = { theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] }, styling: { codeblocks: { theme: 'dracula', languages: { custom } } } };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  await writeFile(path.join(root, 'index.mdx'), '# Hi\n');
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(root, file), text);
  return root;
}

const codes = (ds: readonly { code: string; file?: string; pointer?: string }[]) => ds.map((d) => [d.code, d.file, d.pointer]);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-custom-lang-'));
  await writeFile(path.join(tmp, 'outside.json'), JSON.stringify(GRAMMAR));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('loadCustomLanguages through loadProject', () => {
  it('reads a grammar named from the project root (leading slash or not): id and aliases lowercased, no diagnostic', async () => {
    const root = await project('good', ['/languages/sheaf.json', 'languages/other.tmLanguage.json'], {
      'languages/sheaf.json': JSON.stringify(GRAMMAR),
      'languages/other.tmLanguage.json': JSON.stringify({ scopeName: 'source.other', patterns: [] }),
    });
    const loaded = await loadProject(root);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.output?.codeLanguages?.map((l) => [l.file, l.id, l.aliases])).toEqual([
      ['languages/sheaf.json', 'sheaflang', ['sl']],
      ['languages/other.tmLanguage.json', 'other', []],
    ]);
    expect(JSON.parse(loaded.output?.codeLanguages?.[0]?.grammar ?? '{}')).toEqual({ ...GRAMMAR, name: 'sheaflang', aliases: ['sl'] });
  });

  it('a project without the setting reads none', async () => {
    const root = await project('none', []);
    const loaded = await loadProject(root);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.output?.codeLanguages).toBeUndefined();
  });

  it('missing, outside the folder, not JSON, not a grammar, named twice: each a load/custom-language warning, the build goes on', async () => {
    const root = await project('bad', ['languages/missing.json', '../outside.json', 'languages/broken.json', 'languages/array.json', 'languages/no-patterns.json', 'languages/a.json', 'languages/b.json'], {
      'languages/broken.json': '{ "name": ',
      'languages/array.json': '[]',
      'languages/no-patterns.json': JSON.stringify({ name: 'x', scopeName: 'source.x' }),
      'languages/a.json': JSON.stringify(GRAMMAR),
      'languages/b.json': JSON.stringify(GRAMMAR),
    });
    const loaded = await loadProject(root);
    expect(codes(loaded.diagnostics)).toEqual([
      ['load/custom-language', 'docs.json', '/styling/codeblocks/languages/custom/0'],
      ['load/custom-language', 'docs.json', '/styling/codeblocks/languages/custom/1'],
      ['load/custom-language', 'languages/broken.json', undefined],
      ['load/custom-language', 'languages/array.json', ''],
      ['load/custom-language', 'languages/no-patterns.json', ''],
      ['load/custom-language', 'languages/b.json', ''],
    ]);
    expect(loaded.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(loaded.diagnostics.map((d) => d.message)).toEqual([
      '`languages/missing.json`, named in `styling.codeblocks.languages.custom`, does not exist; code in that language is shown without colours.',
      '`../outside.json` in `styling.codeblocks.languages.custom` lies outside the project folder; it is not read, and code in that language is shown without colours.',
      expect.stringMatching(/^`languages\/broken\.json` is not valid JSON \(.+\); code in that language is shown without colours\.$/),
      '`languages/array.json` is not a TextMate grammar: its top level is not an object; code in that language is shown without colours.',
      '`languages/no-patterns.json` is not a TextMate grammar: it has no `patterns` list; code in that language is shown without colours.',
      '`languages/b.json` names the language `sheaflang`, as `languages/a.json` does; the first grammar is used.',
    ]);
    expect(loaded.output?.codeLanguages?.map((l) => l.file)).toEqual(['languages/a.json']);
  });

  it('a symbolic link leading out of the project is refused, never read', async () => {
    const root = await project('link', ['languages/linked.json']);
    await symlink(path.join(tmp, 'outside.json'), path.join(root, 'languages/linked.json'));
    const loaded = await loadProject(root);
    expect(codes(loaded.diagnostics)).toEqual([['load/link-outside-project', 'languages/linked.json', undefined]]);
    expect(loaded.output?.codeLanguages).toEqual([]);
  });
});
