import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeNode } from '../cli-run.js';
import { ioFloorMs, outputSize } from '../io-floor.js';
import { makeOpenApiProject } from '../openapi-project.js';
import { REDOCLY_ENV, redoclyCli } from '../redocly.js';
import { scaleDocument } from '../scale-document.js';
import type { RunnerResult } from './index.js';

const SHEAF = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'sheaf.js');

/** What `sheaf build --format json` prints (the parts read here). */
interface BuildJson {
  readonly stats?: { readonly pages: number };
  readonly summary: { readonly errors: number; readonly warnings: number };
  readonly diagnostics: readonly { readonly code: string }[];
}

/**
 * `sheaf build <project> -o <tmp> --no-cache` through `bin/sheaf.js`, as a user runs it (cold,
 * a fresh process, start-up included), timed from outside; then, in the same run, the I/O floor
 * of the project and its output (io-floor.ts) and, for a project made of one OpenAPI document,
 * `redocly build-docs` on that document. Input: `project` (a folder), or `openapiRoot` and
 * `openapi` (a corpus document wrapped in a throwaway project, `factor` times larger when given).
 */
export async function cliBuild(input: Readonly<Record<string, string>>): Promise<RunnerResult> {
  const made = input['openapi'] ? makeOpenApiProject(input['openapiRoot'] as string, input['openapi']) : undefined;
  const root = made?.root ?? (input['project'] as string);
  const out = mkdtempSync(path.join(tmpdir(), 'sheaf-bench-out-'));
  const redoclyOut = mkdtempSync(path.join(tmpdir(), 'sheaf-bench-redocly-'));
  try {
    let documentMb = '';
    if (made && input['factor']) {
      const file = path.join(root, made.spec);
      const scaled = JSON.stringify(scaleDocument(JSON.parse(readFileSync(file, 'utf8')), Number(input['factor'])));
      writeFileSync(file, scaled);
      documentMb = `${(scaled.length / 1e6).toFixed(0)} MB document, `;
    }
    const sheaf = await timeNode([SHEAF, 'build', root, '-o', out, '--no-cache', '--format', 'json']);
    const printed = JSON.parse(sheaf.stdout) as BuildJson;
    const internal = printed.diagnostics.filter((d) => d.code === 'internal/error').length;
    const size = outputSize(out);
    rmSync(out, { recursive: true, force: true });
    const floorMs = await ioFloorMs(root, size.files, size.bytes);
    let redocly: RunnerResult['redocly'];
    const cli = made ? redoclyCli() : undefined;
    if (made && cli) {
      const spec = path.join(root, made.spec);
      const run = await timeNode([cli, 'build-docs', spec, '-o', path.join(redoclyOut, 'redoc.html')], { env: REDOCLY_ENV });
      redocly = run.code === 0 ? { wallMs: run.wallMs, peakRssMb: run.peakRssMb } : undefined;
      if (run.code !== 0) console.error(`redocly build-docs failed (${run.code}): ${run.stderr.trim().split('\n').slice(-2).join(' ')}`);
    }
    return {
      items: printed.stats?.pages ?? 0,
      notes: `${documentMb}${size.files} files, ${printed.summary.errors} errors, ${internal} internal`,
      measured: { wallMs: sheaf.wallMs, cpuMs: sheaf.cpuMs, peakRssMb: sheaf.peakRssMb },
      output: { files: size.files, bytes: size.bytes },
      floorMs,
      ...(redocly ? { redocly } : {}),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(redoclyOut, { recursive: true, force: true });
    if (made) rmSync(made.root, { recursive: true, force: true });
  }
}
