import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sheaf as run } from './run-sheaf.js';

/** `sheaf ARGS…` in this process with `env` laid over the environment. */
const sheaf = (env: Record<string, string>, ...args: string[]) => run(args, env);

/** A project with one API group whose OpenAPI document is `openapi`. */
function project(openapi: string, file = 'openapi.yaml'): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sheaf-cli-hostile-'));
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'T', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'API', openapi: file }] } }));
  writeFileSync(path.join(root, file), openapi);
  return root;
}

describe('sheaf check on hostile and invalid input', () => {
  it('reports an invalid OpenAPI document with positions (the issue’s example)', async () => {
    const r = await sheaf({}, 'check', project('openapi: 3.0.3\ninfo:\n  title: T\npaths:\n  /x:\n    get:\n      responses: 12\n'));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('openapi.yaml:2:1  warning  `/info` has no `version`, which the OpenAPI 3.0 schema requires of an Info Object.  [openapi/schema-violation]');
    expect(r.stderr).toContain('openapi.yaml:7:7  warning  `/paths/~1x/get/responses` must be object, not a number.  [openapi/schema-violation]');
    expect(r.stderr).toContain('0 errors, 2 warnings');
  });

  it('ends a docs.json nested 10,000 deep with one diagnostic and no stack trace', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sheaf-cli-hostile-'));
    writeFileSync(path.join(root, 'docs.json'), `{"theme":"mint","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    for (const env of [{}, { SHEAF_DEBUG: '1' }] as Record<string, string>[]) {
      const r = await sheaf(env, 'check', root, '--format', 'json');
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] };
      expect(out.diagnostics.map((d) => d.code)).toEqual(['config/too-deep']);
      expect(r.stdout + r.stderr).not.toContain('Maximum call stack size exceeded');
      expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
