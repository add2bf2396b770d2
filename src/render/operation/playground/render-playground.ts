import { renderInteractive } from './render-interactive.js';
import { renderSimple } from './render-simple.js';
import type { PlaygroundInput } from './types.js';

/**
 * The playground panel of an operation page: HTML that goes inside the page's
 * `<div class="sheaf-aside" data-aside="playground">` (the caller writes that wrapper).
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
  if (display === 'interactive' && model.servers.length > 0) return renderInteractive(input);
  return renderSimple(model);
}
