/**
 * Benchmark harness: `npx tsx bench/run.ts [filter] [--runs N]`. Runs each case of `cases.ts`
 * (whose name contains `filter`) N times (default 3), each time in a fresh child process, prints a
 * table of medians and writes all runs as JSON to `bench/results/` (gitignored). A `cli:` case
 * runs `bin/sheaf.js build` as a user does and shows its time as a multiple of the case's I/O
 * floor and, for one OpenAPI document, of `redocly build-docs` on it, each measured in the same
 * run. Timings are measures, not assertions: nothing here fails on a slow run.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CASES, type BenchCase } from './cases.js';

interface Measure {
  readonly items: number;
  readonly notes: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly baseRssMb: number;
  readonly peakRssMb: number;
  readonly output?: { readonly files: number; readonly bytes: number };
  readonly floorMs?: number;
  readonly redocly?: { readonly wallMs: number; readonly peakRssMb: number };
  readonly table?: string;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

function parseArgs(argv: readonly string[]): { filter: string; runs: number } {
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt === -1 ? 3 : Math.max(1, Number(argv[runsAt + 1]) || 1);
  const filter = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--runs').join(' ');
  return { filter, runs };
}

async function measure(benchCase: BenchCase): Promise<Measure> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(HERE, 'child.ts'), benchCase.name], {
    cwd: path.dirname(HERE),
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Measure;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

const { filter, runs } = parseArgs(process.argv.slice(2));
const selected = CASES.filter((c) => c.name.includes(filter));
const header = ['case', 'items', 'wall s', 'cpu s', 'items/s', 'peak RSS MB', 'output MB', 'floor s', '× floor', 'Redocly s', '× Redocly', 'Redocly MB', 'notes'];
const rows: string[][] = [header];
const results: { name: string; kind: string; runs: Measure[] }[] = [];

for (const benchCase of selected) {
  const missing = benchCase.requires.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.log(`skipped ${benchCase.name}: missing ${missing.join(', ')}`);
    continue;
  }
  const measures: Measure[] = [];
  for (let i = 0; i < runs; i += 1) measures.push(await measure(benchCase));
  results.push({ name: benchCase.name, kind: benchCase.kind, runs: measures });
  const wall = median(measures.map((m) => m.wallMs));
  const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
  const floors = measures.flatMap((m) => (m.floorMs === undefined ? [] : [m.floorMs]));
  const redoclyRuns = measures.flatMap((m) => (m.redocly ? [m.redocly] : []));
  const floor = floors.length ? median(floors) : undefined;
  const redocly = redoclyRuns.length ? median(redoclyRuns.map((r) => r.wallMs)) : undefined;
  const output = measures[0]?.output;
  rows.push([
    benchCase.name,
    String(measures[0]?.items ?? 0),
    seconds(wall),
    seconds(median(measures.map((m) => m.cpuMs))),
    wall > 0 ? Math.round(((measures[0]?.items ?? 0) * 1000) / wall).toLocaleString('en-US') : '-',
    median(measures.map((m) => m.peakRssMb)).toFixed(0),
    output ? (output.bytes / 1e6).toFixed(0) : '-',
    seconds(floor),
    floor ? (wall / floor).toFixed(1) : '-',
    seconds(redocly),
    redocly ? (wall / redocly).toFixed(2) : '-',
    redoclyRuns.length ? median(redoclyRuns.map((r) => r.peakRssMb)).toFixed(0) : '-',
    measures[0]?.notes ?? '',
  ]);
  console.log(`measured ${benchCase.name}`);
}

console.log(`\n${table(rows)}\n(median of ${runs} run${runs === 1 ? '' : 's'}, each in a fresh process; node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'})`);
for (const r of results) {
  // A case's own table (the serving case's cells), from its last run.
  const own = r.runs.at(-1)?.table;
  if (own) console.log(`\n${r.name}:\n${own}`);
}
const dir = path.join(HERE, 'results');
await mkdir(dir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const report = { date: new Date().toISOString(), node: process.version, cpu: os.cpus()[0]?.model, runs, results };
await writeFile(path.join(dir, `bench-${stamp}.json`), JSON.stringify(report, null, 2) + '\n');
await writeFile(path.join(dir, 'latest.json'), JSON.stringify(report, null, 2) + '\n');
console.log(`results written to ${path.relative(process.cwd(), path.join(dir, 'latest.json'))}`);
