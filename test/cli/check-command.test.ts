import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, sheaf as run } from './run-sheaf.js';

/** `sheaf ARGS…` in this process (the process entry itself: test/cli/bin.test.ts, process suite). */
const sheaf = (...args: string[]) => run(args);
const fixture = (name: string) => path.join(REPO, 'test/fixtures', name);

describe('sheaf check', () => {
  it('exits 0 on a clean project and prints the navigation JSON on stdout', async () => {
    const r = await sheaf('check', path.join(REPO, 'fixtures/example'), '--print-navigation');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.name).toBe('Acme Notes');
    expect(out.navigation.type).toBe('root');
    expect(out.pages.map((p: { route: string }) => p.route)).toContain('/api-reference/notes/list-notes');
    expect(r.stderr).toContain('0 errors, 0 warnings');
    expect(r.stderr).not.toMatch(/\u001b\[/);
  });

  it('exits 1 on errors and prints file:line:column, a code frame and the hint', async () => {
    const r = await sheaf('check', fixture('ref-operation-not-found'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('docs.json:5:85  error  `GET /user/{id}` matches no operation in `openapi.yaml`.  [ref/operation-not-found]');
    expect(r.stderr).toContain('> 5 |');
    expect(r.stderr).toContain('hint: did you mean `GET /users/{id}`');
    expect(r.stderr).toContain('3 errors, 0 warnings');
  });

  it('exits 1 on warnings only with --strict', async () => {
    expect((await sheaf('check', fixture('nav-empty-group'))).code).toBe(0);
    expect((await sheaf('check', fixture('nav-empty-group'), '--strict')).code).toBe(1);
  });

  it('prints diagnostics as JSON with --format json', async () => {
    const r = await sheaf('check', fixture('nav-empty-group'), '--format', 'json');
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(true);
    expect(out.summary).toEqual({ errors: 0, warnings: 1, pages: 1 });
    expect(out.diagnostics[0]).toMatchObject({ code: 'nav/empty-group', file: 'docs.json', line: 5, severity: 'warning' });
    expect(out.navigation).toBeUndefined();
  });

  it('says clearly when the folder holds no docs.json', async () => {
    const r = await sheaf('check', path.join(REPO, 'test'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('holds neither docs.json nor mint.json');
    expect(r.stderr).toContain('[project/not-found]');
  });

  it('refuses a --workers that is no whole number from 0 to 64 (check, build, export), with exit code 2 and nothing rendered', async () => {
    const site = fixture('links-site');
    const out = await mkdtemp(path.join(tmpdir(), 'sheaf-workers-flag-'));
    for (const value of ['abc', '-1', '1.5', '65', '']) {
      for (const args of [['check', site], ['build', site, '-o', path.join(out, 'site')], ['export', site, '-o', path.join(out, 'site.tgz')]]) {
        const r = await sheaf(...args, '--workers', value);
        expect([r.code, r.stdout]).toEqual([2, '']);
        expect(r.stderr).toContain(`\`${value}\` is not a number of worker threads; write a whole number from 0 (render in the main thread) to 64.`);
      }
    }
    expect(await readdir(out)).toEqual([]);
    await rm(out, { recursive: true });
    // A good value is taken: the fixture's two page warnings are found in the main thread.
    const r = await sheaf('check', site, '--no-cache', '--workers', '0');
    expect([r.code, r.stderr.trim().split('\n').at(-1)]).toEqual([0, '4 pages; 0 errors, 2 warnings']);
  });

  it('rejects an unknown option with usage help and exit code 2', async () => {
    const r = await sheaf('check', '--nope');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--nope'");
  });
});
