/**
 * Limits on the shape of parsed input, checked while parsing so hostile or broken files end in one
 * diagnostic instead of a stack overflow or an out-of-memory crash.
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
