import { h } from 'preact';
import { readLayoutConfig } from './layout-config.js';
import { createLayoutContext } from './layout-context.js';
import { NotFound } from './not-found.js';
import { documentTitle } from './render-document.js';
import { renderShell } from './render-shell.js';
import type { LayoutInput } from './types.js';

/**
 * What the 404 page needs: a page's input without the page. `base` is the prefix of every URL:
 * hosts serve 404.html for missing paths at any depth, so relative URLs only resolve for
 * top-level paths; pass the site's absolute base path (`/`, `/docs/`) when it is known.
 */
export type NotFoundInput = Omit<LayoutInput, 'page' | 'body'>;

/**
 * The 404 page (`404.html`): the site's header and sidebar (the default divisions), docs.json
 * `errors.404` title and description, a link home and the search button. Never indexed.
 */
export function render404(input: NotFoundInput): string {
  const config = readLayoutConfig(input.config);
  const ctx = createLayoutContext(input, config);
  return renderShell({
    ctx,
    head: { title: documentTitle(config.notFound.title, config), description: config.notFound.description, noindex: true, metatags: [], features: [] },
    mode: 'center',
    main: h(NotFound, { ctx, search: input.assets.searchIndex !== undefined }),
    hasAside: false,
  });
}
