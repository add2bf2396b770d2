import { renderInteractive } from './render-interactive.js';
import { renderSimple } from './render-simple.js';
import { tryItDialog } from './try-it-dialog.js';
import type { PlaygroundInput } from './types.js';

/** True when the operation gets the `interactive` form (else `simple` or nothing). */
function isInteractive(input: PlaygroundInput): boolean {
  return input.display === 'interactive' && input.model.kind !== 'webhook' && input.model.servers.length > 0;
}

/**
 * The playground of an operation page: the form or the summary alone (see `renderTryIt` for
 * what the page places).
 *
 * - `none`, and webhooks (there is nothing a reader could send them to): `''`.
 * - `simple`: a request summary; nothing is sent.
 * - `auth` means "only for authenticated readers". A static site has no reader accounts, so it
 *   renders as `simple`.
 * - `interactive`: the form, unless the operation has no server to send to, in which case it
 *   falls back to `simple` (Mintlify's rule).
 */
export function renderPlayground(input: PlaygroundInput): string {
  const { model, display } = input;
  if (display === 'none' || model.kind === 'webhook') return '';
  if (isInteractive(input)) return renderInteractive(input);
  return renderSimple(model);
}

/**
 * What goes inside the page's `<div class="sheaf-aside" data-aside="playground">` (the caller
 * writes that wrapper, after the request and response examples): the `interactive` form in the
 * closed Try-it dialog (`tryItDialog`, opened from the header's button), else what
 * `renderPlayground` gives (`simple` summary or `''`).
 */
export function renderTryIt(input: PlaygroundInput): string {
  const panel = renderPlayground(input);
  return isInteractive(input) ? tryItDialog(panel, input.model) : panel;
}
