import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { htmlPathOf } from '../../src/emit/paths.js';
import { CORPUS, HAS_CORPUS } from './corpus-path.js';
import { corpusSite } from './corpus-site.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = path.join(CORPUS, 'mintlify');
const PROJECTS = HAS_CORPUS
  ? readdirSync(ROOT).filter((n) => ['docs.json', 'mint.json'].some((f) => existsSync(path.join(ROOT, n, f)))).sort()
  : [];

describe.skipIf(!HAS_CORPUS)('Mintlify corpus: every project builds (compiled CLI, workers on)', () => {
  it.each(PROJECTS)('%s', (name) => {
    // The build shared by the corpus files (corpus-site.ts: the compiled CLI, --no-cache, once per run).
    const { out, result } = corpusSite(name);
    const byCode: Record<string, number> = {};
    for (const d of result.diagnostics) byCode[d.code] = (byCode[d.code] ?? 0) + 1;
    console.log(
      `${name}: ${result.stats?.pages} pages, ${result.stats?.files} files, ${((result.stats?.bytes ?? 0) / 1e6).toFixed(1)} MB, ` +
        `${result.summary.errors} errors, ${result.summary.warnings} warnings, ${(result.summary.durationMs / 1000).toFixed(1)} s`,
      byCode,
    );
    for (const d of result.diagnostics.filter((x) => x.severity === 'error').slice(0, 40)) {
      console.log(`  ${d.file}:${d.line}:${d.column} ${d.code} ${d.message.split('\n')[0]}`);
    }
    expect(byCode['internal/error'] ?? 0).toBe(0);
    expect(result.stats?.pages).toBeGreaterThan(50);
    // Every problem names its file and position.
    for (const d of result.diagnostics.filter((x) => x.severity !== 'info')) expect([typeof d.file, typeof d.line]).toEqual(['string', 'number']);
    // Every page of the site was written.
    const pages = (JSON.parse(spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'check', path.join(ROOT, name), '--print-navigation'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).stdout) as { pages: { route: string }[] }).pages;
    const missing = pages.filter((p) => !existsSync(path.join(out, htmlPathOf(p.route, 'directory'))));
    expect(missing).toEqual([]);
    for (const f of ['404.html', 'sitemap.xml', 'llms.txt', 'llms-full.txt', '_sheaf/search-index.js', '_sheaf/search-records.json']) {
      expect(existsSync(path.join(out, f)), f).toBe(true);
    }
  });
});
