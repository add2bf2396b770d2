import type { BuildProgress, BuildResult } from '../api/build.js';
import { formatDiagnostics } from '../diagnostics/format-terminal.js';
import type { ReadPolicy } from '../model/project.js';
import { cachedReader, type CliIO } from './io.js';

/** Columns of the bar between its brackets. */
const WIDTH = 30;
/** Least time between two redraws, in milliseconds (the last one is always drawn). */
const REDRAW_MS = 80;

/**
 * The `onProgress` of `sheaf build` and `sheaf export`: a bar redrawn in place on a terminal
 * (`[#####.....] 12/60 pages`), ended with a newline at the last page. Undefined when the output
 * is not a terminal, so logs and pipes stay clean.
 */
export function progressBar(io: CliIO, now: () => number = Date.now): ((progress: BuildProgress) => void) | undefined {
  const write = io.progress;
  if (!write) return undefined;
  let lastDraw = 0;
  return ({ done, total }) => {
    const time = now();
    if (time - lastDraw < REDRAW_MS && done < total) return;
    lastDraw = time;
    const filled = total > 0 ? Math.round((done / total) * WIDTH) : WIDTH;
    write(`\r[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} pages`);
    if (done === total) write('\n');
  };
}

/** Megabytes with one decimal, for reports. */
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Writes a build's diagnostics to stderr with code frames from the project's files. The
 * `build/no-site-url` note is left out: the report already says where the site went.
 */
export async function printBuildDiagnostics(result: BuildResult, root: string, io: CliIO, policy?: ReadPolicy): Promise<void> {
  const shown = result.diagnostics.filter((d) => d.severity !== 'info' || d.code !== 'build/no-site-url');
  io.stderr(formatDiagnostics(shown, { color: io.color, readText: await cachedReader(root, shown, policy) }) + '\n');
}
