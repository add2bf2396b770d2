/**
 * The ids the page layout writes: Mintlify's documented hooks (mintlify__docs
 * `customize/custom-scripts.mdx`, the same list as `@mintlify/components`' `selectors.js`) on the
 * parts Sheaf renders, and Sheaf's own. An id names one element per page, so an element of the
 * page body whose id would be one of these (a heading titled "Navbar" or "Footer") gets a suffix
 * instead (`finishHtml`).
 *
 * Mintlify's documented classes are written beside Sheaf's own, on the elements they name: the
 * layout's (`nav-tabs`, `sidebar-group`, `toc-item`, …) in the layout's components, the content
 * components' (`card`, `callout`, `code-block-copy-button`, …) as listed in
 * components/mintlify-classes.ts, Markdown's links as `a.link` (components/link.tsx).
 */
export const LAYOUT_IDS: ReadonlySet<string> = new Set([
  // Mintlify's hooks (custom-scripts.mdx "ID selectors"), where Sheaf renders that part.
  'body-content',
  'content-area',
  'content',
  'header',
  'banner',
  'footer',
  'page-title',
  'pagination',
  'panel',
  'navbar',
  'topbar-cta-button',
  'sidebar',
  'sidebar-content',
  'table-of-contents',
  'table-of-contents-layout',
  'table-of-contents-content',
  'search-bar-entry',
  'search-input',
  'assistant-entry',
  // The bar's copies of the search and Ask AI triggers for small screens, in themes whose triggers sit in the sidebar (maple, almond).
  'search-bar-entry-mobile',
  'assistant-entry-mobile',
  // Almond's content panel (themes.css).
  'content-container',
  'localization-select-trigger',
  'localization-select-content',
  // On API pages (render/operation): the first request and response examples of the right-hand
  // column (example-ids.ts) and the Try-it form (playground/try-it-dialog.ts).
  'request-example',
  'response-example',
  'api-playground-input',
  // With docs.json `background.decoration` or `background.image`: the layer behind the page (background-layer.tsx).
  'background-color',
  // Mintlify's hooks Sheaf does not render today: reserved all the same, so a project's CSS or
  // script written for them never picks a heading by mistake.
  'mobile-nav',
  'mobile-nav-content',
  'chat-assistant-sheet',
  'chat-assistant-textarea',
  'endpoints-menu-trigger',
  'page-context-menu',
  'page-context-menu-button',
  'multi-view-dropdown',
  // Sheaf's own ids (client scripts and ARIA references read them).
  'sheaf-search',
  'sheaf-search-results',
  'sheaf-search-action',
  'sheaf-assistant',
  'sheaf-toc-title',
  'sheaf-contextual-menu',
]);
