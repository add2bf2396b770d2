/**
 * Limits on what diagnostics show, so a hostile or broken file cannot flood the output. Limits on
 * the shape of input live with the parsers (`src/parse/nesting-limits.ts`), byte caps on reading
 * files with the readers (`src/project-fs/read-policy.ts`).
 */

/** Characters of a source line a code frame shows around the column (half on each side). */
export const FRAME_WINDOW_CHARS = 160;

/** Characters of a diagnostic's message or hint; longer ones are cut in the middle. */
export const MAX_MESSAGE_CHARS = 2_000;

/** Diagnostics of one code in one file printed in full before the rest are summarized in one line. */
export const SHOWN_PER_CODE_AND_FILE = 10;
