import type { IndexedOperation, OperationIndex } from '../model/openapi.js';
import type { PageSource } from '../model/project.js';
import type { SitePage } from '../model/site.js';
import { slugToTitle } from '../openapi/slug.js';
import { channelTitle } from '../asyncapi/channel-model.js';
import type { PageChannelMatch } from './frontmatter-channels.js';
import type { PageOperationMatch } from './frontmatter-operations.js';
import { pageRoute } from './page-routes.js';

/** The division context a page is found in. */
export interface PageContext {
  readonly version?: string;
  readonly language?: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function contextFields(ctx: PageContext): Pick<SitePage, 'version' | 'language'> {
  return { ...(ctx.version ? { version: ctx.version } : {}), ...(ctx.language ? { language: ctx.language } : {}) };
}

/**
 * The site page of an MDX/Markdown file; with an `openapi:` match it is an operation page, else
 * with an `asyncapi:` match (`channel`) a channel page, titled by the channel when it has no title.
 */
export function mdxPage(page: PageSource, match: PageOperationMatch | undefined, ctx: PageContext, channel?: PageChannelMatch): SitePage {
  const fm = page.frontmatter;
  const onChannel = match ? undefined : channel;
  const title =
    text(fm['title']) ??
    (match ? operationTitle(match.op, page.path) : onChannel ? channelTitle(onChannel.channel.id, onChannel.channel.title) : slugToTitle(page.path));
  return {
    route: pageRoute(page.path),
    kind: match ? (match.webhook ? 'webhook' : 'operation') : onChannel ? 'channel' : 'mdx',
    source: page.file,
    title,
    ...(text(fm['sidebarTitle']) ? { sidebarTitle: text(fm['sidebarTitle']) } : {}),
    ...(text(fm['description']) ? { description: text(fm['description']) } : {}),
    hidden: fm['hidden'] === true,
    ...(fm['deprecated'] === true || match?.op.deprecated ? { deprecated: true } : {}),
    ...(match ? { operation: pageOperation(match.doc, match.op, match.webhook) } : {}),
    ...(onChannel ? { channel: { document: onChannel.doc.file, channel: onChannel.channel.id } } : {}),
    ...(!match && apiMethod(fm['api']) ? { apiMethod: apiMethod(fm['api']) } : {}),
    ...contextFields(ctx),
    ...tagField(fm['tag']),
  };
}

/** The page's `tag` when it is a non-blank string, trimmed. */
function tagField(value: unknown): Pick<SitePage, 'tag'> {
  const tag = text(value)?.trim();
  return tag ? { tag } : {};
}

const API_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']);

/** The method of an `api: "<METHOD> <url>"` frontmatter value, uppercase; undefined when it names none (render reports why). */
function apiMethod(value: unknown): string | undefined {
  const method = typeof value === 'string' ? value.trim().split(/\s+/)[0]?.toUpperCase() : undefined;
  return method && API_METHODS.has(method) ? method : undefined;
}

/** The site page generated for an operation or webhook at `route`. */
export function operationPage(
  doc: OperationIndex,
  op: IndexedOperation,
  webhook: boolean,
  route: string,
  ctx: PageContext,
): SitePage {
  const meta = op.xMint?.metadata ?? {};
  const version = text(meta['version']) ?? ctx.version;
  return {
    route,
    kind: webhook ? 'webhook' : 'operation',
    source: doc.file,
    title: text(meta['title']) ?? (webhook ? slugToTitle(route) : operationTitle(op, route)),
    ...(text(meta['sidebarTitle']) ? { sidebarTitle: text(meta['sidebarTitle']) } : {}),
    // The operation's own description is Markdown, rendered in the page body; the page-level
    // description (a plain-text lede, meta tag and llms.txt entry) comes only from x-mint.
    ...(text(meta['description']) ? { description: text(meta['description']) } : {}),
    hidden: op.hidden,
    ...(op.deprecated || meta['deprecated'] === true ? { deprecated: true } : {}),
    operation: pageOperation(doc, op, webhook),
    ...contextFields({ ...ctx, ...(version ? { version } : {}) }),
    ...tagField(meta['tag']),
  };
}

function operationTitle(op: IndexedOperation, routeOrPath: string): string {
  return text(op.xMint?.metadata?.['title']) ?? text(op.summary) ?? slugToTitle(routeOrPath);
}

function pageOperation(doc: OperationIndex, op: IndexedOperation, webhook: boolean): NonNullable<SitePage['operation']> {
  const method = op.method.toUpperCase() as Uppercase<typeof op.method>;
  return { document: doc.file, method: webhook ? 'WEBHOOK' : method, path: op.path, ...(webhook ? { webhookMethod: method } : {}) };
}
