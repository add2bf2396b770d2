/**
 * `{name}` placeholders in sample URLs (path parameters without an example, server variables
 * without a default). httpsnippet parses URLs with Node's `url.parse`, which percent-encodes
 * braces and breaks hosts holding them, so each placeholder goes in as a token made of
 * lowercase letters, digits and dashes (valid in hosts and paths, kept by every target), and
 * `restorePlaceholders` puts the braces back in the generated code.
 */

const token = (n: number) => `sheaf-placeholder-${n}-x`;
const TOKEN = /sheaf-placeholder-(\d+)-x/g;

/** The token standing for placeholder `name`, added to `names` (the table of one URL) if new. */
export function placeholderToken(names: string[], name: string): string {
  let n = names.indexOf(name);
  if (n < 0) n = names.push(name) - 1;
  return token(n);
}

/** Replaces the tokens of `names` in generated code by `{name}`. */
export function restorePlaceholders(code: string, names: readonly string[]): string {
  return names.length === 0 ? code : code.replace(TOKEN, (m, n: string) => (names[Number(n)] !== undefined ? `{${names[Number(n)]}}` : m));
}
