import type { JSX } from 'preact';
import type { DocsConfig } from '../../config/loaded-config.js';
import { showsTimestamp } from '../../load/page-dates.js';
import type { RenderedBody } from '../../model/render.js';
import type { SitePage } from '../../model/site.js';
import { ContextualList, ContextualMenu } from './contextual-menu.js';
import { effectiveContextual, planContextualMenu, type MenuPlan } from './contextual-plan.js';
import { LastModified } from './last-modified.js';
import type { LayoutContext } from './layout-context.js';
import type { PageMode } from './page-display.js';

/** Parts a page adds to the content column and the right column, by docs.json and its frontmatter. */
export interface PageAdditions {
  /** Beside the title (the contextual menu, `header` display). */
  readonly header?: JSX.Element;
  /** Under the table of contents (the contextual menu, `toc` display). */
  readonly rail?: JSX.Element;
  /** Under the content (the last-modified date). */
  readonly foot?: JSX.Element;
}

export interface AdditionsInput {
  readonly config: DocsConfig;
  readonly frontmatter?: Readonly<Record<string, unknown>>;
  /** The page source's last-modified date (`YYYY-MM-DD`, the load stage's `pageDates`). */
  readonly lastModified?: string;
}

/** The contextual menu a page shows (docs.json `contextual`, or the page's own), undefined for none. */
export function contextualPlanOf(ctx: LayoutContext, page: SitePage, input: AdditionsInput): MenuPlan | undefined {
  const setting = effectiveContextual(input.config.contextual, input.frontmatter);
  if (!setting) return undefined;
  const plan = planContextualMenu(
    setting,
    { base: ctx.base, urlStyle: ctx.urlStyle, route: page.route, ...(page.operation ? { document: page.operation.document } : {}) },
    { name: ctx.config.name, network: ctx.features.network, assistant: ctx.assistant !== undefined, files: ctx.assets.files },
  );
  return plan.items.length > 0 ? plan : undefined;
}

/**
 * The contextual menu and the last-modified date of a page in a mode with a page header
 * (`custom` and `frame` pages have neither). With `display: toc` the menu lists under the table
 * of contents where the page has one; the header keeps a copy for screens where the table of
 * contents is hidden (`sheaf-contextual-toc-fallback`, CSS), and pages without one show it there.
 */
export function pageAdditions(ctx: LayoutContext, page: SitePage, input: AdditionsInput, mode: PageMode, body: RenderedBody): PageAdditions {
  if (mode === 'custom' || mode === 'frame') return {};
  const plan = contextualPlanOf(ctx, page, input);
  const hasToc = mode === 'default' && !body.aside;
  const inRail = plan?.display === 'toc' && hasToc;
  const menu = plan ? <ContextualMenu ctx={ctx} plan={plan} route={page.route} /> : undefined;
  const date = input.lastModified !== undefined && showsTimestamp(input.frontmatter, input.config) ? input.lastModified : undefined;
  return {
    ...(menu ? { header: inRail ? <div class="sheaf-contextual-toc-fallback">{menu}</div> : menu } : {}),
    ...(plan && inRail ? { rail: <ContextualList ctx={ctx} plan={plan} route={page.route} /> } : {}),
    ...(date ? { foot: <LastModified date={date} /> } : {}),
  };
}
