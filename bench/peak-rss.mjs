// Loaded with `--import` into a process the bench times from outside (the CLI, Redocly): at exit
// it appends the process's peak RSS (MiB; worker threads included) and CPU time (ms) as one JSON
// line to the file named by SHEAF_BENCH_PEAK. Nothing else changes in the process.
import { appendFileSync } from 'node:fs';

const file = process.env.SHEAF_BENCH_PEAK;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    appendFileSync(file, JSON.stringify({ peakRssMb: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }) + '\n');
  });
}
