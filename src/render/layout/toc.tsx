import type { JSX } from 'preact';
import type { Heading } from '../../model/render.js';

/**
 * "On this page": the page's `##` and `###` headings. nav.js marks the link of the section in
 * view with `is-active` (links carry `data-sheaf-toc-link`) and its `li` with Mintlify's
 * `data-active` (also on the `##` above a `###`) and `data-active-deepest` (scroll-spy.ts).
 * Mintlify's hooks: `#table-of-contents`, `#table-of-contents-content` and `.toc` on the list,
 * `.toc-item` on each entry. Nothing when there are no headings.
 */
export function Toc({ headings }: { readonly headings: readonly Heading[] }): JSX.Element | null {
  const shown = headings.filter((h) => h.depth >= 2 && h.depth <= 3 && h.id);
  if (shown.length === 0) return null;
  return (
    <nav class="sheaf-toc" id="table-of-contents" aria-labelledby="sheaf-toc-title">
      <p class="sheaf-toc-title" id="sheaf-toc-title">
        On this page
      </p>
      <ul class="sheaf-toc-list toc" id="table-of-contents-content">
        {shown.map((h) => (
          <li class={`sheaf-toc-item sheaf-toc-depth-${h.depth} toc-item`}>
            <a href={`#${h.id}`} data-sheaf-toc-link>
              {h.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
