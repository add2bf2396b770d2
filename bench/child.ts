/**
 * Runs one benchmark case in this (fresh) process and prints one JSON line with its measures:
 * wall and CPU time of the runner in milliseconds, the RSS before it ran (the cost of Node, tsx
 * and the modules) and the process's peak RSS, both in MiB. Module loading happens before the
 * clock starts. A runner that measured a process of its own (the CLI) reports those measures
 * instead, with its output's size, the I/O floor and Redocly's run where it has them.
 */
import { CASES } from './cases.js';
import { RUNNERS } from './runners/index.js';

const name = process.argv[2];
const benchCase = CASES.find((c) => c.name === name);
const runner = benchCase && RUNNERS[benchCase.kind];
if (!benchCase || !runner) {
  console.error(`unknown case or kind: ${name}`);
  process.exit(2);
}
const baseRssMb = process.memoryUsage().rss / 2 ** 20;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await runner(benchCase.input);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const peakRssMb = process.resourceUsage().maxRSS / 1024; // maxRSS is in kilobytes
const own = { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb };
const { measured, output, floorMs, redocly, table } = result;
process.stdout.write(JSON.stringify({ items: result.items, notes: result.notes ?? '', baseRssMb, ...own, ...measured, output, floorMs, redocly, table }) + '\n');
