/**
 * The contextual menu's links whose URL depends on where the site is served (the page's absolute
 * URL, the MCP server's) or on the page's Markdown: the layout writes each as JSON in
 * `data-sheaf-contextual-href`, and the browser (src/client/contextual/) fills it in.
 */

/**
 * Placeholders the browser substitutes, as the values it knows only on the page:
 * `page`, the page's Markdown (its `.md` copy); `mcp`, the MCP server's absolute URL (the site
 * root's `mcp`); `md`, the absolute URL of the page's `.md` copy. A template lists those it uses:
 * only those are substituted (a custom option's `$md` stays as written).
 */
export type ContextualVar = 'page' | 'mcp' | 'md';

/** One query parameter; `base64`: the value (placeholders substituted) is Base64-encoded UTF-8. */
export interface ContextualQuery {
  readonly key: string;
  readonly value: string;
  readonly base64?: boolean;
}

/**
 * A URL to build in the browser. `url`: `base` followed by `query` (each key and value
 * percent-encoded, after `?`, or after `&` when `base` has a query already). `text`: a URL
 * written whole, each placeholder replaced by its percent-encoded value.
 */
export type ContextualHref =
  | { readonly kind: 'url'; readonly base: string; readonly query: readonly ContextualQuery[]; readonly vars: readonly ContextualVar[] }
  | { readonly kind: 'text'; readonly text: string; readonly vars: readonly ContextualVar[] };
