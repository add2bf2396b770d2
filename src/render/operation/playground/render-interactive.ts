import { escapeHtml } from '../../html.js';
import { embedJson } from './embed-json.js';
import { buildPlaygroundSpec } from './playground-spec.js';
import { renderAuthFields } from './render-auth-fields.js';
import { renderBodyFields } from './render-body-fields.js';
import { renderParameterFields } from './render-parameter-fields.js';
import { renderServerFields } from './render-server-fields.js';
import type { PlaygroundInput } from './types.js';
import { requestParameters } from '../../../openapi/operation-model/querystring-parameter.js';

/**
 * Where the script writes the answer: a status line (`role=status`, always present, so screen
 * readers hear "Sending…" and the result) and a response section shown after the first send.
 */
const RESPONSE =
  '<p class="sheaf-playground-state" role="status" data-pg-state></p>' +
  '<section class="sheaf-playground-response" data-pg-response aria-label="Response" hidden>' +
  '<div class="sheaf-playground-response-head"><span class="sheaf-playground-status" data-pg-out-status></span> <span class="sheaf-playground-time" data-pg-out-time></span></div>' +
  '<p class="sheaf-playground-message" data-pg-out-message hidden></p>' +
  '<details class="sheaf-playground-headers" data-pg-out-headers-box><summary>Headers</summary><dl data-pg-out-headers></dl></details>' +
  '<pre class="sheaf-playground-output" tabindex="0"><code data-pg-out-body></code></pre>' +
  '</section>';

/**
 * The `interactive` playground: `<form data-sheaf-playground>` holding its spec
 * (`<script type="application/json" data-sheaf-playground-spec>`), the server, auth, parameter
 * and body fields, a Send button (disabled until src/client/playground/ enables it, with a note
 * for readers without JavaScript) and the response area. Markup contract: see the render-* modules.
 */
export function renderInteractive(input: PlaygroundInput): string {
  const { model, document, prefill } = input;
  const idPrefix = input.idPrefix ?? 'sheaf-pg';
  const spec = buildPlaygroundSpec(model, document, { proxy: input.proxy, credentials: input.credentials });
  const method = spec.method;
  const via = input.proxy ? 'Sent through this site.' : 'Sent from your browser straight to the API.';
  return (
    `<form class="sheaf-playground" data-sheaf-playground method="post" aria-label="Try ${escapeHtml(`${method} ${model.path}`)}">` +
    `<script type="application/json" data-sheaf-playground-spec>${embedJson(spec)}</script>` +
    `<div class="sheaf-playground-title"><span class="sheaf-playground-method sheaf-method-${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</span> <code class="sheaf-playground-path">${escapeHtml(model.path)}</code></div>` +
    renderServerFields(model.servers, idPrefix) +
    renderAuthFields(model, idPrefix) +
    renderParameterFields(requestParameters(model), document, prefill, idPrefix, input.defaults, input.post) +
    renderBodyFields(model, document, prefill, idPrefix, input.defaults, input.post) +
    `<div class="sheaf-playground-actions"><button type="submit" class="sheaf-playground-send" data-pg-send disabled>Send</button> <span class="sheaf-playground-via">${via}</span></div>` +
    `<p class="sheaf-playground-nojs" data-pg-nojs>Sending a request needs JavaScript; the fields above show what the request takes.</p>` +
    RESPONSE +
    `</form>`
  );
}
