import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeNode } from '../cli-run.js';
import type { RunnerResult } from './index.js';

const SHEAF = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'sheaf.js');

/**
 * Warm rebuilds of a copy of a corpus project through bin/sheaf.js, with the render cache
 * (`.sheaf/cache`) on: one build fills the cache (not timed), then `sheaf build` is timed with
 * nothing changed, and again after `page` (an MDX file) was edited. The table's wall time is the
 * one-page rebuild; the notes give both. Input: `project`, `page`.
 */
export async function cliRebuild(input: Readonly<Record<string, string>>): Promise<RunnerResult> {
  const root = mkdtempSync(path.join(tmpdir(), 'sheaf-bench-rebuild-'));
  const out = mkdtempSync(path.join(tmpdir(), 'sheaf-bench-rebuild-out-'));
  try {
    cpSync(input['project'] as string, root, { recursive: true, filter: (f) => !/[/\\](node_modules|\.git|\.sheaf)$/.test(f) });
    const args = [SHEAF, 'build', root, '-o', out, '--format', 'json'];
    const fill = await timeNode(args);
    if (fill.code !== 0 && fill.code !== 1) throw new Error(`the first build failed (${fill.code}): ${fill.stderr.slice(-500)}`);
    const unchanged = await timeNode(args);
    const page = path.join(root, input['page'] as string);
    writeFileSync(page, readFileSync(page, 'utf8') + `\n\nEdited for the benchmark ${Date.now()}.\n`);
    const edited = await timeNode(args);
    const pages = (JSON.parse(edited.stdout) as { stats?: { pages: number } }).stats?.pages ?? 0;
    return {
      items: pages,
      notes: `nothing changed ${(unchanged.wallMs / 1000).toFixed(1)} s; one page edited ${(edited.wallMs / 1000).toFixed(1)} s (cache filled in ${(fill.wallMs / 1000).toFixed(1)} s)`,
      measured: { wallMs: edited.wallMs, cpuMs: edited.cpuMs, peakRssMb: edited.peakRssMb },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}
