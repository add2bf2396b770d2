import type { JSX } from 'preact';
import { classes } from './props.js';

/** What MDX passes for a Markdown link: its attributes (`href`, `title`; a footnote's `id`, `data-*`, `aria-*`, `className`) and text. */
export type LinkProps = JSX.HTMLAttributes<HTMLAnchorElement>;

/**
 * A Markdown link (`[text](url)`, an autolink, a footnote's reference): `<a class="link" …>` with
 * every attribute Markdown gave it. `link` is the class Mintlify's docs give its anchor-link element
 * (custom-scripts.mdx, "Page layout"), so a project's `.link` rules apply; base.css draws the
 * content's link typography on it.
 *
 * It is the components map's `a`: MDX hands only Markdown's elements to the map, never an `<a>`
 * written as JSX in a page or snippet, so authors' own anchors keep exactly the attributes they
 * wrote, and no `link` class, as on Mintlify.
 */
export function Link(props: LinkProps): JSX.Element {
  const { className, class: own, ...rest } = props;
  const extra = [own, className].filter((c): c is string => typeof c === 'string' && c !== '');
  return <a {...rest} class={classes('link', ...extra)} />;
}
