/**
 * Runs one benchmark case in this (fresh) process and prints one JSON line with its measures:
 * wall and CPU time of the runner in milliseconds, the RSS before it ran (the cost of Node, tsx
 * and the modules) and the process's peak RSS, both in MiB. Module loading happens before the
 * clock starts.
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
process.stdout.write(
  JSON.stringify({ items: result.items, notes: result.notes ?? '', wallMs, cpuMs: (cpu.user + cpu.system) / 1000, baseRssMb, peakRssMb }) + '\n',
);
