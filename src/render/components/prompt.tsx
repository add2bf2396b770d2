import type { ComponentChildren, JSX } from 'preact';
import { BuiltinIcon } from './builtin-icon.js';
import { IconSlot } from './icon-slot.js';
import { InlineMarkdown } from './inline-markdown.js';
import { stringList, stringProp, textOf } from './props.js';

export interface PromptProps {
  readonly children?: ComponentChildren;
  /** Markdown shown as the card's text. */
  readonly description?: unknown;
  /** `copy` (default) and/or `cursor`. */
  readonly actions?: unknown;
  readonly icon?: unknown;
  readonly iconType?: unknown;
}

/**
 * `<div class="sheaf-prompt prompt">`: description and actions, then the prompt itself in
 * `.sheaf-prompt-body`. The copy button (`data-copy-target="prompt"`) copies the body's text
 * (components.js); the Cursor action is a `cursor://` deep link carrying the prompt's text.
 */
export function Prompt(props: PromptProps): JSX.Element {
  const description = stringProp(props.description);
  const listed = stringList(props.actions);
  const actions = listed.length > 0 ? listed : ['copy'];
  const text = textOf(props.children).trim();
  return (
    <div class="sheaf-prompt prompt">
      <div class="sheaf-prompt-head">
        <IconSlot icon={props.icon} iconType={stringProp(props.iconType)} class="sheaf-prompt-icon" />
        <p class="sheaf-prompt-description">{description !== undefined ? <InlineMarkdown text={description} /> : null}</p>
        <div class="sheaf-prompt-actions">
          {actions.includes('copy') ? (
            <button type="button" class="sheaf-prompt-copy copy-button" data-copy-target="prompt" aria-label="Copy prompt">
              <BuiltinIcon name="copy" class="sheaf-prompt-action-icon" />
              <span>Copy prompt</span>
            </button>
          ) : null}
          {actions.includes('cursor') ? (
            <a class="sheaf-prompt-cursor" href={`cursor://anysphere.cursor-deeplink/prompt?text=${encodeURIComponent(text)}`}>
              Open in Cursor
            </a>
          ) : null}
        </div>
      </div>
      <div class="sheaf-prompt-body">{props.children}</div>
    </div>
  );
}
