import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check } from '../../src/api/check.js';
import { readOptions } from '../../src/cli/check-command.js';
import { createMdxCache } from '../../src/render/mdx/index.js';
import { createRenderPool } from '../../src/render/render-pool.js';
import { runMdxTask } from '../../src/render/render-task.js';

const STACK_LINE = /\n\s+at /;

/** A project with a docs.json and one page. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sheaf-debug-'));
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'T', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } }));
  writeFileSync(path.join(root, 'index.mdx'), '# Home\n');
  return root;
}

describe('stack traces in internal/error: decided at the edge, passed in', () => {
  const saved = process.env['SHEAF_DEBUG'];
  afterEach(() => {
    if (saved === undefined) delete process.env['SHEAF_DEBUG'];
    else process.env['SHEAF_DEBUG'] = saved;
  });

  it('the API adds the stack to an exception while loading only with `debug`, whatever the environment says', async () => {
    process.env['SHEAF_DEBUG'] = '1';
    // A number where an output folder's name belongs stands for a bug: loading throws on it.
    const buggy = { root: project(), outputDirs: [42 as unknown as string] };
    const plain = await check(buggy);
    expect(plain.diagnostics.map((d) => d.code)).toEqual(['internal/error']);
    expect(plain.diagnostics[0]?.message).toMatch(/^Sheaf failed unexpectedly while loading the project: [^\n]+$/);
    const debug = await check({ ...buggy, debug: true });
    expect(debug.diagnostics.map((d) => d.code)).toEqual(['internal/error']);
    expect(debug.diagnostics[0]?.message).toMatch(STACK_LINE);
    expect(debug.diagnostics[0]?.hint).toBe('This is a bug in Sheaf; please report it with the input that triggers it.');
  });

  it('a page render that fails is one line, or the stack with `debug` (in this thread and through a pool)', async () => {
    const task = { root: path.join(tmpdir(), 'sheaf-no-such-project'), file: 'index.mdx', variables: {} };
    const plain = await runMdxTask(task, createMdxCache(), false);
    expect(plain.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['internal/error', 'index.mdx', 'Sheaf failed unexpectedly while rendering index.mdx: the page could not be read (missing)'],
    ]);
    const debug = await runMdxTask(task, createMdxCache(), true);
    expect(debug.diagnostics[0]?.message).toMatch(STACK_LINE);
    const pool = createRenderPool(0, true);
    expect((await pool.run(task)).diagnostics[0]?.message).toMatch(STACK_LINE);
    await pool.close();
  });

  it('the CLI hands the debug request of runCli (io.debug) to the load options', () => {
    expect(readOptions({}, {})).toEqual({});
    expect(readOptions({ maxPageBytes: 10 }, { debug: true })).toEqual({ debug: true, maxPageBytes: 10 });
  });
});
