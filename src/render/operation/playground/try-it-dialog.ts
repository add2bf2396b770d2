import { escapeHtml } from '../../html.js';
import type { OperationModel } from '../../../openapi/operation-model/model.js';

/** The id of the Try-it dialog; the header's button names it in `aria-controls`. */
export const TRY_IT_DIALOG_ID = 'sheaf-try-it';

/** Mintlify's documented hook for the playground's inputs (custom-scripts.mdx), on the box holding the form. */
export const PLAYGROUND_INPUT_ID = 'api-playground-input';

/**
 * The `interactive` playground's form inside a closed modal `<dialog data-pg-dialog>`, as
 * Mintlify opens Try-it from a button: a head (the method and path as its title, a Close button
 * `[data-pg-close]`) and `#api-playground-input` holding the form. The dialog is closed in the
 * markup, so the right column shows the request and response examples and nothing else until the
 * reader asks; src/client/playground opens it with `showModal()` from the header's button (see
 * `tryItButton`). Without JavaScript nothing could be sent, so nothing is lost: the page body
 * documents every field.
 */
export function tryItDialog(form: string, model: OperationModel): string {
  const method = model.method.toUpperCase();
  const titleId = `${TRY_IT_DIALOG_ID}-title`;
  return (
    `<dialog class="sheaf-try-it" id="${TRY_IT_DIALOG_ID}" data-pg-dialog aria-labelledby="${titleId}">` +
    `<div class="sheaf-try-it-head">` +
    `<h2 class="sheaf-try-it-title" id="${titleId}"><span class="sheaf-playground-method sheaf-method-${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</span> <code>${escapeHtml(model.path)}</code></h2>` +
    `<button type="button" class="sheaf-try-it-close" data-pg-close aria-label="Close Try it">` +
    `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" fill="none"/></svg>` +
    `</button></div>` +
    `<div class="sheaf-try-it-body" id="${PLAYGROUND_INPUT_ID}">${form}</div>` +
    `</dialog>`
  );
}

/**
 * The "Try it" button of the endpoint line. `hidden` in the markup: src/client/playground shows
 * it once it has set up the dialog, so a reader without JavaScript (or a build whose playground
 * was taken out) never sees a button that does nothing.
 */
export function tryItButton(): string {
  return (
    `<button type="button" class="sheaf-op-try" data-pg-open aria-haspopup="dialog" aria-controls="${TRY_IT_DIALOG_ID}" hidden>` +
    `Try it<svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false"><path d="M5 3.5v9l7-4.5z" fill="currentColor"/></svg>` +
    `</button>`
  );
}

/** True when `aside` holds the Try-it dialog (an `interactive` playground): the header then gets its button. */
export function hasTryIt(aside: string | undefined): boolean {
  return aside !== undefined && aside.includes(`<dialog class="sheaf-try-it" id="${TRY_IT_DIALOG_ID}"`);
}
