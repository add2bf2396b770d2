import type { JSX } from 'preact';
import type { RenderedBody } from '../../model/render.js';
import type { SitePage } from '../../model/site.js';
import { DirectoryListing } from './directory-listing.js';
import type { LayoutContext } from './layout-context.js';
import type { PageAdditions } from './page-additions.js';
import type { PageMode } from './page-display.js';
import { PageHeader } from './page-header.js';
import { Toc } from './toc.js';

/** Modes without a right column: their right-hand panel follows the content. */
const NO_RAIL: readonly PageMode[] = ['center', 'custom', 'frame'];

/** The content column and the right column of a page. */
export function pageColumns(ctx: LayoutContext, page: SitePage, body: RenderedBody, mode: PageMode, additions: PageAdditions = {}): { main: JSX.Element; rail?: JSX.Element } {
  const rail = PageRail({ body, mode, additions });
  return { main: <PageMain ctx={ctx} page={page} body={body} mode={mode} additions={additions} />, ...(rail ? { rail } : {}) };
}

/**
 * The content column: page header and body, or the body alone in `custom` and `frame` modes. The
 * body is Mintlify's `#content.mdx-content`; the right-hand panel, wherever it is, `#panel`.
 */
function PageMain({ ctx, page, body, mode, additions }: { readonly ctx: LayoutContext; readonly page: SitePage; readonly body: RenderedBody; readonly mode: PageMode; readonly additions: PageAdditions }): JSX.Element {
  const aside = body.aside && NO_RAIL.includes(mode) ? <div class="sheaf-aside-inline" id="panel" dangerouslySetInnerHTML={{ __html: body.aside }} /> : null;
  if (mode === 'custom' || mode === 'frame') {
    return (
      <>
        <div class="sheaf-content sheaf-content-full mdx-content" id="content" dangerouslySetInnerHTML={{ __html: body.html }} />
        {aside}
      </>
    );
  }
  return (
    <article class="sheaf-article">
      <PageHeader ctx={ctx} title={page.title} description={page.description} deprecated={page.deprecated === true} actions={additions.header} />
      <div class="sheaf-content mdx-content" id="content" dangerouslySetInnerHTML={{ __html: body.html }} />
      <DirectoryListing ctx={ctx} />
      {additions.foot}
      {aside}
    </article>
  );
}

/**
 * The right column: the table of contents (default mode, when the page has no right-hand panel)
 * and the panel (`body.aside`). Its `[data-sheaf-aside-column]` also receives the body's
 * inline `.sheaf-aside` blocks on wide screens (nav.js moves them). Absent in full-width modes.
 */
function PageRail({ body, mode, additions }: { readonly body: RenderedBody; readonly mode: PageMode; readonly additions: PageAdditions }): JSX.Element | undefined {
  if (NO_RAIL.includes(mode)) return undefined;
  const toc = mode === 'default' && !body.aside ? <Toc headings={body.headings} /> : null;
  return (
    <div class="sheaf-rail" id={toc ? 'table-of-contents-layout' : undefined}>
      <div class="sheaf-rail-inner">
        {toc}
        {additions.rail}
        <div class="sheaf-aside-column" id={body.aside ? 'panel' : undefined} data-sheaf-aside-column dangerouslySetInnerHTML={body.aside ? { __html: body.aside } : undefined} />
      </div>
    </div>
  );
}
