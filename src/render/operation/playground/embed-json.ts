const UNSAFE: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for the content of a `<script type="application/json">`: `<`, `>` and `&` become
 * `\u003c`-style escapes, so no `</script>` or `<!--` in a string can end or confuse the element,
 * and the text still parses with `JSON.parse` to the same value.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE[c] ?? c);
}
