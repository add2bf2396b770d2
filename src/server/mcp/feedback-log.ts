import { appendFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** One report of the feedback tool, as a line of the log. */
export interface FeedbackEntry {
  /** ISO 8601 time it was received. */
  readonly time: string;
  /** The path the agent gave. */
  readonly path: string;
  /** The page's route when the path names one. */
  readonly route: string | null;
  readonly problem: string;
  /** The client's name and version from initialize, when the connection keeps them (stdio; not stateless HTTP). */
  readonly client?: string;
}

export interface FeedbackLog {
  /** The log file (JSON Lines). */
  readonly file: string;
  /** Appends one entry; false when the log is full (MAX_LOG_BYTES), rejects when the disk refuses. */
  append(entry: FeedbackEntry): Promise<boolean>;
}

/** The log's name in a data folder. */
export const FEEDBACK_FILE = 'mcp-feedback.jsonl';
/** The log stops growing at this size (the operator reads and empties it). */
export const MAX_LOG_BYTES = 50 * 1024 * 1024;

/**
 * The feedback agents send through the MCP server: one JSON line per report appended to
 * `<dataDir>/mcp-feedback.jsonl`. A line is written by one `appendFile` (O_APPEND), so the serving
 * workers of `sheaf host` can share the file.
 */
export function createFeedbackLog(dataDir: string, maxBytes = MAX_LOG_BYTES): FeedbackLog {
  const file = path.join(dataDir, FEEDBACK_FILE);
  return {
    file,
    async append(entry) {
      const size = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
      const line = JSON.stringify(entry) + '\n';
      if (size + Buffer.byteLength(line) > maxBytes) return false;
      await mkdir(dataDir, { recursive: true });
      await appendFile(file, line, { mode: 0o600 });
      return true;
    },
  };
}
