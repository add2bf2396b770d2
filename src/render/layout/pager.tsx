import type { JSX } from 'preact';
import { linkAttributes } from './href.js';
import type { LayoutContext } from './layout-context.js';
import { pageOrder, type OrderedPage } from './nav-context.js';
import { MethodBadge } from './nav-entry.js';
import { UiIcon } from './svg.js';

/**
 * Previous and next pages in the sidebar's reading order (hidden pages and links skipped).
 * Nothing when the page is not in the sidebar.
 */
export function Pager({ ctx }: { readonly ctx: LayoutContext }): JSX.Element | null {
  const order = pageOrder(ctx.nav.content);
  const at = order.findIndex((p) => p.route === ctx.route);
  if (at < 0) return null;
  const prev = order[at - 1];
  const next = order[at + 1];
  if (!prev && !next) return null;
  return (
    <nav class="sheaf-pager" id="pagination" aria-label="Previous and next pages">
      {prev ? <PagerLink ctx={ctx} page={prev} rel="prev" /> : <span />}
      {next ? <PagerLink ctx={ctx} page={next} rel="next" /> : null}
    </nav>
  );
}

function PagerLink({ ctx, page, rel }: { readonly ctx: LayoutContext; readonly page: OrderedPage; readonly rel: 'prev' | 'next' }): JSX.Element {
  const title = ctx.pages.get(page.route)?.title ?? page.title ?? page.route;
  return (
    <a class={`sheaf-pager-link sheaf-pager-${rel} pagination-${rel}`} {...linkAttributes(ctx.base, { route: page.route }, ctx.urlStyle)} rel={rel}>
      <span class="sheaf-pager-label">
        {rel === 'prev' ? <UiIcon name="arrow-left" /> : null}
        {rel === 'prev' ? 'Previous' : 'Next'}
        {rel === 'next' ? <UiIcon name="arrow-right" /> : null}
      </span>
      <span class="sheaf-pager-title pagination-title">
        {page.method ? <MethodBadge method={page.method} /> : null}
        <span>{title}</span>
      </span>
    </a>
  );
}
