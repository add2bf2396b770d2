import type { JSX } from 'preact';
import type { Heading } from '../../model/render.js';

/**
 * "On this page": the page's `##` and `###` headings. nav.js marks the link of the section in
 * view with `is-active` (links carry `data-sheaf-toc-link`). Nothing when there are no headings.
 */
export function Toc({ headings }: { readonly headings: readonly Heading[] }): JSX.Element | null {
  const shown = headings.filter((h) => h.depth >= 2 && h.depth <= 3 && h.id);
  if (shown.length === 0) return null;
  return (
    <nav class="sheaf-toc" aria-labelledby="sheaf-toc-title">
      <p class="sheaf-toc-title" id="sheaf-toc-title">
        On this page
      </p>
      <ul class="sheaf-toc-list">
        {shown.map((h) => (
          <li class={`sheaf-toc-item sheaf-toc-depth-${h.depth}`}>
            <a href={`#${h.id}`} data-sheaf-toc-link>
              {h.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
