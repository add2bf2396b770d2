/** `<api-key>`, `<string>`, `{id}`: shown as written in URLs, never percent-encoded. */
const PLACEHOLDER = /^(?:<[^<>\s]*>|\{[^{}\s]*\})$/;

/**
 * Percent-encodes one query-string name or value, keeping placeholders readable and the
 * characters RFC 3986 allows in a query (`:`, `@`, `/`, `?`, `,`, `$`) as they are.
 */
export function encodeQuery(text: string): string {
  if (PLACEHOLDER.test(text)) return text;
  return encodeURIComponent(text).replace(/%(3A|40|2F|3F|2C|24)/gi, (m) => decodeURIComponent(m));
}

/** Percent-encodes a path segment value (placeholders as written). */
export function encodePathValue(text: string): string {
  return PLACEHOLDER.test(text) ? text : encodeURIComponent(text).replace(/%(3A|40|2C|24)/gi, (m) => decodeURIComponent(m));
}
