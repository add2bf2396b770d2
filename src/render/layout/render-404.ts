import { h } from 'preact';
import { readLayoutConfig } from './layout-config.js';
import { createLayoutContext } from './layout-context.js';
import { NotFound } from './not-found.js';
import { redirectsNotFound } from './not-found-redirect.js';
import { documentTitle } from './render-document.js';
import { renderShell } from './render-shell.js';
import type { LayoutInput } from './types.js';

/** docs.json `errors.404.description` rendered as MDX (src/emit/not-found-description.ts). */
export interface NotFoundDescription {
  /** Body HTML, its links written for the 404 page's `base`. */
  readonly html: string;
  /** Plain text, for `<meta name="description">`. */
  readonly text: string;
  /** Client features the HTML needs (`math`, `mermaid`…). */
  readonly features: readonly string[];
}

/**
 * What the 404 page needs: a page's input without the page, and the rendered description. `base`
 * is the prefix of every URL: hosts serve 404.html for missing paths at any depth, so relative
 * URLs only resolve for top-level paths; pass the site's absolute base path (`/`, `/docs/`) when
 * it is known.
 */
export type NotFoundInput = Omit<LayoutInput, 'page' | 'body'> & { readonly description?: NotFoundDescription };

/**
 * The 404 page (`404.html`): the site's header and sidebar (the default divisions), docs.json
 * `errors.404` title and description (rendered MDX when given), a link home and the search
 * button. Never indexed. With `errors.404.redirect` (on unless `false`, as in Mintlify) its head
 * sends the reader to the home page (`base`) at once.
 */
export function render404(input: NotFoundInput): string {
  const config = readLayoutConfig(input.config);
  const ctx = createLayoutContext(input, config);
  const description = input.description;
  return renderShell({
    ctx,
    head: {
      title: documentTitle(config.notFound.title, config),
      description: description ? description.text : config.notFound.description,
      noindex: true,
      metatags: [],
      features: description ? description.features : [],
      ...(redirectsNotFound(input.config) ? { refresh: input.base || './' } : {}),
    },
    mode: 'center',
    main: h(NotFound, { ctx, search: input.assets.searchIndex !== undefined, ...(description ? { html: description.html } : {}) }),
    hasAside: false,
  });
}
