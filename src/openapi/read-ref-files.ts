import { mapLimited } from '../project-fs/map-limited.js';
import { parseSource } from './parse-source.js';
import type { Problem, SourceText } from './problem.js';
import { fetchRemote, isRemote, readLocal } from './read-source.js';
import { displayOf } from './ref-target.js';

/** Files read at the same time while following `$ref`s. */
const CONCURRENCY = 32;

/** A file taking part in one document: the root, or a file reached through a `$ref`. */
export interface RefFile {
  /** Absolute path or URL: the name the bundler uses. */
  readonly key: string;
  /** Project-relative POSIX path or URL: the name used in diagnostics. */
  readonly display: string;
  readonly value: unknown;
  readonly source: SourceText;
}

/** Why a referenced file is not available; `problem` is set when the file itself is at fault. */
export interface RefFileFailure {
  readonly reason: string;
  readonly problem?: Problem;
}

export interface ReadContext {
  /** Absolute project root: local files must lie inside its real path (or `allowOutside`). */
  readonly root: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  /** Folders outside the root that the project's links may lead into (`--allow-outside`). */
  readonly allowOutside?: readonly string[];
  /** Bytes of each file, local or fetched (default 100 MB). */
  readonly maxBytes?: number;
}

/**
 * Reads and parses referenced files (absolute paths or URLs), several at a time. Returns one
 * result per key, in the order of `keys`, whatever order the reads finish in.
 */
export async function readRefFiles(keys: readonly string[], context: ReadContext): Promise<(RefFile | RefFileFailure)[]> {
  return mapLimited(keys, CONCURRENCY, (key) => readRefFile(key, context));
}

async function readRefFile(key: string, context: ReadContext): Promise<RefFile | RefFileFailure> {
  const remote = isRemote(key);
  const display = displayOf(context.root, key);
  const read = remote ? await fetchRemote(key, context.fetch, context.timeoutMs, context.maxBytes) : await readLocal(key, context);
  if (!read.ok) {
    return { reason: read.missing && !remote ? `the file \`${display}\` does not exist` : `\`${display}\` could not be read: ${read.reason}` };
  }
  const parsed = parseSource(read.text, display, read.syntax);
  if (!parsed.ok) return { reason: `\`${display}\` is not valid ${read.syntax.toUpperCase()}`, problem: parsed.problem };
  return { key, display, value: parsed.value, source: { text: read.text, syntax: read.syntax } };
}
