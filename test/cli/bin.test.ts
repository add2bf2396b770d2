import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The `sheaf` process as a user starts it: `node bin/sheaf.js`, which runs the compiled CLI from
 * dist/ (the process suite builds it first), output through pipes, not a TTY. The commands
 * themselves are tested in this process through the same entry (check-command.test.ts,
 * hostile-input.test.ts); this file pins what only a process shows: exit codes, streams, colour.
 */
function sheaf(args: readonly string[], env: Record<string, string> = {}, bin = path.join(REPO, 'bin/sheaf.js')) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: REPO, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bin/sheaf.js', () => {
  it('exits 0 on a clean project, JSON on stdout, the summary on stderr, no colour on a pipe', () => {
    const r = sheaf(['check', 'fixtures/example', '--print-navigation']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'Acme Notes', navigation: { type: 'root' } });
    expect(r.stderr).toContain('0 errors, 0 warnings');
    expect(r.stderr).not.toMatch(/\u001b\[/);
  });

  it('exits 1 on errors and 2 on a usage error', () => {
    const errors = sheaf(['check', 'test/fixtures/ref-operation-not-found']);
    expect(errors.code).toBe(1);
    expect(errors.stderr).toContain('[ref/operation-not-found]');
    const usage = sheaf(['check', '--nope']);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toContain("unknown option '--nope'");
  });

  it('prints the version of package.json', () => {
    const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(sheaf(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('ends a docs.json nested 10,000 deep with one diagnostic and no stack trace, --debug or not', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sheaf-bin-'));
    writeFileSync(path.join(root, 'docs.json'), `{"theme":"mint","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    for (const [args, env] of [[[], {}], [['--debug'], {}], [[], { SHEAF_DEBUG: '1' }]] as [string[], Record<string, string>][]) {
      const r = sheaf(['check', root, '--format', 'json', ...args], env);
      expect(r.code).toBe(1);
      expect((JSON.parse(r.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual(['config/too-deep']);
      expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('says how to build dist/ when it is missing', () => {
    const bin = path.join(mkdtempSync(path.join(tmpdir(), 'sheaf-bin-')), 'bin', 'sheaf.js');
    mkdirSync(path.dirname(bin));
    copyFileSync(path.join(REPO, 'bin/sheaf.js'), bin);
    expect(sheaf(['--version'], {}, bin)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'sheaf: dist/ is missing; run `npm install` (or `npm run build`) in the sheaf folder first.\n',
    });
  });

  it('ends quietly with 141 when the reader closes the output pipe (sheaf schema | head)', async () => {
    const child = spawn(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'schema'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    // The read end closed before the first write: every write fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 141, stderr: '' });
  });
});
