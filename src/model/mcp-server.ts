/**
 * Whether a built site serves an MCP server at `<site root>/mcp`. Not yet: Sheaf writes a static
 * site, and an MCP server is a program answering requests (issue 22 adds one). This is the one
 * flag to turn on then: while it is off, the contextual menu leaves out the options that connect
 * to that server (`MCP_CONTEXTUAL_OPTIONS`, with `build/contextual-unavailable`; their code stays
 * in src/render/layout/contextual-options.ts), and the settings table lists them as not rendered.
 */
export const SITE_MCP_SERVER: boolean = false;

/** The built-in `contextual.options` that point readers at the site's MCP server (`$mcp`). */
export const MCP_CONTEXTUAL_OPTIONS: readonly string[] = ['mcp', 'add-mcp', 'cursor', 'vscode'];

/** Why those options are left out while the site has no MCP server (a clause for a diagnostic or a table cell). */
export const NO_MCP_SERVER = 'Sheaf serves no MCP server yet (a static site has none to connect to), so the option would lead nowhere';
