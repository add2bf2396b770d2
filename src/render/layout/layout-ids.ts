/**
 * The ids the page layout writes: Mintlify's documented hooks (mintlify__docs
 * `customize/custom-scripts.mdx`, the same list as `@mintlify/components`' `selectors.js`) on the
 * parts Sheaf renders, and Sheaf's own. An id names one element per page, so an element of the
 * page body whose id would be one of these (a heading titled "Navbar" or "Footer") gets a suffix
 * instead (`finishHtml`).
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
  'localization-select-trigger',
  'localization-select-content',
  // Mintlify's hooks Sheaf does not render today: reserved all the same, so a project's CSS or
  // script written for them never picks a heading by mistake.
  'background-color',
  'mobile-nav',
  'mobile-nav-content',
  'search-bar-entry-mobile',
  'assistant-entry-mobile',
  'chat-assistant-sheet',
  'chat-assistant-textarea',
  'request-example',
  'response-example',
  'api-playground-input',
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
]);
