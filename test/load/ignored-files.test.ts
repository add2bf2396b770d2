import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../src/api/check.js';
import { findFiles, MINTLIFY_IGNORES, mintignorePatterns } from '../../src/load/find-files.js';
import { writeFiles } from '../write-files.js';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-ignored-files-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Writes `files` (project-relative path → text) under a new folder and returns it. */
function project(name: string, files: Record<string, string>): Promise<string> {
  return writeFiles(path.join(tmp, name), files);
}

const DOCS = JSON.stringify({ name: 'T', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages: ['index'] } });

describe('files Mintlify ignores', () => {
  it('is exactly the list of the reference (mintIgnore.js DEFAULT_MINT_IGNORES), in its order', () => {
    expect(MINTLIFY_IGNORES).toEqual([
      '.git',
      '.github',
      '.claude',
      '.agents',
      '.idea',
      '.vscode',
      '.cursor',
      '.mintlify/**',
      '!.mintlify/**/',
      '!.mintlify/skills/**',
      '!.mintlify/**/*.json',
      '!.mintlify/**/*.yaml',
      '!.mintlify/**/*.yml',
      'node_modules',
      'README.md',
      'LICENSE.md',
      'CHANGELOG.md',
      'CONTRIBUTING.md',
    ]);
  });

  it('leaves them out at any depth and in any case, keeps what Mintlify keeps', async () => {
    const root = await project('depth', {
      'docs.json': DOCS,
      'index.mdx': '# Home\n',
      'README.md': '# r\n',
      'readme.md.bak': 'kept: not README.md',
      'docs/README.md': '# r\n',
      'guides/readme.md': '# r\n',
      'guides/Readme.mdx': '# kept: .mdx\n',
      'sub/CHANGELOG.md': '# c\n',
      'changelog.mdx': '# kept\n',
      'LICENSE.md': 'l',
      'LICENSE': 'kept: no .md',
      'a/b/CONTRIBUTING.md': 'c',
      'a/node_modules/x/page.mdx': 'x',
      'a/.git/config': 'x',
      '.GitHub/workflows/ci.yml': 'x',
      'x/.vscode/settings.json': '{}',
      '.idea/a.xml': 'x',
      '.claude/a.md': 'x',
      '.agents/a.md': 'x',
      '.cursor/rules.md': 'x',
      '.mintlify/notes.txt': 'ignored',
      '.mintlify/deep/notes.md': 'ignored',
      '.mintlify/deep/spec.json': '{}',
      '.mintlify/deep/spec.yaml': 'a: 1',
      '.mintlify/spec.yml': 'a: 1',
      '.mintlify/skills/tool/skill.md': 'kept',
      'build/page.mdx': '# kept: build is not in the list\n',
      'dist/page.mdx': '# kept\n',
      'tmp/page.mdx': '# kept\n',
    });
    const found = await findFiles(root);
    expect(found.files).toEqual([
      '.mintlify/deep/spec.json',
      '.mintlify/deep/spec.yaml',
      '.mintlify/skills/tool/skill.md',
      '.mintlify/spec.yml',
      'LICENSE',
      'build/page.mdx',
      'changelog.mdx',
      'dist/page.mdx',
      'docs.json',
      'guides/Readme.mdx',
      'index.mdx',
      'readme.md.bak',
      'tmp/page.mdx',
    ]);
    expect(found.diagnostics).toEqual([]);
  });

  it('adds the patterns of the root .mintignore, each line trimmed as Mintlify reads it', async () => {
    expect(mintignorePatterns('  drafts/ \r\n# comment\n\n!drafts/keep.mdx\n*.draft.mdx')).toEqual(['drafts/', '# comment', '', '!drafts/keep.mdx', '*.draft.mdx']);
    const root = await project('mintignore', {
      'docs.json': DOCS,
      'index.mdx': '# Home\n',
      '.mintignore': '  drafts/ \r\n# comment\n*.draft.mdx\nwriting-guides\n',
      'drafts/a.mdx': 'x',
      'guides/b.draft.mdx': 'x',
      'guides/b.mdx': 'x',
      'en/writing-guides/style.mdx': 'x',
      'sub/.mintignore': 'guides/\n',
    });
    expect((await findFiles(root)).files).toEqual(['.mintignore', 'docs.json', 'guides/b.mdx', 'index.mdx', 'sub/.mintignore']);
  });

  it('are no pages: a README.md or CHANGELOG.md in a folder is neither rendered nor listed by check', async () => {
    const root = await project('pages', {
      'docs.json': DOCS,
      'index.mdx': '---\ntitle: Home\n---\nHi\n',
      'README.md': '# Readme\n',
      'sub/CHANGELOG.md': '# Changes\n',
      'sub/CONTRIBUTING.md': '# How to\n',
      'sub/notes.md': '# Notes\n',
    });
    const result = await check({ root, cacheDir: false });
    expect(result.site?.pages.map((p) => p.source).sort()).toEqual(['index.mdx', 'sub/notes.md']);
    expect(result.diagnostics).toEqual([]);
  });

  it('anchors the output folder at the root: `-o out` leaves out `out/` only', async () => {
    const root = await project('outdir', {
      'docs.json': DOCS,
      'index.mdx': '---\ntitle: Home\n---\nHi\n',
      'out/old.mdx': '# built before\n',
      'guides/out/page.mdx': '# a page in a folder named out\n',
    });
    const result = await check({ root, outputDirs: ['out'], cacheDir: false });
    expect(result.site?.pages.map((p) => p.source).sort()).toEqual(['guides/out/page.mdx', 'index.mdx']);
  });
});
