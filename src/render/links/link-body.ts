import type { RenderedBody } from '../../model/render.js';
import { rewriteMarkdownLinks, type MarkdownCopy } from './markdown-links.js';
import { rewriteBodyLinks, type BrokenLink } from './rewrite-body-links.js';
import type { LinkPlace, LinkTargets } from './site-link.js';

/** A page body with its links written for one place of the site (see resolveSiteLink). */
export interface LinkedBody {
  /** The body, its `html` and `aside` with their links resolved for the place. */
  readonly body: RenderedBody;
  /** Links of the HTML that lead to no page and no file. */
  readonly broken: readonly BrokenLink[];
  /** The Markdown copy's links, for the page's `.md` copy and llms-full.txt (rewriteMarkdownLinks). */
  readonly markdown: MarkdownCopy;
}

/**
 * Resolves the links of a page body's HTML, aside and Markdown copy for `place`: in the build's
 * main thread, or where the body is rendered (a pool thread given the targets, render-pool.ts).
 */
export function linkBody(body: RenderedBody, place: LinkPlace, targets: LinkTargets): LinkedBody {
  const html = rewriteBodyLinks(body.html, place, targets);
  const aside = body.aside === undefined ? undefined : rewriteBodyLinks(body.aside, place, targets);
  return {
    body: { ...body, html: html.html, ...(aside ? { aside: aside.html } : {}) },
    broken: [...html.broken, ...(aside?.broken ?? [])],
    markdown: rewriteMarkdownLinks(body.markdown, place.route, targets),
  };
}
