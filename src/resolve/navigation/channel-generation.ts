import type { AsyncApiSource } from '../../asyncapi/asyncapi-sources.js';
import { originOf } from '../../config/origins.js';
import type { AsyncApiIndex } from '../../model/asyncapi.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ConfigOrigins } from '../../model/project.js';
import type { NavNode } from '../../model/site.js';
import { channelGroups, channelPage, computeChannelRoutes, type ChannelRoute } from '../channel-pages.js';
import type { PageRegistry } from '../page-registry.js';
import type { Scope } from './inheritance.js';

/** The channel routes of one document in one output directory, with the diagnostics computing them gave. */
export interface ChannelRouteTable {
  readonly routes: readonly ChannelRoute[];
  readonly diagnostics: readonly Diagnostic[];
}

/** What channel generation reads. `registry` and `tables` (a memo created per resolution) are the state it changes. */
export interface ChannelContext {
  /** Loaded AsyncAPI documents by file. */
  readonly asyncDocs: ReadonlyMap<string, AsyncApiIndex>;
  readonly origins: ConfigOrigins;
  readonly registry: PageRegistry;
  /** Route tables by `directory\0file`: computed once, so their diagnostics are the same objects wherever they are met. */
  readonly channelTables: Map<string, ChannelRouteTable>;
}

/**
 * Appends the channel pages an element's own `asyncapi` generates (asyncapi-setup.mdx
 * "Auto-populate WebSocket pages"): every source, each its own set of pages, after the
 * element's children (and its OpenAPI groups) as groups by tag (`Websockets` without one).
 * Each page is claimed in the registry (the first claim of a route wins) and shown unless the
 * element is hidden. A source that did not load was reported by the load stage: nothing here.
 */
export function withChannelGeneration(
  pointer: string,
  scope: Scope,
  sources: readonly AsyncApiSource[] | undefined,
  children: { readonly nodes: NavNode[]; readonly diagnostics: Diagnostic[] },
  cx: ChannelContext,
): { nodes: NavNode[]; diagnostics: Diagnostic[] } {
  if (sources === undefined || sources.length === 0) return children;
  const nodes = [...children.nodes];
  const diagnostics = [...children.diagnostics];
  for (const source of sources) {
    const doc = cx.asyncDocs.get(source.source);
    if (!doc) continue;
    const key = `${source.directory ?? ''}\u0000${doc.file}`;
    const table = cx.channelTables.get(key) ?? computeChannelRoutes(doc, source.directory);
    cx.channelTables.set(key, table);
    const shown = new Set<string>();
    for (const { channel, route } of table.routes) {
      const page = channelPage(doc, channel, route, false, scope);
      if (!cx.registry.claim(page, `channel:${doc.file}|${channel.id}`, originOf(cx.origins, `${pointer}/asyncapi`))) continue;
      shown.add(route);
      if (!scope.hidden) cx.registry.show(route);
    }
    nodes.push(...channelGroups(table.routes, shown, scope.hidden));
    diagnostics.push(...table.diagnostics);
  }
  return { nodes, diagnostics };
}
