import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(REPO, 'node_modules/.bin/tsx');

/** Runs the real CLI entry in a child process, as a user would (no TTY). */
function sheaf(...args: string[]) {
  const r = spawnSync(TSX, [path.join(REPO, 'src/cli/main.ts'), ...args], { cwd: REPO, encoding: 'utf8', env: { ...process.env, NO_COLOR: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const fixture = (name: string) => path.join('test/fixtures', name);

describe('sheaf check', () => {
  it('exits 0 on a clean project and prints the navigation JSON on stdout', () => {
    const r = sheaf('check', 'fixtures/example', '--print-navigation');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.name).toBe('Acme Notes');
    expect(out.navigation.type).toBe('root');
    expect(out.pages.map((p: { route: string }) => p.route)).toContain('/api-reference/notes/list-notes');
    expect(r.stderr).toContain('0 errors, 0 warnings');
    expect(r.stderr).not.toMatch(/\u001b\[/); // no colour without a TTY
  });

  it('exits 1 on errors and prints file:line:column, a code frame and the hint', () => {
    const r = sheaf('check', fixture('ref-operation-not-found'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('docs.json:5:85  error  `GET /user/{id}` matches no operation in `openapi.yaml`.  [ref/operation-not-found]');
    expect(r.stderr).toContain('> 5 |');
    expect(r.stderr).toContain('hint: did you mean `GET /users/{id}`');
    expect(r.stderr).toContain('3 errors, 0 warnings');
  });

  it('exits 1 on warnings only with --strict', () => {
    expect(sheaf('check', fixture('nav-empty-group')).code).toBe(0);
    expect(sheaf('check', fixture('nav-empty-group'), '--strict').code).toBe(1);
  });

  it('prints diagnostics as JSON with --format json', () => {
    const r = sheaf('check', fixture('nav-empty-group'), '--format', 'json');
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(true);
    expect(out.summary).toEqual({ errors: 0, warnings: 1, pages: 1 });
    expect(out.diagnostics[0]).toMatchObject({ code: 'nav/empty-group', file: 'docs.json', line: 5, severity: 'warning' });
    expect(out.navigation).toBeUndefined();
  });

  it('says clearly when the folder holds no docs.json', () => {
    const r = sheaf('check', 'test');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('holds neither docs.json nor mint.json');
    expect(r.stderr).toContain('[project/not-found]');
  });

  it('rejects an unknown option with usage help and exit code 2', () => {
    const r = sheaf('check', '--nope');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--nope'");
  });
});
