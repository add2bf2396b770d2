import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findFiles } from '../../src/load/find-files.js';
import { loadProject } from '../../src/load/load-project.js';
import { isSkillFile, loadSkills, skillSlug } from '../../src/load/skill-files.js';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/skills-published');
const DOCS_JSON = JSON.stringify({ theme: 'mint', name: 'T', colors: { primary: '#000000' }, navigation: { pages: ['index'] } });

/** A project folder from path -> text, inside a fresh temporary folder (`dir`). */
async function project(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'sheaf-skills-'));
  const root = path.join(dir, 'docs');
  for (const [file, text] of Object.entries({ 'docs.json': DOCS_JSON, 'index.mdx': '# Home\n', ...files })) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** loadSkills over the load stage's own listing of `root`. */
async function skillsOf(root: string) {
  return loadSkills(root, (await findFiles(root)).files);
}

describe('isSkillFile', () => {
  it.each([
    ['skill.md', true],
    ['SKILL.md', true],
    ['.mintlify/skills/payments/SKILL.md', true],
    ['.mintlify/skills/payments/skill.md', true],
    ['.mintlify/skills/SKILL.md', false],
    ['.mintlify/skills/payments/references/SKILL.md', false],
    ['.mintlify/skills/payments/references/api.md', false],
    ['guides/skill.md', false],
    ['skills/payments/SKILL.md', false],
    ['skill.mdx', false],
  ])('%s: %s', (file, expected) => {
    expect(isSkillFile(file)).toBe(expected);
  });
});

describe('skillSlug', () => {
  it.each([
    ['payments', 'payments'],
    ['Acme Docs', 'acme-docs'],
    ['  Café  API v2!  ', 'cafe-api-v2'],
    ['a__b--c', 'a-b-c'],
    ['日本語', ''],
    ['x'.repeat(70), 'x'.repeat(64)],
    [`${'a'.repeat(63)} b`, 'a'.repeat(63)],
  ])('%j -> %j', (name, slug) => {
    expect(skillSlug(name)).toBe(slug);
  });
});

describe('loadSkills', () => {
  it('publishes the fixture: the root file first, folders by path, a skill folder with its other files, dotfiles left out', async () => {
    const result = await skillsOf(FIXTURE);
    expect(result.output).toEqual({
      root: 'skill.md',
      listed: [
        { name: 'acme-docs', description: 'Build with the Acme API.', files: [{ path: 'SKILL.md', source: 'skill.md' }] },
        { name: 'analytics', description: 'Read traffic: views and visitors.', files: [{ path: 'SKILL.md', source: '.mintlify/skills/Analytics/skill.md' }] },
        {
          name: 'payments',
          description: 'Take card payments with Acme.',
          files: [
            { path: 'SKILL.md', source: '.mintlify/skills/payments/SKILL.md' },
            { path: 'references/limits.md', source: '.mintlify/skills/payments/references/limits.md' },
          ],
        },
      ],
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([
      ['load/skill-frontmatter', 'warning', '.mintlify/skills/broken/SKILL.md', 1, 1],
      ['load/skill-duplicate', 'warning', '.mintlify/skills/refunds/SKILL.md', 1, 1],
    ]);
    expect(result.diagnostics[0]?.message).toBe('The skill file `.mintlify/skills/broken/SKILL.md` has no `description` in its frontmatter; it is not published.');
    expect(result.diagnostics[1]?.message).toBe(
      '`.mintlify/skills/refunds/SKILL.md` and `.mintlify/skills/payments/SKILL.md` are both the skill `payments`; `.mintlify/skills/payments/SKILL.md` is published, `.mintlify/skills/refunds/SKILL.md` is not.',
    );
  });

  it('serves a root skill.md without a name at /skill.md but lists nothing, and points at the bad value', async () => {
    const root = await project({ 'skill.md': '---\nname: 42\ndescription: Numbers.\n---\n# Skill\n' });
    const result = await skillsOf(root);
    expect(result.output).toEqual({ root: 'skill.md', listed: [] });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'load/skill-frontmatter',
        severity: 'warning',
        file: 'skill.md',
        line: 2,
        column: 1,
        message: 'The skill file `skill.md` has no text as its `name` in its frontmatter; it is served at /skill.md as it is, but not listed in /.well-known/skills/.',
      }),
    ]);
  });

  it('reports frontmatter that is no valid YAML at its position, and a skill file without frontmatter', async () => {
    const root = await project({
      '.mintlify/skills/a/SKILL.md': '---\nname: a\ndescription: [unclosed\n---\n',
      '.mintlify/skills/b/SKILL.md': '# No frontmatter\n',
      '.mintlify/skills/c/SKILL.md': '---\nname: "!!!"\ndescription: Punctuation only.\n---\n',
    });
    const result = await skillsOf(root);
    expect(result.output).toEqual({ listed: [] });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([
      ['load/skill-frontmatter', '.mintlify/skills/a/SKILL.md', 4, 1],
      ['load/skill-frontmatter', '.mintlify/skills/b/SKILL.md', 1, 1],
      ['load/skill-frontmatter', '.mintlify/skills/c/SKILL.md', 2, 1],
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/^The frontmatter of the skill file `\.mintlify\/skills\/a\/SKILL\.md` is not valid YAML \(.+\); it is not published\.$/);
    expect(result.diagnostics[1]?.message).toBe('The skill file `.mintlify/skills/b/SKILL.md` has no `name` in its frontmatter; it is not published.');
    expect(result.diagnostics[2]?.message).toBe('The skill name `!!!` of `.mintlify/skills/c/SKILL.md` has no letter or digit to make a URL of; it is not published.');
  });

  it('publishes one of two skill files of one place differing only in case (root or folder), and warns about the other', async () => {
    const root = await project({
      'SKILL.md': '---\nname: upper\ndescription: U.\n---\n',
      'skill.md': '---\nname: lower\ndescription: L.\n---\n',
      '.mintlify/skills/x/SKILL.md': '---\nname: x-upper\ndescription: XU.\n---\n',
      '.mintlify/skills/x/skill.md': '---\nname: x-lower\ndescription: XL.\n---\n',
      '.mintlify/skills/x/notes.txt': 'notes\n',
    });
    const result = await skillsOf(root);
    expect(result.output).toEqual({
      root: 'SKILL.md',
      listed: [
        { name: 'upper', description: 'U.', files: [{ path: 'SKILL.md', source: 'SKILL.md' }] },
        {
          name: 'x-upper',
          description: 'XU.',
          files: [
            { path: 'SKILL.md', source: '.mintlify/skills/x/SKILL.md' },
            { path: 'notes.txt', source: '.mintlify/skills/x/notes.txt' },
          ],
        },
      ],
    });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['load/skill-duplicate', 'skill.md', '`skill.md` and `SKILL.md` are both the root skill file; `SKILL.md` is published.'],
      ['load/skill-duplicate', '.mintlify/skills/x/skill.md', '`.mintlify/skills/x/skill.md` and `.mintlify/skills/x/SKILL.md` are both the skill file of `.mintlify/skills/x/`; `.mintlify/skills/x/SKILL.md` is published.'],
    ]);
  });

  it('gives nothing and no diagnostic for a project without skill files', async () => {
    const root = await project({ 'guide.md': '---\nname: x\n---\n' });
    expect(await skillsOf(root)).toEqual({ output: { listed: [] }, diagnostics: [] });
  });
});

describe('loadProject: skill files', () => {
  it('keeps skill files out of the pages (a skill folder’s other Markdown files stay pages, as Mintlify serves them)', async () => {
    const loaded = await loadProject(FIXTURE, { pageDates: 'none' });
    expect(loaded.output?.pages.map((p) => p.file)).toEqual(['.mintlify/skills/payments/references/limits.md', 'index.mdx']);
    expect(loaded.output?.skills?.listed.map((s) => s.name)).toEqual(['acme-docs', 'analytics', 'payments']);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(['load/skill-frontmatter', 'load/skill-duplicate']);
  });

  it('follows a `.mintlify/skills` link inside the project, as Mintlify allows', async () => {
    const root = await project({ 'skills/payments/SKILL.md': '---\nname: payments\ndescription: Pay.\n---\n' });
    await mkdir(path.join(root, '.mintlify'));
    await symlink('../skills', path.join(root, '.mintlify/skills'));
    const loaded = await loadProject(root, { pageDates: 'none' });
    expect(loaded.output?.skills).toEqual({ listed: [{ name: 'payments', description: 'Pay.', files: [{ path: 'SKILL.md', source: '.mintlify/skills/payments/SKILL.md' }] }] });
    expect(loaded.diagnostics).toEqual([]);
  });

  it('never reads a `.mintlify/skills` link leading outside the project: one error, no skill', async () => {
    const root = await project({});
    const outside = path.join(path.dirname(root), 'shared-skills');
    await mkdir(path.join(outside, 'payments'), { recursive: true });
    await writeFile(path.join(outside, 'payments/SKILL.md'), '---\nname: payments\ndescription: Pay.\n---\n');
    await mkdir(path.join(root, '.mintlify'));
    await symlink(outside, path.join(root, '.mintlify/skills'));
    const loaded = await loadProject(root, { pageDates: 'none' });
    expect(loaded.output?.skills).toBeUndefined();
    expect(loaded.diagnostics.map((d) => [d.code, d.file])).toEqual([['load/link-outside-project', '.mintlify/skills']]);
    // With the folder allowed (`--allow-outside`), the skill is published.
    const allowed = await loadProject(root, { pageDates: 'none', allowOutside: [outside] });
    expect(allowed.output?.skills?.listed.map((s) => s.files)).toEqual([[{ path: 'SKILL.md', source: '.mintlify/skills/payments/SKILL.md' }]]);
    expect(allowed.diagnostics).toEqual([]);
  });
});
