import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocsConfig } from '../../src/config/loaded-config.js';
import { createLogReader, probeFailure, readGitDates, utcDate } from '../../src/load/git-dates.js';
import { loadProject } from '../../src/load/load-project.js';
import { lastUpdatedDate, loadPageDates, showsTimestamp } from '../../src/load/page-dates.js';
import type { PageSource } from '../../src/model/project.js';
import { writeFiles } from '../write-files.js';

/**
 * `metadata.timestamp` dates (AMENDMENTS, issue 17): from git where the build can read the
 * repository, the last commit touching each page file, in one `git log` pass; frontmatter
 * `lastUpdatedDate` first; never file modification times; none in an export job.
 */

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-dates-'));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

/** git with a fixed identity, no user or system config, and the committer date given (so history is the same on every machine). */
function git(cwd: string, args: readonly string[], date?: string): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));
  return execFileSync('git', [...args], {
    cwd,
    env: {
      ...env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Docs',
      GIT_AUTHOR_EMAIL: 'docs@acme.test',
      GIT_COMMITTER_NAME: 'Docs',
      GIT_COMMITTER_EMAIL: 'docs@acme.test',
      ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}),
    },
    encoding: 'utf8',
  });
}

const DOCS = JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#0D9373' }, metadata: { timestamp: true }, navigation: { pages: ['index', 'guide/setup', 'draft'] } });

/**
 * A repository whose docs live in `docs/` (a monorepo): `index.mdx` committed 2024-01-02, then
 * changed 2024-05-06 at 23:30 -05:00 (2024-05-07 in UTC); `guide/setup.mdx` only in the first
 * commit; `draft.mdx` never committed; `../README.md` outside the project, changed last (2024-09-09).
 */
let repo: string;
let docs: string;
beforeAll(async () => {
  repo = await tempDir();
  docs = path.join(repo, 'docs');
  git(repo, ['init', '-q', '-b', 'main']);
  await writeFiles(docs, { 'docs.json': DOCS, 'index.mdx': '# Home\n', 'guide/setup.mdx': '---\ntitle: Setup\n---\nSteps.\n' });
  await writeFiles(repo, { 'README.md': 'Acme\n' });
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'first'], '2024-01-02T03:04:05Z');
  await writeFiles(docs, { 'index.mdx': '# Home, again\n' });
  git(repo, ['commit', '-q', '-am', 'second'], '2024-05-06T23:30:00-05:00');
  await writeFiles(repo, { 'README.md': 'Acme, outside\n' });
  git(repo, ['commit', '-q', '-am', 'outside'], '2024-09-09T12:00:00Z');
  await writeFiles(docs, { 'draft.mdx': '# Draft\n' });
});

describe('git dates', () => {
  it('are the UTC dates of the last commit touching each file, named relative to the project folder', async () => {
    const dates = await readGitDates(docs, ['index.mdx', 'guide/setup.mdx', 'draft.mdx', 'docs.json']);
    expect(dates).toEqual({ ok: true, shallow: false, dates: { 'docs.json': '2024-01-02', 'guide/setup.mdx': '2024-01-02', 'index.mdx': '2024-05-07' } });
  });

  it('never use file modification times: touching or editing a committed file changes nothing', async () => {
    const future = new Date('2030-01-01T00:00:00Z');
    await utimes(path.join(docs, 'guide/setup.mdx'), future, future);
    await writeFiles(docs, { 'index.mdx': '# Home, edited but not committed\n' });
    const dates = await readGitDates(docs, ['index.mdx', 'guide/setup.mdx']);
    expect(dates).toEqual({ ok: true, shallow: false, dates: { 'guide/setup.mdx': '2024-01-02', 'index.mdx': '2024-05-07' } });
    git(repo, ['checkout', '-q', '--', 'docs/index.mdx']);
  });

  it('are none for a folder outside any git work tree, and none when git is missing', async () => {
    const plain = await writeFiles(await tempDir(), { 'docs.json': DOCS, 'index.mdx': '# Home\n' });
    expect(await readGitDates(plain, ['index.mdx'])).toEqual({ ok: false, reason: 'not-a-work-tree' });
    expect(await readGitDates(docs, ['index.mdx'], { git: path.join(plain, 'no-such-git') })).toEqual({ ok: false, reason: 'no-git' });
  });

  it('ignore GIT_DIR in the environment (the read stays with the folder’s own repository)', async () => {
    const other = await tempDir();
    git(other, ['init', '-q']);
    const saved = process.env['GIT_DIR'];
    process.env['GIT_DIR'] = path.join(other, '.git');
    try {
      expect(await readGitDates(docs, ['index.mdx'])).toEqual({ ok: true, shallow: false, dates: { 'index.mdx': '2024-05-07' } });
    } finally {
      if (saved === undefined) delete process.env['GIT_DIR'];
      else process.env['GIT_DIR'] = saved;
    }
  });

  it('read the log in chunks, keep the newest date per file, and stop once every file has one', () => {
    const reader = createLogReader(new Set(['a.mdx', 'b.mdx']));
    // 1704164645 s = 2024-01-02T03:04:05Z; 1715056200 s = 2024-05-07T04:30:00Z.
    expect(reader.push('\x011715056200\0\na.m')).toBe(false);
    expect(reader.push('dx\0other.txt\0\x011704164645\0\na.mdx\0')).toBe(false);
    expect([...reader.dates]).toEqual([['a.mdx', '2024-05-07']]);
    expect(reader.push('b.mdx\0')).toBe(true);
    expect([...reader.dates]).toEqual([['a.mdx', '2024-05-07'], ['b.mdx', '2024-01-02']]);
    expect(utcDate(1715056200)).toBe('2024-05-07');
  });

  it('report a shallow clone (its oldest commit stands for the history it lacks)', async () => {
    const clone = path.join(await tempDir(), 'clone');
    git(repo, ['clone', '-q', '--depth', '1', `file://${repo}`, clone]);
    const dates = await readGitDates(path.join(clone, 'docs'), ['index.mdx', 'guide/setup.mdx']);
    expect(dates).toEqual({ ok: true, shallow: true, dates: { 'guide/setup.mdx': '2024-09-09', 'index.mdx': '2024-09-09' } });
  });
});

describe('lastUpdatedDate and timestamp frontmatter', () => {
  it('reads dates and ISO 8601 timestamps (as UTC dates), and refuses anything else', () => {
    expect(['2026-08-13', '2026-08-13T10:00:00Z', '2026-08-13T23:30:00-05:00', '2026-08-13T23:30:00-0500', '2026-08-13T12:00', ' 2026-08-13 '].map(lastUpdatedDate)).toEqual([
      '2026-08-13',
      '2026-08-13',
      '2026-08-14',
      '2026-08-14',
      '2026-08-13',
      '2026-08-13',
    ]);
    expect(['2026-02-30', '2026-13-01', 'August 13, 2026', '13/08/2026', '2026-08-13T25:00:00Z', 20260813, ''].map(lastUpdatedDate)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('shows a timestamp by the page’s own `timestamp` when a boolean, else by metadata.timestamp', () => {
    const on = { metadata: { timestamp: true } };
    const off = {};
    expect([showsTimestamp({}, on), showsTimestamp({ timestamp: false }, on), showsTimestamp({ timestamp: true }, off), showsTimestamp({}, off), showsTimestamp({ timestamp: 'yes' }, on)]).toEqual([true, false, true, false, true]);
  });
});

describe('the load stage', () => {
  it('gives each page its date, a page’s lastUpdatedDate first, a never-committed page none', async () => {
    await writeFiles(docs, { 'guide/setup.mdx': '---\ntitle: Setup\nlastUpdatedDate: "2025-03-04"\n---\nSteps.\n' });
    try {
      const loaded = await loadProject(docs);
      expect(loaded.output?.pageDates).toEqual({ 'guide/setup.mdx': '2025-03-04', 'index.mdx': '2024-05-07' });
      expect(loaded.diagnostics.filter((d) => d.code.startsWith('load/'))).toEqual([]);
    } finally {
      git(repo, ['checkout', '-q', '--', 'docs/guide/setup.mdx']);
    }
  });

  it('reports an invalid lastUpdatedDate at its key, and uses the commit date instead', async () => {
    await writeFiles(docs, { 'guide/setup.mdx': '---\ntitle: Setup\nlastUpdatedDate: next week\n---\nSteps.\n' });
    try {
      const loaded = await loadProject(docs);
      expect(loaded.output?.pageDates?.['guide/setup.mdx']).toBe('2024-01-02');
      expect(loaded.diagnostics).toEqual([
        {
          code: 'load/last-updated-invalid',
          severity: 'warning',
          message: '`lastUpdatedDate` in `guide/setup.mdx` is "next week", which is no ISO 8601 date; the page shows the date of its last commit instead.',
          file: 'guide/setup.mdx',
          line: 3,
          column: 1,
          hint: 'Write a date such as `lastUpdatedDate: "2025-03-04"` or a timestamp such as `"2025-03-04T10:00:00Z"`.',
        },
      ]);
    } finally {
      git(repo, ['checkout', '-q', '--', 'docs/guide/setup.mdx']);
    }
  });

  it('reads no history and gives no dates where the build may not (an export job), and says so', async () => {
    const loaded = await loadProject(docs, { pageDates: 'none' });
    expect(loaded.output?.pageDates).toEqual({});
    expect(loaded.diagnostics).toEqual([
      {
        code: 'load/dates-unavailable',
        severity: 'info',
        message: 'Timestamps are on, but this build reads no git history (an export job builds a snapshot of the source without it): pages without `lastUpdatedDate` in their frontmatter show no last-modified date.',
        file: 'docs.json',
        pointer: '/metadata/timestamp',
        hint: 'Build from a git checkout with `sheaf build`, or set `lastUpdatedDate` in the frontmatter of the pages.',
      },
    ]);
  });

  it('gives no dates to a project outside git, and says so at the page that asked', async () => {
    const plain = await writeFiles(await tempDir(), {
      'docs.json': JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'other'] } }),
      'index.mdx': '---\ntitle: Home\ntimestamp: true\n---\n# Home\n',
      'other.mdx': '# Other\n',
    });
    const loaded = await loadProject(plain);
    expect(loaded.output?.pageDates).toEqual({});
    expect(loaded.diagnostics.map((d) => [d.code, d.file, d.line, d.message])).toEqual([
      ['load/dates-unavailable', 'index.mdx', 3, 'Timestamps are on, but the project folder is not inside a git work tree: pages without `lastUpdatedDate` in their frontmatter show no last-modified date.'],
    ]);
  });

  it('reads nothing, says nothing and records no dates when no page shows a timestamp', async () => {
    const plain = await writeFiles(await tempDir(), { 'docs.json': JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } }), 'index.mdx': '# Home\n' });
    const loaded = await loadProject(plain);
    expect(loaded.output?.pageDates).toBeUndefined();
    expect(loaded.diagnostics).toEqual([]);
  });

  it('says when the clone is shallow', async () => {
    const clone = path.join(await tempDir(), 'clone');
    git(repo, ['clone', '-q', '--depth', '1', `file://${repo}`, clone]);
    const loaded = await loadProject(path.join(clone, 'docs'));
    expect(loaded.output?.pageDates).toEqual({ 'guide/setup.mdx': '2024-09-09', 'index.mdx': '2024-09-09' });
    expect(loaded.diagnostics.map((d) => [d.code, d.file, d.pointer])).toEqual([['load/dates-shallow', 'docs.json', '/metadata/timestamp']]);
  });
});

describe('a repository git refuses (“dubious ownership”)', () => {
  /** git 2.39's error output for a repository another user owns, as `LC_ALL=C git rev-parse` prints it. */
  const refusal = (dir: string) => `fatal: detected dubious ownership in repository at '${dir}'\nTo add an exception for this directory, call:\n\n\tgit config --global --add safe.directory ${dir}\n`;
  const message = (dir: string) =>
    `Timestamps are on, but git refuses to read the repository at \`${dir}\`: another user owns it ("dubious ownership", git's \`safe.directory\` check): pages without \`lastUpdatedDate\` in their frontmatter show no last-modified date.`;
  const hint = (dir: string) => `If you trust the checkout (a CI or Docker checkout owned by another user), mark it safe for the user running Sheaf: \`git config --global --add safe.directory ${dir}\`.`;

  it('tells git’s refusal from a folder outside git and from other failures', () => {
    expect(probeFailure(refusal('/srv/docs repo'))).toEqual({ ok: false, reason: 'dubious-ownership', detail: '/srv/docs repo' });
    // git 2.35.2's first wording.
    expect(probeFailure("fatal: unsafe repository ('/srv/docs' is owned by someone else)\nTo add an exception for this directory, call:\n")).toEqual({ ok: false, reason: 'dubious-ownership', detail: '/srv/docs' });
    expect(probeFailure('fatal: not a git repository (or any of the parent directories): .git\n')).toEqual({ ok: false, reason: 'not-a-work-tree' });
    expect(probeFailure('')).toEqual({ ok: false, reason: 'not-a-work-tree' });
    expect(probeFailure('error: bad config line 1 in file /srv/docs/.git/config\nfatal: unable to read config\n')).toEqual({ ok: false, reason: 'failed', detail: 'error: bad config line 1 in file /srv/docs/.git/config' });
  });

  it('says so, names the repository and the command that trusts it (git’s output through a stand-in git program)', async () => {
    const dir = await tempDir();
    const fake = path.join(dir, 'git');
    await writeFile(fake, `#!/bin/sh\ncat >&2 <<'EOF'\n${refusal('/srv/docs')}EOF\nexit 128\n`);
    await chmod(fake, 0o755);
    expect(await readGitDates(dir, ['index.mdx'], { git: fake })).toEqual({ ok: false, reason: 'dubious-ownership', detail: '/srv/docs' });
    const config = { file: 'docs.json', config: { name: 'Acme', metadata: { timestamp: true } } as unknown as DocsConfig, origins: {} };
    const page = { file: 'index.mdx', frontmatter: {}, frontmatterPositions: {} } as unknown as PageSource;
    const result = await loadPageDates({ root: dir, config, pages: [page], openapiFiles: [], source: 'git', git: { git: fake } });
    expect(result).toEqual({
      dates: {},
      diagnostics: [{ code: 'load/dates-unavailable', severity: 'info', message: message('/srv/docs'), file: 'docs.json', pointer: '/metadata/timestamp', hint: hint('/srv/docs') }],
    });
    expect(JSON.stringify(result)).not.toMatch(/\bat [\w.]+ \(|not inside a git work tree/);
  });

  // The real thing: a checkout owned by another user (chown needs root; git runs as root here).
  it.runIf(process.getuid?.() === 0)('is what git answers for a checkout another user owns, and loadProject reports it', async () => {
    const other = await tempDir();
    const docsDir = path.join(other, 'docs');
    git(other, ['init', '-q']);
    await writeFiles(docsDir, { 'docs.json': DOCS, 'index.mdx': '# Home\n', 'guide/setup.mdx': '# Setup\n', 'draft.mdx': '# Draft\n' });
    git(other, ['add', '.']);
    git(other, ['commit', '-q', '-m', 'docs'], '2024-01-02T03:04:05Z');
    execFileSync('chown', ['-R', '65534:65534', other]);
    // No user config that could trust every folder (`safe.directory = *`).
    vi.stubEnv('HOME', await tempDir());
    vi.stubEnv('XDG_CONFIG_HOME', await tempDir());
    try {
      expect(await readGitDates(docsDir, ['index.mdx'])).toEqual({ ok: false, reason: 'dubious-ownership', detail: other });
      const loaded = await loadProject(docsDir);
      expect(loaded.output?.pageDates).toEqual({});
      expect(loaded.diagnostics.map((d) => [d.code, d.file, d.pointer, d.message, d.hint])).toEqual([['load/dates-unavailable', 'docs.json', '/metadata/timestamp', message(other), hint(other)]]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
