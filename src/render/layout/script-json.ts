/**
 * A value as JSON text safe inside an HTML `<script>` element (a JSON-LD block, a JavaScript
 * literal): `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`, so no `</script>` or `<!--` can end
 * or change the element, and U+2028/U+2029 escaped for older JavaScript parsers. The text parses
 * to the same value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
