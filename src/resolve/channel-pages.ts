import path from 'node:path';
import type { AsyncApiIndex, IndexedChannel } from '../model/asyncapi.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { NavGroupNode, NavPageNode, SitePage } from '../model/site.js';
import { channelTitle } from '../asyncapi/channel-model.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { slugify } from '../openapi/slug.js';
import { DEFAULT_API_DIRECTORY } from './operation-routes.js';
import { unwritableSegment } from './route-segments.js';
import type { PageContext } from './site-pages.js';

/** Group label of channels without tags (Mintlify's `DEFAULT_WEBSOCKETS_GROUP_NAME`). */
export const DEFAULT_CHANNEL_GROUP = 'Websockets';

/** One generated channel page: where it goes and under which navigation group. */
export interface ChannelRoute {
  readonly channel: IndexedChannel;
  readonly route: string;
  /** The group label: the channel's first tag, else `Websockets`. */
  readonly group: string;
}

/**
 * The pages Mintlify generates for a document's channels (its `processAsyncApiChannel`): route
 * `directory/slug(group)/slug(title or id)`, the group being the first tag or `Websockets`; a
 * route already taken in the same group gets `-1`, `-2`…; lowercased. A route a file system cannot
 * hold is left out with `nav/unwritable-route` at the channel. In document order.
 */
export function computeChannelRoutes(index: AsyncApiIndex, directory = DEFAULT_API_DIRECTORY): { routes: ChannelRoute[]; diagnostics: Diagnostic[] } {
  const taken = new Map<string, Set<string>>();
  const routes: ChannelRoute[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const channel of index.channels) {
    const group = channel.tags[0] ?? DEFAULT_CHANNEL_GROUP;
    const base = path.posix.join(directory, slugify(group), slugify(channel.title ?? channel.id));
    const inGroup = taken.get(group) ?? new Set<string>();
    taken.set(group, inGroup);
    let candidate = base;
    for (let n = 1; inGroup.has(candidate); n += 1) candidate = `${base}-${n}`;
    inGroup.add(candidate);
    const route = `/${candidate.toLowerCase()}`;
    const problem = unwritableSegment(route);
    if (problem) {
      diagnostics.push(
        createDiagnostic('nav/unwritable-route', {
          message: `The channel \`${channel.id}\` would be published at \`${route.slice(0, 80)}\`, whose segment ${problem.reason}; its page is not written.`,
          file: index.file,
          pointer: channel.pointer,
          hint: 'Give the channel a shorter `title`, or change the `directory` of its `asyncapi` source.',
        }),
      );
      continue;
    }
    routes.push({ channel, route, group });
  }
  return { routes, diagnostics };
}

/**
 * The site page of a generated channel page. Its title is the channel's `title` (else the id in
 * sentence case); the page description (a plain-text lede) is the channel's `summary`: its
 * `description` is Markdown, rendered in the page body.
 */
export function channelPage(doc: AsyncApiIndex, channel: IndexedChannel, route: string, hidden: boolean, ctx: PageContext): SitePage {
  return {
    route,
    kind: 'channel',
    source: doc.file,
    title: channelTitle(channel.id, channel.title),
    ...(channel.summary !== undefined ? { description: channel.summary } : {}),
    hidden,
    channel: { document: doc.file, channel: channel.id },
    ...(ctx.version ? { version: ctx.version } : {}),
    ...(ctx.language ? { language: ctx.language } : {}),
  };
}

/**
 * The navigation generated for a document: one group per label (first tag, else `Websockets`) in
 * the order labels are first seen, pages in channel order; only pages in `shown` (claimed by this
 * document) are listed.
 */
export function channelGroups(routes: readonly ChannelRoute[], shown: ReadonlySet<string>, hidden: boolean): NavGroupNode[] {
  const groups = new Map<string, NavPageNode[]>();
  for (const { channel, route, group } of routes) {
    if (!shown.has(route)) continue;
    const list = groups.get(group) ?? [];
    groups.set(group, list);
    list.push({ type: 'page', route, title: channelTitle(channel.id, channel.title), ...(hidden ? { hidden: true } : {}) });
  }
  return [...groups].map(([title, children]) => ({ type: 'group', title, generated: true, ...(hidden ? { hidden: true } : {}), children }));
}
