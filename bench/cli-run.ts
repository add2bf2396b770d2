import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PEAK = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'peak-rss.mjs')).href;

/** What one timed command cost: wall time from spawn to exit, and the largest process's peak RSS and CPU. */
export interface CommandMeasure {
  readonly wallMs: number;
  readonly peakRssMb: number;
  readonly cpuMs: number;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `node <args>` as a user would (a fresh process, cold) with `peak-rss.mjs` loaded into it
 * and into any Node process it starts (NODE_OPTIONS), and measures it from outside.
 */
export function timeNode(args: readonly string[], options: { cwd?: string; env?: Readonly<Record<string, string>> } = {}): Promise<CommandMeasure> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sheaf-bench-peak-'));
  const peakFile = path.join(dir, 'peak.jsonl');
  const env = { ...process.env, ...options.env, SHEAF_BENCH_PEAK: peakFile, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PEAK}`.trim() };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args], { env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      let peakRssMb = 0;
      let cpuMs = 0;
      try {
        for (const line of readFileSync(peakFile, 'utf8').trim().split('\n')) {
          const m = JSON.parse(line) as { peakRssMb: number; cpuMs: number };
          peakRssMb = Math.max(peakRssMb, m.peakRssMb);
          cpuMs += m.cpuMs;
        }
      } catch {
        // No line: the process died before exit handlers ran; the measure says 0.
      }
      rmSync(dir, { recursive: true, force: true });
      resolve({ wallMs, peakRssMb, cpuMs, code, stdout, stderr });
    });
  });
}
