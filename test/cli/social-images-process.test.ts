import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './run-sheaf.js';

/**
 * The compiled CLI drawing social preview images in real worker threads, and loading satori and
 * resvg only then: a module resolve hook (registered with --import, so it runs in the render
 * workers too) logs every module whose URL names satori, resvg or @fontsource.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'sheaf-og-process-'));
const hooks = path.join(dir, 'hooks.mjs');
const register = path.join(dir, 'register.mjs');

function build(project: string, out: string, workers: number): { code: number | null; stderr: string; loaded: string[] } {
  const log = path.join(dir, `${path.basename(out)}.log`);
  const r = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(register).href, path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', out, '--no-cache', '--workers', String(workers), '--site-url', 'https://docs.acme.test/'],
    { cwd: REPO, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', SHEAF_OG_LOG: log } },
  );
  const loaded = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  return { code: r.status, stderr: r.stderr, loaded: [...new Set(loaded.map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? url))].sort() };
}

const pngs = (out: string) => readdirSync(path.join(out, '_sheaf/og'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.png')).sort();

beforeAll(() => {
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (process.env.SHEAF_OG_LOG && /satori|resvg|fontsource/.test(resolved.url)) appendFileSync(process.env.SHEAF_OG_LOG, resolved.url + '\\n');
  return resolved;
}
`,
  );
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
});

describe('social preview images from the compiled CLI', () => {
  it('are drawn in the worker threads, byte for byte as in the main thread', () => {
    const fixture = path.join(REPO, 'test/fixtures/social-images');
    const pooled = build(fixture, path.join(dir, 'pooled'), 2);
    expect(pooled.code).toBe(0);
    expect(pooled.stderr).toContain('\n  3 social preview images (0 from cache)\n');
    expect(pooled.loaded).toEqual(['@resvg/resvg-wasm', 'satori']);
    const inline = build(fixture, path.join(dir, 'inline'), 0);
    expect(inline.code).toBe(0);
    expect(pngs(path.join(dir, 'pooled'))).toEqual(['guides/notes.png', 'index.png', 'quickstart.png']);
    for (const file of pngs(path.join(dir, 'pooled'))) {
      const [a, b] = [readFileSync(path.join(dir, 'pooled/_sheaf/og', file)), readFileSync(path.join(dir, 'inline/_sheaf/og', file))];
      expect(Buffer.compare(a, b), file).toBe(0);
    }
  });

  it('cost nothing to a project that asks for none: satori and resvg are never loaded', () => {
    const plain = build(path.join(REPO, 'fixtures/example'), path.join(dir, 'plain'), 2);
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toContain('social preview images');
    expect(plain.loaded).toEqual([]);
    expect(existsSync(path.join(dir, 'plain/_sheaf/og'))).toBe(false);
  });
});
