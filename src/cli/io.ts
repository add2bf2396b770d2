import { readFileSync } from 'node:fs';
import path from 'node:path';
/** The CLI's window on the world, so commands can be tested without a process. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly color: boolean;
  /** Writes a progress line on a terminal; absent when output is not a TTY. */
  readonly progress?: (text: string) => void;
}

/** The real process streams; colour only on a TTY and when NO_COLOR is unset. */
export function processIO(): CliIO {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    color: !!process.stderr.isTTY && !process.env['NO_COLOR'] && process.env['TERM'] !== 'dumb',
    ...(process.stderr.isTTY ? { progress: (t: string) => process.stderr.write(t) } : {}),
  };
}

/** Reads project files for code frames, each file once (big OpenAPI documents carry many warnings). */
export function cachedReader(root: string): (file: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (file) => {
    if (!texts.has(file)) {
      try {
        texts.set(file, readFileSync(path.join(root, file), 'utf8'));
      } catch {
        texts.set(file, undefined);
      }
    }
    return texts.get(file);
  };
}
