/**
 * Text shown in sample code exactly as written, never encoded: `{name}` for path parameters
 * without an example and server variables without a default, `<string>` for a parameter value
 * the document gives nothing for. httpsnippet parses URLs with Node's `url.parse`, which
 * percent-encodes braces and breaks hosts holding them, and the serializer percent-encodes
 * `<>`, so each such text goes in as a token made of lowercase letters, digits and dashes
 * (valid in hosts, paths and queries, kept by every target and by percent-encoding), and
 * `restorePlaceholders` puts the text back in the generated code.
 */

const token = (n: number) => `sheaf-placeholder-${n}-x`;
const TOKEN = /sheaf-placeholder-(\d+)-x/g;

/** The token standing for `text` (`{id}`, `<string>`), added to `texts` (the table of one request) if new. */
export function placeholderToken(texts: string[], text: string): string {
  let n = texts.indexOf(text);
  if (n < 0) n = texts.push(text) - 1;
  return token(n);
}

/** Replaces the tokens of `texts` in generated code by their text. */
export function restorePlaceholders(code: string, texts: readonly string[]): string {
  return texts.length === 0 ? code : code.replace(TOKEN, (m, n: string) => texts[Number(n)] ?? m);
}
