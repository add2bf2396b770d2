import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';
import { listFiles } from '../../src/emit/link-check.js';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/skills-published');

describe('build: a project shipping skill files (test/fixtures/skills-published)', () => {
  let work: string;
  let out: string;
  let result: BuildResult;
  const read = (file: string) => readFile(path.join(out, file), 'utf8');
  const source = (file: string) => readFile(path.join(FIXTURE, file), 'utf8');
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sheaf-build-skills-'));
    out = path.join(work, 'site');
    result = await build({ root: FIXTURE, outDir: out, cacheDir: false, workers: 0 });
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('writes exactly these files besides the assets: the skill files where Mintlify serves them, no page for any', () => {
    expect(listFiles(out).filter((f) => !f.startsWith('_sheaf/'))).toEqual([
      // A skill folder's other Markdown files stay (hidden) pages, as Mintlify serves them.
      '.mintlify/skills/payments/references/limits.md',
      '.mintlify/skills/payments/references/limits/index.html',
      '.well-known/skills/acme-docs/SKILL.md',
      '.well-known/skills/analytics/SKILL.md',
      '.well-known/skills/index.json',
      '.well-known/skills/payments/SKILL.md',
      '.well-known/skills/payments/references/limits.md',
      '404.html',
      '_redirects',
      'index.html',
      'index.md',
      'llms-full.txt',
      'llms.txt',
      'robots.txt',
      'sitemap.xml',
      'skill.md',
    ]);
    expect(result.site?.pages.map((p) => p.route)).toEqual(['/', '/.mintlify/skills/payments/references/limits']);
  });

  it('copies the skill files byte for byte, frontmatter included', async () => {
    expect(await read('skill.md')).toBe(await source('skill.md'));
    expect(await read('.well-known/skills/acme-docs/SKILL.md')).toBe(await source('skill.md'));
    expect(await read('.well-known/skills/analytics/SKILL.md')).toBe(await source('.mintlify/skills/Analytics/skill.md'));
    expect(await read('.well-known/skills/payments/SKILL.md')).toBe(await source('.mintlify/skills/payments/SKILL.md'));
    expect(await read('.well-known/skills/payments/references/limits.md')).toBe(await source('.mintlify/skills/payments/references/limits.md'));
    expect((await read('skill.md')).startsWith('---\nname: Acme Docs\ndescription: Build with the Acme API.\n')).toBe(true);
  });

  it('lists the published skills in .well-known/skills/index.json', async () => {
    expect(JSON.parse(await read('.well-known/skills/index.json'))).toEqual({
      skills: [
        { name: 'acme-docs', description: 'Build with the Acme API.', files: ['SKILL.md'] },
        { name: 'analytics', description: 'Read traffic: views and visitors.', files: ['SKILL.md'] },
        { name: 'payments', description: 'Take card payments with Acme.', files: ['SKILL.md', 'references/limits.md'] },
      ],
    });
  });

  it('reports the two skills left out, resolves page links to the skill files, and checks no link inside them', () => {
    // skill.md links `references/limits.md`, which is no file at the site's root: not a page, not checked.
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['load/skill-frontmatter', '.mintlify/skills/broken/SKILL.md'],
      ['load/skill-duplicate', '.mintlify/skills/refunds/SKILL.md'],
      ['build/no-site-url', 'docs.json'],
    ]);
    expect(result.stats?.links.unresolved).toBe(0);
  });

  it('keeps skill files out of the search records, the sitemap and llms.txt', async () => {
    expect(JSON.parse(await read('_sheaf/search-records.json')).map((r: { route: string }) => r.route)).toEqual(['/']);
    expect(await read('sitemap.xml')).not.toMatch(/skill/i);
    expect(await read('llms.txt')).toBe('# Acme\n\n## Pages\n\n- [Home](index.md)\n');
  });
});
