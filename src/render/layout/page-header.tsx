import type { JSX } from 'preact';
import type { NavGroupNode } from '../../model/site.js';
import { linkAttributes } from './href.js';
import type { LayoutContext } from './layout-context.js';

export interface PageHeaderProps {
  readonly ctx: LayoutContext;
  readonly title: string;
  readonly description?: string;
  readonly deprecated: boolean;
  /** Beside the title: the contextual menu (page-additions.tsx), when the page has one. */
  readonly actions?: JSX.Element | undefined;
}

/**
 * Breadcrumbs (the groups above the page), the title (the page's only `h1`), badges and
 * description; Mintlify's `#header` and `#page-title`.
 */
export function PageHeader({ ctx, title, description, deprecated, actions }: PageHeaderProps): JSX.Element {
  return (
    <header class="sheaf-page-header" id="header">
      <Breadcrumbs ctx={ctx} />
      <div class="sheaf-page-title-row">
        <h1 class="sheaf-page-title" id="page-title">
          {title}
        </h1>
        {deprecated ? <span class="sheaf-page-badge sheaf-page-badge-deprecated">Deprecated</span> : null}
        {actions ?? null}
      </div>
      {description ? <p class="sheaf-page-description">{description}</p> : null}
    </header>
  );
}

/**
 * The groups above the page, outermost first; a group with a root page links to it. With docs.json
 * `styling.eyebrows: section` (the default) only the innermost group shows, as Mintlify does, as
 * its `.eyebrow`; with `breadcrumbs`, every group, as its `.breadcrumb-list` of `.breadcrumb-item`s.
 * A group without a name (a legacy mint.json allows them) has no entry: with `section`, an
 * untitled innermost group shows none.
 */
export function Breadcrumbs({ ctx }: { readonly ctx: LayoutContext }): JSX.Element | null {
  const crumbs = ctx.config.eyebrows === 'breadcrumbs';
  const trail: readonly NavGroupNode[] = (crumbs ? ctx.nav.trail : ctx.nav.trail.slice(-1)).filter((group) => group.title.trim() !== '');
  if (trail.length === 0) return null;
  return (
    <nav class={crumbs ? 'sheaf-breadcrumbs' : 'sheaf-breadcrumbs eyebrow'} aria-label="Breadcrumb">
      <ol class={crumbs ? 'breadcrumb-list' : undefined}>
        {trail.map((group) => (
          <li class={crumbs ? 'breadcrumb-item' : undefined}>{group.root ? <a {...linkAttributes(ctx.base, { route: group.root }, ctx.urlStyle)}>{group.title}</a> : <span>{group.title}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
