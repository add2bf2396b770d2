/** Lone UTF-16 surrogates: `encodeURIComponent` throws on them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Percent-encodes every character outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`), as
 * the OpenAPI specification advises for parameter data: `encodeURIComponent`, plus `!'()*`,
 * which it leaves alone but browsers' URL parsers encode in a query (so a request sent from the
 * page keeps the bytes the samples show). A lone surrogate becomes U+FFFD.
 */
export function percentEncode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
