import type { JSX } from 'preact';
import type { NavGroupNode, NavNode, NavPageNode } from '../../model/site.js';
import { linkAttributes } from './href.js';
import type { LayoutContext } from './layout-context.js';
import { firstRoute } from './nav-context.js';
import { MethodBadge } from './nav-entry.js';
import { UiIcon } from './svg.js';

/**
 * docs.json `navigation.directory` (Mintlify's "Directory listings"): the root page of a group
 * whose directory mode is `card` or `accordion` (resolve sets `NavGroupNode.directory`, inherited
 * through the navigation) lists the group's pages and groups below its content.
 *
 * - `card`: one card per child, in navigation order: a page with its title and description,
 *   a group with its title and its root page's description, else its number of pages; a group
 *   links to its root page, else its first page.
 * - `accordion`: the group's pages as a list, each nested group a collapsible section
 *   (`<details>`, closed) holding its root page and its own pages and groups, at any depth.
 *
 * Hidden children are left out, and so is the page itself when the group lists it again.
 * `nav.sheaf-directory[data-directory]` is the landmark; styles in directory.css.
 */
export function DirectoryListing({ ctx }: { readonly ctx: LayoutContext }): JSX.Element | null {
  const group = directoryGroup(ctx);
  if (!group?.directory) return null;
  const children = visibleChildren(group, ctx.route);
  if (children.length === 0) return null;
  return (
    <nav class="sheaf-directory" data-directory={group.directory} aria-label={group.title.trim() || 'Pages'}>
      {group.directory === 'card' ? <Cards ctx={ctx} nodes={children} /> : <AccordionItems ctx={ctx} nodes={children} />}
    </nav>
  );
}

/** The group whose root page is shown: the end of the navigation path, when that is a group with the page as its root. */
export function directoryGroup(ctx: Pick<LayoutContext, 'nav' | 'route'>): NavGroupNode | undefined {
  let last: NavNode | undefined;
  for (const node of ctx.nav.path) last = node;
  return last?.type === 'group' && ctx.route !== undefined && last.root === ctx.route ? last : undefined;
}

/** The children a listing shows: not hidden, not the root page itself, groups with something to link to. */
function visibleChildren(group: NavGroupNode, route: string | undefined): NavNode[] {
  return group.children.flatMap((child): NavNode[] => {
    if (child.hidden) return [];
    if (child.type === 'page') return child.route === route ? [] : [child];
    if (child.type !== 'group') return [];
    if (child.title.trim() === '') return visibleChildren(child, route); // an untitled group's entries stand in its place, as in the sidebar
    return firstRoute(child) ? [child] : [];
  });
}

/** The pages under a group, each once (the number a group's card shows). */
function pageCount(group: NavGroupNode): number {
  const routes = new Set<string>();
  const walk = (node: NavNode): void => {
    if (node.hidden) return;
    if (node.type === 'page') routes.add(node.route);
    else {
      if (node.type === 'group' && node.root) routes.add(node.root);
      node.children.forEach(walk);
    }
  };
  walk(group);
  return routes.size;
}

function Cards({ ctx, nodes }: { readonly ctx: LayoutContext; readonly nodes: readonly NavNode[] }): JSX.Element {
  return (
    <ul class="sheaf-directory-cards">
      {nodes.map((node) => (
        <li>{node.type === 'page' ? <PageCard ctx={ctx} node={node} /> : node.type === 'group' ? <GroupCard ctx={ctx} group={node} /> : null}</li>
      ))}
    </ul>
  );
}

function PageCard({ ctx, node }: { readonly ctx: LayoutContext; readonly node: NavPageNode }): JSX.Element {
  const page = ctx.pages.get(node.route);
  return <Card ctx={ctx} route={node.route} title={page?.title ?? node.title} description={page?.description} method={node.method} />;
}

function GroupCard({ ctx, group }: { readonly ctx: LayoutContext; readonly group: NavGroupNode }): JSX.Element {
  const route = firstRoute(group) as string; // visibleChildren keeps groups that have one
  const count = pageCount(group);
  const description = (group.root ? ctx.pages.get(group.root)?.description : undefined) ?? `${count} ${count === 1 ? 'page' : 'pages'}`;
  return <Card ctx={ctx} route={route} title={group.title} description={description} group />;
}

function Card(props: {
  readonly ctx: LayoutContext;
  readonly route: string;
  readonly title: string;
  readonly description: string | undefined;
  readonly method?: string | undefined;
  readonly group?: boolean;
}): JSX.Element {
  return (
    <a class="sheaf-directory-card" {...linkAttributes(props.ctx.base, { route: props.route }, props.ctx.urlStyle)} data-group={props.group ? '' : undefined}>
      <span class="sheaf-directory-card-title">
        {props.method ? <MethodBadge method={props.method} /> : null}
        <span class="sheaf-directory-card-text">{props.title}</span>
        <UiIcon name="arrow-right" class="sheaf-directory-card-arrow" />
      </span>
      {props.description ? <span class="sheaf-directory-card-description">{props.description}</span> : null}
    </a>
  );
}

/** Consecutive pages share one list; each group is a closed section. */
function AccordionItems({ ctx, nodes }: { readonly ctx: LayoutContext; readonly nodes: readonly NavNode[] }): JSX.Element {
  const blocks: JSX.Element[] = [];
  let pages: NavPageNode[] = [];
  const flush = (): void => {
    if (pages.length > 0) {
      blocks.push(
        <ul class="sheaf-directory-list">
          {pages.map((p) => (
            <li>
              <Row ctx={ctx} route={p.route} title={ctx.pages.get(p.route)?.title ?? p.title} method={p.method} />
            </li>
          ))}
        </ul>,
      );
    }
    pages = [];
  };
  for (const node of nodes) {
    if (node.type === 'page') pages.push(node);
    else if (node.type === 'group') {
      flush();
      blocks.push(<AccordionSection ctx={ctx} group={node} />);
    }
  }
  flush();
  return <>{blocks}</>;
}

function AccordionSection({ ctx, group }: { readonly ctx: LayoutContext; readonly group: NavGroupNode }): JSX.Element {
  const root = group.root && group.root !== ctx.route ? group.root : undefined;
  // The root page leads the section's rows, titled as its page.
  const rootNode: NavPageNode | undefined = root ? { type: 'page', route: root, title: group.title } : undefined;
  const children = [...(rootNode ? [rootNode] : []), ...visibleChildren(group, ctx.route)];
  return (
    <details class="sheaf-directory-section">
      <summary class="sheaf-directory-section-summary">
        <span class="sheaf-directory-section-title">{group.title}</span>
        <span class="sheaf-directory-count">{pageCount(group)}</span>
        <UiIcon name="chevron-right" class="sheaf-directory-chevron" />
      </summary>
      <div class="sheaf-directory-section-body">
        <AccordionItems ctx={ctx} nodes={children} />
      </div>
    </details>
  );
}

function Row(props: { readonly ctx: LayoutContext; readonly route: string; readonly title: string; readonly method?: string | undefined }): JSX.Element {
  const description = props.ctx.pages.get(props.route)?.description;
  return (
    <a class="sheaf-directory-row" {...linkAttributes(props.ctx.base, { route: props.route }, props.ctx.urlStyle)}>
      <span class="sheaf-directory-row-title">
        {props.method ? <MethodBadge method={props.method} /> : null}
        <span>{props.title}</span>
      </span>
      {description ? <span class="sheaf-directory-row-description">{description}</span> : null}
    </a>
  );
}
