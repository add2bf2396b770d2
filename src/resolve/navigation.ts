import type { Diagnostic } from '../model/diagnostic.js';
import type { IndexedOperation, OperationIndex } from '../model/openapi.js';
import type { ConfigOrigins, PageSource } from '../model/project.js';
import type { NavDivision, NavGroupNode, NavNode, NavPageNode, SitePage } from '../model/site.js';
import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { matchDocuments, nearest } from '../openapi/match.js';
import { parseReference } from '../openapi/reference.js';
import { lookupReference, type PageOperationMatch } from './frontmatter-operations.js';
import { generateGroups } from './generate-groups.js';
import { computeOperationRoutes, DEFAULT_API_DIRECTORY, operationKey, writableOperationRoutes } from './operation-routes.js';
import { readOpenApiField, type OpenApiSource } from '../openapi/openapi-sources.js';
import type { PageRegistry } from './page-registry.js';
import { mdxPage, operationPage } from './site-pages.js';

/** Child lists a navigation element may hold, in the order they are read, with their item kind. */
const CHILD_LISTS: readonly (readonly [string, NavDivision | 'group', string])[] = [
  ['products', 'product', 'product'],
  ['languages', 'language', 'language'],
  ['versions', 'version', 'version'],
  ['tabs', 'tab', 'tab'],
  ['dropdowns', 'dropdown', 'dropdown'],
  ['anchors', 'anchor', 'anchor'],
  ['menu', 'menu-item', 'item'],
  ['groups', 'group', 'group'],
];

/** A navigation element that declared its own `openapi`: bulk generation happens on it unless an explicit reference uses its document. */
interface Owner {
  readonly doc: OperationIndex | undefined;
  readonly source: OpenApiSource;
  explicit: boolean;
}

interface Context {
  readonly pointer: string;
  readonly sources: readonly OpenApiSource[];
  readonly owners: readonly Owner[];
  readonly hidden: boolean;
  readonly version?: string;
  readonly language?: string;
}

export interface NavigationInput {
  readonly navigation: Readonly<Record<string, unknown>>;
  readonly origins: ConfigOrigins;
  readonly pages: ReadonlyMap<string, PageSource>;
  readonly docs: ReadonlyMap<string, OperationIndex>;
  readonly failed: readonly string[];
  /** Operations documented by MDX pages, keyed `doc-file|operation-key`, valued by page file. */
  readonly mdxOperations: ReadonlyMap<string, PageSource>;
  readonly frontmatterMatches: ReadonlyMap<string, PageOperationMatch>;
  readonly registry: PageRegistry;
}

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** Walks `navigation`, registering every page it names or generates, and returns the tree. */
export function resolveNavigation(input: NavigationInput): { children: NavNode[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const docList = [...input.docs.values()];
  const routeCache = new Map<string, Map<string, string>>();
  const routesFor = (doc: OperationIndex, directory: string | undefined) => {
    const key = `${doc.file}\u0000${directory ?? DEFAULT_API_DIRECTORY}`;
    let routes = routeCache.get(key);
    if (!routes) {
      const checked = writableOperationRoutes(doc, computeOperationRoutes(doc, directory));
      diagnostics.push(...checked.diagnostics);
      routeCache.set(key, (routes = checked.routes));
    }
    return routes;
  };
  const at = (pointer: string) => originOf(input.origins, pointer);

  function walkContainer(node: Obj, ctx: Context, global = false): NavNode[] {
    const out: NavNode[] = [];
    for (const [key, kind, titleKey] of CHILD_LISTS) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      list.forEach((item, i) => {
        if (!isObj(item)) return;
        const child = { ...ctx, pointer: `${ctx.pointer}/${key}/${i}` };
        out.push(kind === 'group' ? walkGroup(item, child) : walkDivision(item, kind, titleKey, child, global));
      });
    }
    if (Array.isArray(node['pages'])) out.push(...walkPages(node['pages'], { ...ctx, pointer: `${ctx.pointer}/pages` }));
    return out;
  }

  /** Applies a node's own `openapi`, walks its children, then appends bulk-generated groups. */
  function withOpenApi(node: Obj, ctx: Context, walk: (ctx: Context) => NavNode[]): NavNode[] {
    const own = readOpenApiField(node['openapi']);
    if (own.length === 0) return walk(ctx);
    const first = own[0] as OpenApiSource;
    const owner: Owner = { doc: input.docs.get(first.source), source: first, explicit: false };
    const children = walk({ ...ctx, sources: own, owners: [...ctx.owners, owner] });
    if (owner.explicit || !owner.doc) return children;
    const routes = routesFor(owner.doc, first.directory);
    for (const op of [...owner.doc.operations, ...owner.doc.webhooks]) {
      const webhook = owner.doc.webhooks.includes(op);
      const route = routes.get(operationKey(op, webhook));
      if (route) registerOperation(owner.doc, op, webhook, route, ctx, `${ctx.pointer}/openapi`, !op.hidden);
    }
    return [...children, ...generateGroups(owner.doc, routes, ctx.hidden)];
  }

  function walkDivision(item: Obj, type: NavDivision, titleKey: string, ctx: Context, global: boolean): NavNode {
    const title = str(item[titleKey]) ?? str(item['name']) ?? '';
    const hidden = ctx.hidden || item['hidden'] === true;
    const inner: Context = {
      ...ctx,
      hidden,
      ...(type === 'version' ? { version: title } : {}),
      ...(type === 'language' ? { language: title } : {}),
    };
    let children = withOpenApi(item, inner, (c) => walkContainer(item, c, global));
    if (isObj(item['global'])) children = [...children, ...walkContainer(item['global'], { ...inner, pointer: `${ctx.pointer}/global` }, true)];
    return {
      type,
      title,
      ...(str(item['icon']) ? { icon: str(item['icon']) } : {}),
      ...(str(item['href']) ? { href: str(item['href']) } : {}),
      ...(item['hidden'] === true ? { hidden: true } : {}),
      ...(global ? { global: true } : {}),
      ...(item['default'] === true ? { default: true } : {}),
      children,
    };
  }

  function walkGroup(item: Obj, ctx: Context): NavGroupNode {
    const hidden = ctx.hidden || item['hidden'] === true;
    const inner = { ...ctx, hidden };
    let root: string | undefined;
    if (str(item['root'])) {
      const node = walkPageEntry(item['root'] as string, { ...inner, pointer: `${ctx.pointer}/root` });
      if (node?.type === 'page') root = node.route;
    }
    const children = withOpenApi(item, inner, (c) =>
      Array.isArray(item['pages']) ? walkPages(item['pages'], { ...c, pointer: `${ctx.pointer}/pages` }) : [],
    );
    if (children.length === 0 && !root && !hidden && readOpenApiField(item['openapi']).length === 0) {
      diagnostics.push(
        createDiagnostic('nav/empty-group', {
          message: `The group \`${str(item['group']) ?? ''}\` has no pages, so it shows nothing.`,
          ...at(ctx.pointer),
          hint: 'Add pages to it, or remove the group.',
        }),
      );
    }
    return {
      type: 'group',
      title: str(item['group']) ?? '',
      ...(str(item['icon']) ? { icon: str(item['icon']) } : {}),
      ...(item['hidden'] === true ? { hidden: true } : {}),
      ...(typeof item['expanded'] === 'boolean' ? { expanded: item['expanded'] } : {}),
      ...(str(item['tag']) ? { tag: str(item['tag']) } : {}),
      ...(root ? { root } : {}),
      children,
    };
  }

  function walkPages(list: readonly unknown[], ctx: Context): NavNode[] {
    const out: NavNode[] = [];
    list.forEach((entry, i) => {
      const child = { ...ctx, pointer: `${ctx.pointer}/${i}` };
      if (typeof entry === 'string') {
        const node = walkPageEntry(entry, child);
        if (node) out.push(node);
      } else if (isObj(entry) && 'group' in entry) {
        out.push(walkGroup(entry, child));
      }
    });
    return out;
  }

  /** A `pages` string: an existing page path, else an operation reference, else a missing page. */
  function walkPageEntry(entry: string, ctx: Context): NavPageNode | undefined {
    const page = findPage(entry);
    if (page) return mdxEntry(page, ctx);
    const ref = parseReference(entry, 'navigation');
    if (ref) return referenceEntry(entry, ref, ctx);
    const near = nearest(entry, [...input.pages.keys()]);
    const lower = parseReference(entry, 'frontmatter');
    const hint = lower
      ? `HTTP methods in navigation entries are uppercase: did you mean \`${entry.trim().replace(/(\S+)(\s+\S+)$/, (_m, m: string, p: string) => m.toUpperCase() + p)}\`?`
      : near.length
        ? `did you mean ${near.map((n) => `\`${n}\``).join(', ')}?`
        : 'Create the file (`.mdx` or `.md`) or remove the entry.';
    diagnostics.push(
      createDiagnostic('nav/page-not-found', {
        message: `Navigation entry \`${entry}\` is not a page of this project${lower ? ' nor an operation reference' : ''}.`,
        ...at(ctx.pointer),
        hint,
      }),
    );
    return undefined;
  }

  function findPage(entry: string): PageSource | undefined {
    const p = entry.trim().replace(/^\.?\/+/, '');
    return input.pages.get(p) ?? input.pages.get(p.replace(/\/$/, '')) ?? input.pages.get(p.replace(/\/?$/, '/index'));
  }

  function mdxEntry(page: PageSource, ctx: Context): NavPageNode | undefined {
    const match = input.frontmatterMatches.get(page.path);
    const sitePage = mdxPage(page, match, ctx);
    const origin = at(ctx.pointer);
    input.registry.claim(sitePage, `mdx:${page.file}`, origin);
    if (page.frontmatter['hidden'] === true) return undefined;
    if (!ctx.hidden) input.registry.show(sitePage.route);
    return navPage(sitePage, ctx.hidden);
  }

  function referenceEntry(entry: string, ref: NonNullable<ReturnType<typeof parseReference>>, ctx: Context): NavPageNode | undefined {
    const inherited = ctx.sources.map((s) => ({ source: s, doc: input.docs.get(s.source) }));
    const loaded = inherited.flatMap((s) => (s.doc ? [s.doc] : []));
    // Inherited documents that failed to load were reported by the loader: say nothing more.
    if (!ref.file && inherited.length > 0 && loaded.length === 0) return undefined;
    const candidates = ref.file ? matchDocuments(ref.file, docList) : loaded;
    // An explicit reference switches bulk generation off for every owner of its document,
    // whether or not the operation exists: the author chose to list operations by hand.
    for (const owner of ctx.owners) if (owner.doc && candidates.includes(owner.doc)) owner.explicit = true;
    const origin = at(ctx.pointer);
    const result = lookupReference(ref, entry.trim(), candidates, docList, input.failed, origin);
    if (!('match' in result)) {
      if (result.diagnostic) diagnostics.push(result.diagnostic);
      return undefined;
    }
    const { doc, op, webhook } = result.match;
    if (op.excluded) {
      diagnostics.push(
        createDiagnostic('nav/operation-excluded', {
          message: `\`${entry.trim()}\` is marked \`x-excluded\` in \`${doc.file}\`, so it has no page.`,
          ...origin,
          hint: 'Remove the entry, or remove `x-excluded` from the operation.',
        }),
      );
      return undefined;
    }
    const mdx = input.mdxOperations.get(`${doc.file}|${operationKey(op, webhook)}`);
    if (mdx) {
      const pos = mdx.frontmatterPositions['openapi'];
      diagnostics.push(
        createDiagnostic('nav/operation-page-conflict', {
          message: `\`${entry.trim()}\` has both a navigation entry and the MDX page \`${mdx.file}\`.`,
          ...origin,
          hint: `Keep one: remove the navigation entry and list \`${mdx.path}\` instead, or delete the MDX page (use \`x-mint\` on the operation to add content).`,
          related: [{ file: mdx.file, ...(pos ? { line: pos.line, column: pos.column } : {}), message: 'the MDX page for the same operation' }],
        }),
      );
    }
    const source = inherited.find((s) => s.doc === doc)?.source ?? (ref.file ? undefined : ctx.sources[0]);
    const route = routesFor(doc, source?.directory).get(operationKey(op, webhook));
    if (!route) return undefined;
    const sitePage = registerOperation(doc, op, webhook, route, ctx, ctx.pointer, true);
    return sitePage ? navPage(sitePage, ctx.hidden) : undefined;
  }

  function registerOperation(
    doc: OperationIndex,
    op: IndexedOperation,
    webhook: boolean,
    route: string,
    ctx: Context,
    pointer: string,
    visible: boolean,
  ): SitePage | undefined {
    const page = operationPage(doc, op, webhook, route, ctx);
    if (!input.registry.claim(page, `op:${doc.file}|${operationKey(op, webhook)}`, at(pointer))) return undefined;
    if (visible && !ctx.hidden) input.registry.show(route);
    return page;
  }

  const rootCtx: Context = { pointer: '/navigation', sources: [], owners: [], hidden: false };
  const children = withOpenApi(input.navigation, rootCtx, (c) => walkContainer(input.navigation, c));
  if (isObj(input.navigation['global'])) {
    children.push(...walkContainer(input.navigation['global'], { ...rootCtx, pointer: '/navigation/global' }, true));
  }
  return { children, diagnostics };
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

