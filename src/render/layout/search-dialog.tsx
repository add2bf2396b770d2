import type { JSX } from 'preact';
import { UiIcon } from './svg.js';

/**
 * The search dialog (`<dialog id="sheaf-search">`), empty until search.js fills
 * `#sheaf-search-results`. Rendered only when the site has a search index.
 */
export function SearchDialog({ prompt }: { readonly prompt: string | undefined }): JSX.Element {
  return (
    <dialog class="sheaf-search" id="sheaf-search" aria-label="Search">
      <div class="sheaf-search-panel">
        <div class="sheaf-search-field">
          <UiIcon name="search" />
          <input
            id="sheaf-search-input"
            class="sheaf-search-input"
            type="text"
            enterkeyhint="go"
            placeholder={prompt ?? 'Search the docs…'}
            autocomplete="off"
            spellcheck={false}
            role="combobox"
            aria-expanded="false"
            aria-controls="sheaf-search-results"
            aria-autocomplete="list"
            aria-label="Search"
          />
          <button type="button" class="sheaf-kbd sheaf-search-close" data-sheaf-search-close aria-label="Close search">
            Esc
          </button>
        </div>
        <div id="sheaf-search-results" class="sheaf-search-results" role="listbox" aria-label="Results" />
        <p class="sheaf-search-status" aria-live="polite" />
        <div class="sheaf-search-hints" aria-hidden="true">
          <span>
            <kbd class="sheaf-kbd">↑</kbd>
            <kbd class="sheaf-kbd">↓</kbd> to navigate
          </span>
          <span>
            <kbd class="sheaf-kbd">↵</kbd> to open
          </span>
          <span>
            <kbd class="sheaf-kbd">Esc</kbd> to close
          </span>
        </div>
      </div>
    </dialog>
  );
}
