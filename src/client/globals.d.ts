/**
 * What Sheaf's scripts share through `window`: the data scripts the build writes (search index,
 * sidebar fragments, minisearch's browser build) and the objects each script defines once (a
 * second copy of a script on the same page sees its `version` and does nothing).
 */
import type MiniSearch from 'minisearch';
import type { NavFragmentStore } from '../model/nav-fragments.js';
import type { SearchIndexData } from '../model/search-index.js';
import type { MermaidApi } from './mermaid/start-mermaid.js';
import type { SearchEngine } from './search/search-engine.js';

declare global {
  interface Window {
    /** The static search index (`_sheaf/search-index.js`, src/emit/search-index.ts). */
    __SHEAF_SEARCH__?: SearchIndexData;
    /** Sidebar fragments of large sidebars (src/render/layout/nav-fragments.tsx): fragment path → group index → `<li>` markup. */
    __SHEAF_NAV__?: NavFragmentStore;
    /** Mermaid's browser build (`_sheaf/mermaid.min.js`), on pages with a diagram. */
    mermaid?: MermaidApi;
    /** minisearch's browser build, loaded by search.js on first use. */
    MiniSearch?: typeof MiniSearch;
    SheafSearch?: SearchEngine;
    sheafPlayground?: { readonly version: 1; enhance(root?: ParentNode): void };
    sheafComponents?: { readonly version: 1; enhance(root?: ParentNode): void; reveal(hash: string): void; selectView(title: string, remember: boolean): void };
    SheafAssistant?: { readonly version: 1 };
  }
}
