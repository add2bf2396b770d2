import { Command } from 'commander';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressBar } from '../../src/cli/build-output.js';
import { registerExportCommand } from '../../src/cli/export-command.js';
import type { CliIO } from '../../src/cli/io.js';
import { createProgram } from '../../src/cli/program.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GATING = path.join(REPO, 'test/bundle/fixtures/bundle-gating');

function fakeIO(withProgress = false) {
  const out = { stdout: '', stderr: '', progress: '' };
  const io: CliIO = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    color: false,
    ...(withProgress ? { progress: (t: string) => void (out.progress += t) } : {}),
  };
  return { io, out };
}

/** Runs `sheaf export …` on a program holding only the export command, as main.ts would. */
async function sheafExport(args: string[], withProgress = false) {
  const { io, out } = fakeIO(withProgress);
  let code = -1;
  const program = new Command('sheaf').exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  registerExportCommand(program, io, (c) => (code = c));
  await program.parseAsync(['node', 'sheaf', 'export', ...args]);
  return { code, ...out };
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-export-cli-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('sheaf export', () => {
  it('writes the bundle and reports pages, size, sha256, version and features, with a progress bar', async () => {
    const output = path.join(tmp, 'site.tar.gz');
    const r = await sheafExport([GATING, '-o', output, '--no-cache', '--export-version', 'v7'], true);
    expect(r.code).toBe(0);
    const sha = createHash('sha256').update(await readFile(output)).digest('hex');
    expect(r.stderr).toContain(`Exported 2 pages to ${path.relative(process.cwd(), output)}\n`);
    expect(r.stderr).toMatch(/ {2}0\.\d MB, 17 files \+ manifest\.json, version v7\n/);
    expect(r.stderr).toContain(`  sha256 ${sha}\n`);
    expect(r.stderr).toContain("  pages as route.html files (Mintlify's layout; hosts serve the extensionless URLs with a rewrite, sheaf host without)\n");
    expect(r.stderr).toContain('  deployment cloud; features: search (static index in the site: works offline and air-gapped), assistant, analytics, playground\n');
    expect(r.progress.endsWith('\r[##############################] 2/2 pages\n')).toBe(true);
  });

  it('prints the result as JSON with --format json', async () => {
    const output = path.join(tmp, 'site.zip');
    const r = await sheafExport([GATING, '-o', output, '--no-cache', '--format', 'json', '--deployment', 'air-gapped', '--disable', 'playground']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.ok).toBe(true);
    expect(json.bundle).toMatchObject({ path: output, pageCount: 2, files: 17, sha256: createHash('sha256').update(await readFile(output)).digest('hex') });
    expect(json.deployment).toBe('air-gapped');
    expect(json.features).toEqual({ search: true, assistant: false, analytics: false, playground: false });
    expect(json.diagnostics.map((d: { code: string }) => d.code)).toEqual(['build/no-site-url', 'bundle/analytics-off', 'bundle/external-resource']);
  });

  it('exits 1 on warnings with --strict, and still writes the bundle', async () => {
    const output = path.join(tmp, 'strict.tar.gz');
    const r = await sheafExport([GATING, '-o', output, '--no-cache', '--deployment', 'air-gapped', '--strict']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('[bundle/external-resource]');
    expect(existsSync(output)).toBe(true);
  });

  it('exits 1 with the error and its hint on a refused feature, writing nothing', async () => {
    const output = path.join(tmp, 'refused.tar.gz');
    const r = await sheafExport([GATING, '-o', output, '--deployment', 'air-gapped', '--enable', 'assistant']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error  `assistant` is not available in air-gapped deployments: it needs the network.  [bundle/feature-unavailable]');
    expect(r.stderr).toContain('hint: Remove `--enable assistant`');
    expect(r.stderr).not.toContain('Exported');
    expect(existsSync(output)).toBe(false);
  });

  it('writes folders with --url-style directory, and refuses another style', async () => {
    const output = path.join(tmp, 'folders.tar.gz');
    const r = await sheafExport([GATING, '-o', output, '--no-cache', '--format', 'json', '--url-style', 'directory']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).bundle.urlStyle).toBe('directory');
    const bad = await sheafExport([GATING, '-o', output, '--url-style', 'pretty']).catch((e: Error) => e.message);
    expect(bad).toBe("error: option '--url-style <style>' argument 'pretty' is invalid. Allowed choices are directory, html.");
  });

  it('needs -o', async () => {
    await expect(sheafExport([GATING])).rejects.toThrow("required option '-o, --output <file>' not specified");
  });
});

describe('sheaf build --enable/--disable', () => {
  it('builds client-hosted without search, and says which features it has', async () => {
    const { io, out } = fakeIO();
    let code = -1;
    const program = createProgram(io, (c) => (code = c));
    const outDir = path.join(tmp, 'built');
    await program.parseAsync(['node', 'sheaf', 'build', GATING, '-o', outDir, '--no-cache', '--deployment', 'client-hosted', '--disable', 'search,analytics', '--enable', 'playground']);
    expect(code).toBe(0);
    expect(existsSync(path.join(outDir, '_sheaf/search-index.js'))).toBe(false);
    expect(out.stderr).toContain('  deployment client-hosted; features: assistant, playground; off: search, analytics\n');
    expect(existsSync(path.join(outDir, 'api-reference/list-items/index.html'))).toBe(true);
  });

  it('writes route.html files with --url-style html', async () => {
    const { io } = fakeIO();
    let code = -1;
    const outDir = path.join(tmp, 'built-html');
    await createProgram(io, (c) => (code = c)).parseAsync(['node', 'sheaf', 'build', GATING, '-o', outDir, '--no-cache', '--url-style', 'html']);
    expect(code).toBe(0);
    expect([existsSync(path.join(outDir, 'api-reference/list-items.html')), existsSync(path.join(outDir, 'api-reference/list-items/index.html'))]).toEqual([true, false]);
  });
});

describe('progressBar', () => {
  it('redraws at most every 80 ms, always the last page, and not at all without a terminal', () => {
    const drawn: string[] = [];
    let now = 1000;
    const bar = progressBar({ stdout: () => {}, stderr: () => {}, color: false, progress: (t) => drawn.push(t) }, () => now);
    bar?.({ done: 1, total: 4 });
    now += 10;
    bar?.({ done: 2, total: 4 });
    now += 100;
    bar?.({ done: 3, total: 4 });
    bar?.({ done: 4, total: 4 });
    expect(drawn).toEqual([
      `\r[${'#'.repeat(8)}${'.'.repeat(22)}] 1/4 pages`,
      `\r[${'#'.repeat(23)}${'.'.repeat(7)}] 3/4 pages`,
      `\r[${'#'.repeat(30)}] 4/4 pages`,
      '\n',
    ]);
    expect(progressBar({ stdout: () => {}, stderr: () => {}, color: false })).toBeUndefined();
  });
});
