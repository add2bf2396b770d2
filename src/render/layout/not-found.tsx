import type { JSX } from 'preact';
import { linkAttributes } from './href.js';
import type { LayoutContext } from './layout-context.js';
import { UiIcon } from './svg.js';

/**
 * The content of the 404 page: docs.json `errors.404` title and description, a way home, and
 * search. `html`: the description rendered as MDX (`NotFoundDescription`); without it, the
 * description is text.
 */
export function NotFound({ ctx, search, html }: { readonly ctx: LayoutContext; readonly search: boolean; readonly html?: string }): JSX.Element {
  const { title, description } = ctx.config.notFound;
  return (
    <article class="sheaf-article sheaf-not-found not-found-container">
      <p class="sheaf-not-found-code not-found-status-code">404</p>
      <h1 class="sheaf-page-title not-found-title" id="page-title">
        {title}
      </h1>
      {html !== undefined ? (
        <div class="sheaf-page-description sheaf-content mdx-content not-found-description" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p class="sheaf-page-description not-found-description">{description}</p>
      )}
      <p class="sheaf-not-found-actions">
        <a class="sheaf-button" {...linkAttributes(ctx.base, { route: '/' }, ctx.urlStyle)}>
          <UiIcon name="arrow-left" />
          <span>Go to the home page</span>
        </a>
        {search ? (
          <button type="button" class="sheaf-button sheaf-button-secondary" data-sheaf-search-open>
            <UiIcon name="search" />
            <span>Search the docs</span>
          </button>
        ) : null}
      </p>
    </article>
  );
}
