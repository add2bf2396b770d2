import type { JSX } from 'preact';
import type { AssistantOptions } from '../../deployment/assistant-config.js';
import { UiIcon } from './svg.js';

export interface SearchDialogProps {
  readonly prompt: string | undefined;
  /** The site has a search index. */
  readonly search: boolean;
  /** The Ask AI panel's endpoint and public key (assistant.js reads them); absent: no panel. */
  readonly assistant?: AssistantOptions | undefined;
}

/**
 * The search dialog (`<dialog id="sheaf-search">`, its field Mintlify's `#search-input`), empty until search.js fills
 * `#sheaf-search-results`. Rendered when the site has a search index or the Ask AI panel. With
 * the panel it also holds the "Ask AI" button beside the field, the "Ask AI" option search.js
 * puts first in the results (`[data-sheaf-search-action]`) and the panel itself
 * (`#sheaf-assistant`, hidden until assistant.js shows it).
 */
export function SearchDialog({ prompt, search, assistant }: SearchDialogProps): JSX.Element {
  const placeholder = prompt ?? (search ? 'Search the docs…' : 'Ask AI a question about the docs…');
  return (
    <dialog class="sheaf-search" id="sheaf-search" aria-label={search ? 'Search' : 'Ask AI'}>
      <div class="sheaf-search-panel">
        <div class="sheaf-search-field">
          <UiIcon name={search ? 'search' : 'sparkles'} />
          <input
            id="search-input"
            class="sheaf-search-input"
            type="text"
            enterkeyhint="go"
            placeholder={placeholder}
            autocomplete="off"
            spellcheck={false}
            role="combobox"
            aria-expanded="false"
            aria-controls="sheaf-search-results"
            aria-autocomplete="list"
            aria-label={search ? 'Search' : 'Question'}
          />
          {assistant ? (
            <button type="button" class="sheaf-assistant-ask" data-sheaf-assistant-ask aria-keyshortcuts="Control+Enter Meta+Enter" title="Ask AI (Ctrl+Enter)">
              <UiIcon name="sparkles" />
              <span>Ask AI</span>
            </button>
          ) : null}
          <button type="button" class="sheaf-kbd sheaf-search-close" data-sheaf-search-close aria-label="Close search">
            Esc
          </button>
        </div>
        <div id="sheaf-search-results" class="sheaf-search-results" role="listbox" aria-label="Results" />
        <p class="sheaf-search-status" aria-live="polite" />
        {assistant ? <AssistantPanel assistant={assistant} search={search} /> : null}
        {assistant ? <AskOption /> : null}
        <div class="sheaf-search-hints" aria-hidden="true">
          <span>
            <kbd class="sheaf-kbd">↑</kbd>
            <kbd class="sheaf-kbd">↓</kbd> to navigate
          </span>
          <span>
            <kbd class="sheaf-kbd">↵</kbd> to open
          </span>
          {assistant ? (
            <span>
              <kbd class="sheaf-kbd" data-sheaf-assistant-shortcut>
                Ctrl
              </kbd>
              <kbd class="sheaf-kbd">↵</kbd> to ask AI
            </span>
          ) : null}
          <span>
            <kbd class="sheaf-kbd">Esc</kbd> to close
          </span>
        </div>
      </div>
    </dialog>
  );
}

/**
 * The "Ask AI" option: hidden in the markup; search.js moves it to the top of the results while
 * the field has text, filling `[data-sheaf-search-query]` with that text.
 */
function AskOption(): JSX.Element {
  return (
    <div id="sheaf-search-action" class="sheaf-search-item sheaf-search-action" role="option" aria-selected="false" data-sheaf-search-action data-sheaf-assistant-ask hidden>
      <span class="sheaf-search-item-icon" aria-hidden="true">
        <UiIcon name="sparkles" />
      </span>
      <span class="sheaf-search-item-body">
        <span class="sheaf-search-item-title">
          Ask AI: <q data-sheaf-search-query />
        </span>
        <span class="sheaf-search-item-excerpt">An answer from these docs, with links to its sources</span>
      </span>
    </div>
  );
}

/**
 * The conversation, filled by assistant.js; the endpoint and key are what it sends with. The status
 * line takes the note's place while it has text, so nothing moves.
 */
function AssistantPanel({ assistant, search }: { readonly assistant: AssistantOptions; readonly search: boolean }): JSX.Element {
  return (
    <section id="sheaf-assistant" class="sheaf-assistant" aria-label="Ask AI" data-endpoint={assistant.endpoint} data-key={assistant.key} hidden>
      <div class="sheaf-assistant-log" role="log" aria-label="Conversation">
        <p class="sheaf-assistant-empty">Ask a question about these docs. The answer links to the pages it comes from.</p>
      </div>
      <div class="sheaf-assistant-foot">
        {search ? (
          <button type="button" class="sheaf-assistant-link" data-sheaf-assistant-back>
            <UiIcon name="arrow-left" />
            <span>Search</span>
          </button>
        ) : null}
        <p class="sheaf-assistant-status" role="status" />
        <p class="sheaf-assistant-note">AI answers can be wrong: check the sources.</p>
        <button type="button" class="sheaf-assistant-link" data-sheaf-assistant-reset>
          New conversation
        </button>
      </div>
    </section>
  );
}
