/**
 * Limits on the shape of input, checked while parsing so hostile or broken files end in one
 * diagnostic instead of a stack overflow or an out-of-memory crash. Byte caps on reading files
 * live with the readers (`src/load/read-policy.ts`); these are about structure and output.
 */

/**
 * Levels of nested objects and arrays a JSON or YAML file may have: docs.json and its `$ref`
 * includes (also after merging them), OpenAPI documents and the files they reference, page
 * frontmatter. The deepest real document seen (Zoom's OpenAPI description) has 28 levels; 256
 * leaves a wide margin while every recursive walk over the value stays far from Node's stack limit.
 */
export const MAX_NESTING_DEPTH = 256;

/**
 * Nodes (objects, arrays and scalars) that YAML aliases may add to a document when every alias
 * is counted as a copy of what it names: 1,000,000. Real documents that use anchors add a few
 * thousand at most; a "billion laughs" file adds 10^9 from a few hundred bytes.
 */
export const MAX_ALIAS_NODES = 1_000_000;

/** Characters of a source line a code frame shows around the column (half on each side). */
export const FRAME_WINDOW_CHARS = 160;

/** Characters of a diagnostic's message or hint; longer ones are cut in the middle. */
export const MAX_MESSAGE_CHARS = 2_000;

/** Diagnostics of one code in one file printed in full before the rest are summarized in one line. */
export const SHOWN_PER_CODE_AND_FILE = 10;
