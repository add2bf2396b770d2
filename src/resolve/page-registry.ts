import type { Diagnostic } from '../model/diagnostic.js';
import type { SitePage } from '../model/site.js';
import { createDiagnostic } from '../diagnostics/create.js';

/** Where a page was claimed from, for conflict messages. */
export interface ClaimOrigin {
  readonly file: string;
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
}

/** Routes where the site's search MCP server answers (mintlify__docs `ai/model-context-protocol.mdx`: Mintlify reserves them). */
const RESERVED_ROUTES: ReadonlySet<string> = new Set(['/mcp', '/authed/mcp']);

interface Entry {
  page: SitePage;
  identity: string;
  origin: ClaimOrigin;
  shown: boolean;
  forcedHidden: boolean;
}

/**
 * Collects the pages of a site by route. Two claims with the same identity (the same MDX file,
 * or the same operation of the same document) are one page; two different claims of one route
 * are a `nav/route-conflict`. A page at a route the MCP server answers is a `nav/reserved-route`. A page is hidden unless some visible navigation entry shows it.
 */
export function createPageRegistry() {
  const entries = new Map<string, Entry>();
  const diagnostics: Diagnostic[] = [];

  /** Registers a page; returns false (and reports) when the route belongs to another page. */
  function claim(page: SitePage, identity: string, origin: ClaimOrigin): boolean {
    const existing = entries.get(page.route);
    if (!existing) {
      if (RESERVED_ROUTES.has(page.route)) {
        diagnostics.push(
          createDiagnostic('nav/reserved-route', {
            message: `${describe(page)} is published at \`${page.route}\`, where the site's search MCP server answers (as on Mintlify, which reserves the path): served by \`sheaf host\` or \`sheaf dev\`, the page cannot be reached there.`,
            ...origin,
            hint: 'Move the page to another path (rename its file, or give the operation `x-mint.href`).',
          }),
        );
      }
      entries.set(page.route, { page, identity, origin, shown: false, forcedHidden: page.hidden });
      return true;
    }
    if (existing.identity === identity) return true;
    diagnostics.push(
      createDiagnostic('nav/route-conflict', {
        message: `Two pages want the route \`${page.route}\`: ${describe(existing.page)} and ${describe(page)}.`,
        ...origin,
        hint: 'Rename one of them, or give the operation its own path with `x-mint.href`.',
        related: [{ ...existing.origin, message: `the route was first taken by ${describe(existing.page)}` }],
      }),
    );
    return false;
  }

  /** Marks a route as shown by a navigation entry that is not hidden. */
  function show(route: string): void {
    const entry = entries.get(route);
    if (entry) entry.shown = true;
  }

  function has(route: string): boolean {
    return entries.has(route);
  }

  /** The pages sorted by route, with `hidden` settled. */
  function pages(): SitePage[] {
    return [...entries.values()]
      .map((e) => ({ ...e.page, hidden: e.forcedHidden || !e.shown }))
      .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  }

  return { claim, show, has, pages, diagnostics };
}

export type PageRegistry = ReturnType<typeof createPageRegistry>;

function describe(page: SitePage): string {
  if (page.operation) {
    const { method, path, document } = page.operation;
    return `\`${method} ${path}\` of \`${document}\``;
  }
  return `\`${page.source}\``;
}
