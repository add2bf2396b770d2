export { renderDocument, documentTitle } from './render-document.js';
export { render404, type NotFoundInput } from './render-404.js';
export { renderRedirectPage } from './render-redirect-page.js';
export { renderNavFragments, type NavFragmentsInput } from './nav-fragments.js';
export { navigationIconDiagnostics, type NavIconInput } from './nav-icon-diagnostics.js';
export { createLayoutMemo, type LayoutMemo } from './layout-memo.js';
export { readPageDisplay, type DocumentInput, type LayoutExtras, type PageDisplay, type PageMode } from './page-display.js';
export type { LayoutInput, SiteAssets } from './types.js';
