import type { Diagnostic } from '../../model/diagnostic.js';
import type { IndexedOperation, OperationIndex } from '../../model/openapi.js';
import type { ConfigOrigins, PageSource } from '../../model/project.js';
import type { NavDivisionNode, NavGroupNode, NavNode, NavPageNode, SitePage } from '../../model/site.js';
import type { OperationReference } from '../../openapi/reference.js';
import { originOf } from '../../config/origins.js';
import { createDiagnostic } from '../../diagnostics/create.js';
import type { PageOperationMatch } from '../frontmatter-operations.js';
import { lookupReference } from '../frontmatter-operations.js';
import { generateGroups } from '../generate-groups.js';
import { operationKey } from '../operation-routes.js';
import type { PageRegistry } from '../page-registry.js';
import { mdxPage, operationPage } from '../site-pages.js';
import { referenceCandidates } from './explicit-references.js';
import { pageNotFound } from './file-path-fallback.js';
import { inheritedSource, type OpenApiOwner, type Scope } from './inheritance.js';
import { mdxConflict } from './mdx-conflict.js';
import type { DivisionItem, EntryItem, GroupItem, NavigationTree, NavItem } from './navigation-tree.js';
import { bulkOperations } from './x-hidden.js';
import { withChannelGeneration, type ChannelContext } from './channel-generation.js';
import type { PageChannelMatch } from '../frontmatter-channels.js';
import { routeTableOf, type RouteTables } from './x-mint-href.js';

/**
 * What pass 3 reads besides the tree. `registry` is the only state it changes (with the channel
 * route memo of `ChannelContext`), created per resolution.
 */
export interface BuildContext extends ChannelContext {
  readonly pages: ReadonlyMap<string, PageSource>;
  readonly docs: ReadonlyMap<string, OperationIndex>;
  readonly docList: readonly OperationIndex[];
  readonly failed: readonly string[];
  readonly mdxOperations: ReadonlyMap<string, PageSource>;
  readonly frontmatterMatches: ReadonlyMap<string, PageOperationMatch>;
  /** The channels MDX pages document through `asyncapi` frontmatter, by page path. */
  readonly channelMatches: ReadonlyMap<string, PageChannelMatch>;
  readonly origins: ConfigOrigins;
  /** Pointers of the elements whose bulk generation is off (pass 2). */
  readonly explicit: ReadonlySet<string>;
  readonly registry: PageRegistry;
  /** Route tables of every document and directory it may publish into (pass 2b). */
  readonly routes: RouteTables;
}

/** Nodes built from some items and the diagnostics met on the way, in the order they were met. */
interface Built<N> {
  readonly nodes: N[];
  readonly diagnostics: Diagnostic[];
}

/**
 * Pass 3: claims every page the tree names or generates in the registry, in document order (the
 * first claim of a route wins), and builds the navigation nodes. Bulk generation of an element
 * runs after its children. Every use of a route table carries its diagnostics (the same objects);
 * each is kept once, where it was first met.
 */
export function buildNavigationNodes(tree: NavigationTree, cx: BuildContext): Built<NavNode> {
  const main = buildItems(tree.children, cx);
  const global = buildItems(tree.globalChildren, cx);
  return { nodes: [...main.nodes, ...global.nodes], diagnostics: [...new Set([...main.diagnostics, ...global.diagnostics])] };
}

function buildItems(items: readonly NavItem[], cx: BuildContext): Built<NavNode> {
  const nodes: NavNode[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const item of items) {
    const built = item.kind === 'entry' ? buildEntry(item, cx) : item.kind === 'group' ? buildGroup(item, cx) : buildDivision(item, cx);
    nodes.push(...built.nodes);
    diagnostics.push(...built.diagnostics);
  }
  return { nodes, diagnostics };
}

/** Appends the groups an element's own document generates (unless pass 2 turned it off) and claims their pages. */
function withBulkGeneration(pointer: string, scope: Scope, owner: OpenApiOwner | undefined, children: Built<NavNode>, cx: BuildContext): Built<NavNode> {
  const doc = owner ? cx.docs.get(owner.source.source) : undefined;
  if (!owner || !doc || cx.explicit.has(owner.pointer)) return children;
  const table = routeTableOf(cx.routes, doc, owner.source.directory);
  for (const { op, webhook, route, listed } of bulkOperations(doc, table.routes)) {
    registerOperation(doc, op, webhook, route, scope, `${pointer}/openapi`, listed, cx);
  }
  return {
    nodes: [...children.nodes, ...generateGroups(doc, table.routes, scope.hidden)],
    diagnostics: [...children.diagnostics, ...table.diagnostics],
  };
}

function buildDivision(item: DivisionItem, cx: BuildContext): Built<NavDivisionNode> {
  const children = withChannelGeneration(item.pointer, item.scope, item.asyncapi, withBulkGeneration(item.pointer, item.scope, item.owner, buildItems(item.children, cx), cx), cx);
  const global = buildItems(item.globalChildren, cx);
  const node: NavDivisionNode = {
    type: item.type,
    title: item.title,
    ...(item.icon ? { icon: item.icon } : {}),
    ...(item.href ? { href: item.href } : {}),
    ...(item.hidden ? { hidden: true } : {}),
    ...(item.global ? { global: true } : {}),
    ...(item.default ? { default: true } : {}),
    children: [...children.nodes, ...global.nodes],
  };
  return { nodes: [node], diagnostics: [...children.diagnostics, ...global.diagnostics] };
}

function buildGroup(item: GroupItem, cx: BuildContext): Built<NavGroupNode> {
  const rootBuilt = item.root ? buildEntry(item.root, cx) : { nodes: [], diagnostics: [] };
  const root = rootBuilt.nodes[0]?.route;
  const children = withChannelGeneration(item.pointer, item.scope, item.asyncapi, withBulkGeneration(item.pointer, item.scope, item.owner, buildItems(item.children, cx), cx), cx);
  const diagnostics = [...rootBuilt.diagnostics, ...children.diagnostics];
  if (children.nodes.length === 0 && !root && !item.scope.hidden && !item.owner && !item.asyncapi) {
    diagnostics.push(
      createDiagnostic('nav/empty-group', {
        message: `The group \`${item.title}\` has no pages, so it shows nothing.`,
        ...originOf(cx.origins, item.pointer),
        hint: 'Add pages to it, or remove the group.',
      }),
    );
  }
  const node: NavGroupNode = {
    type: 'group',
    title: item.title,
    ...(item.icon ? { icon: item.icon } : {}),
    ...(item.hidden ? { hidden: true } : {}),
    ...(item.expanded !== undefined ? { expanded: item.expanded } : {}),
    ...(item.tag ? { tag: item.tag } : {}),
    ...(root ? { root } : {}),
    ...(root && (item.scope.directory === 'accordion' || item.scope.directory === 'card') ? { directory: item.scope.directory } : {}),
    children: children.nodes,
  };
  return { nodes: [node], diagnostics };
}

function buildEntry(item: EntryItem, cx: BuildContext): Built<NavPageNode> {
  const { target } = item;
  if (target.kind === 'page') return { nodes: mdxEntry(target.page, item, cx), diagnostics: [] };
  if (target.kind === 'reference') return referenceEntry(item, target.ref, cx);
  return { nodes: [], diagnostics: [pageNotFound(item.text, cx.pages, originOf(cx.origins, item.pointer))] };
}

/** An entry naming an MDX page: claimed always, listed unless its frontmatter hides it. */
function mdxEntry(page: PageSource, item: EntryItem, cx: BuildContext): NavPageNode[] {
  const sitePage = mdxPage(page, cx.frontmatterMatches.get(page.path), item.scope, cx.channelMatches.get(page.path));
  cx.registry.claim(sitePage, `mdx:${page.file}`, originOf(cx.origins, item.pointer));
  if (page.frontmatter['hidden'] === true) return [];
  if (!item.scope.hidden) cx.registry.show(sitePage.route);
  return [navPage(sitePage, item.scope.hidden)];
}

/** An entry naming an operation of the inherited (or file-token) documents. */
function referenceEntry(item: EntryItem, ref: OperationReference, cx: BuildContext): Built<NavPageNode> {
  const candidates = referenceCandidates(ref, item.scope, cx.docs, cx.docList);
  if (!candidates) return { nodes: [], diagnostics: [] };
  const origin = originOf(cx.origins, item.pointer);
  const raw = item.text.trim();
  const result = lookupReference(ref, raw, candidates, cx.docList, cx.failed, origin);
  if (!('match' in result)) return { nodes: [], diagnostics: result.diagnostic ? [result.diagnostic] : [] };
  const { doc, op, webhook } = result.match;
  if (op.excluded) {
    const excluded = createDiagnostic('nav/operation-excluded', {
      message: `\`${raw}\` is marked \`x-excluded\` in \`${doc.file}\`, so it has no page.`,
      ...origin,
      hint: 'Remove the entry, or remove `x-excluded` from the operation.',
    });
    return { nodes: [], diagnostics: [excluded] };
  }
  const conflict = mdxConflict(item.text, doc, op, webhook, cx.mdxOperations, origin);
  const table = routeTableOf(cx.routes, doc, inheritedSource(item.scope, doc, cx.docs, ref.file !== undefined)?.directory);
  const diagnostics = [...(conflict ? [conflict] : []), ...table.diagnostics];
  const route = table.routes.get(operationKey(op, webhook));
  const sitePage = route ? registerOperation(doc, op, webhook, route, item.scope, item.pointer, true, cx) : undefined;
  return { nodes: sitePage ? [navPage(sitePage, item.scope.hidden)] : [], diagnostics };
}

/** Claims an operation's page at `route`; shows it when `listed` and not hidden. Undefined when another page holds the route. */
function registerOperation(
  doc: OperationIndex,
  op: IndexedOperation,
  webhook: boolean,
  route: string,
  scope: Scope,
  pointer: string,
  listed: boolean,
  cx: BuildContext,
): SitePage | undefined {
  const page = operationPage(doc, op, webhook, route, scope);
  if (!cx.registry.claim(page, `op:${doc.file}|${operationKey(op, webhook)}`, originOf(cx.origins, pointer))) return undefined;
  if (listed && !scope.hidden) cx.registry.show(route);
  return page;
}

function navPage(page: SitePage, hidden: boolean): NavPageNode {
  return {
    type: 'page',
    route: page.route,
    title: page.sidebarTitle ?? page.title,
    ...(page.operation ? { method: page.operation.method } : page.apiMethod ? { method: page.apiMethod } : {}),
    ...(hidden ? { hidden: true } : {}),
  };
}
