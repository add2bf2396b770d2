import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportChild } from '../../src/export/run-export-child.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { readTarGz } from '../bundle/read-archive.js';
import { writeFiles } from '../write-files.js';

/**
 * `metadata.timestamp` in an export job (AMENDMENTS, issue 17): the sandbox builds a snapshot of
 * the source and reads no git history, even when the source is a git checkout with its `.git`,
 * and the service records no dates with a source: pages show only their own `lastUpdatedDate`.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIMITS = { timeoutMs: 60_000, maxMemoryMb: 512 } as const;

let tmp: string;
let source: string;
beforeAll(async () => {
  expect(existsSync(path.join(REPO, 'dist/export/export-child.js')), 'dist/ is missing: run `npm run build`').toBe(true);
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-export-dates-'));
  source = await writeFiles(path.join(tmp, 'source'), {
    'docs.json': JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, metadata: { timestamp: true }, navigation: { pages: ['index', 'dated'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    'dated.mdx': '---\ntitle: Dated\nlastUpdatedDate: "2025-03-04"\n---\n\nDated.\n',
  });
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'Docs', GIT_AUTHOR_EMAIL: 'docs@acme.test', GIT_COMMITTER_NAME: 'Docs', GIT_COMMITTER_EMAIL: 'docs@acme.test', GIT_COMMITTER_DATE: '2024-01-02T03:04:05Z', GIT_AUTHOR_DATE: '2024-01-02T03:04:05Z' };
  for (const args of [['init', '-q'], ['add', '.'], ['commit', '-q', '-m', 'docs']]) execFileSync('git', args, { cwd: source, env });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('an export job with timestamps on', () => {
  it('reads no git history from a git checkout: the dated page shows its lastUpdatedDate, the others none, and the job says why', async () => {
    const workDir = path.join(tmp, 'work');
    const r = await runExportChild({ sandbox: 'permission', source, workDir, version: 'v1', ...LIMITS });
    expect(r).toMatchObject({ ok: true, pageCount: 2, errors: 0, warnings: 0 });
    const diagnostics = JSON.parse(await readFile(path.join(workDir, 'diagnostics.json'), 'utf8')) as Diagnostic[];
    expect(diagnostics.filter((d) => d.code.startsWith('load/'))).toEqual([
      {
        code: 'load/dates-unavailable',
        severity: 'info',
        message: 'Timestamps are on, but this build reads no git history (an export job builds a snapshot of the source without it): pages without `lastUpdatedDate` in their frontmatter show no last-modified date.',
        file: 'docs.json',
        pointer: '/metadata/timestamp',
        line: 1,
        column: 74,
        hint: 'Build from a git checkout with `sheaf build`, or set `lastUpdatedDate` in the frontmatter of the pages.',
      },
    ]);
    const entries = await readTarGz(path.join(workDir, 'bundle.tar.gz'));
    const file = (name: string) => entries.find((e) => e.name === name)?.content.toString('utf8') ?? '';
    expect(file('dated.html')).toContain('<p class="sheaf-last-modified">Last modified on <time datetime="2025-03-04">March 4, 2025</time></p>');
    expect(file('index.html')).toContain('<h1 id="page-title" class="sheaf-page-title">Home</h1>');
    expect(file('index.html')).not.toContain('sheaf-last-modified');
  });
});
