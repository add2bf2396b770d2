import { escapeHtml } from '../../html.js';
import type { OperationModel, SecuritySchemeModel } from '../../../openapi/operation-model/model.js';
import { field, input } from './field-markup.js';
import { firstRequirement, specSecurity } from './playground-spec.js';

/**
 * A secret input: `data-pg-auth="<scheme key>"`, `data-pg-auth-part` (`value`, `username`,
 * `password`), prefilled with the scheme's `x-default`. The script remembers these in
 * localStorage only.
 */
function secret(id: string, scheme: SecuritySchemeModel, part: 'value' | 'username' | 'password', value: string | undefined): string {
  return input({
    id,
    type: part === 'username' ? 'text' : 'password',
    'data-pg-auth': scheme.key,
    'data-pg-auth-part': part,
    value,
    autocomplete: 'off',
    spellcheck: 'false',
  });
}

function schemeFields(scheme: SecuritySchemeModel, id: string): string {
  const spec = specSecurity(scheme);
  if (!spec) return `<p class="sheaf-playground-note">${escapeHtml(scheme.key)}: mutual TLS cannot be set up from a browser page.</p>`;
  if (spec.kind === 'basic') {
    const [user, password] = (scheme.default ?? '').split(/:(.*)/s);
    return (
      field(`${id}-username`, { text: 'Username', hint: scheme.key }, secret(`${id}-username`, scheme, 'username', user || undefined)) +
      field(`${id}-password`, { text: 'Password', hint: scheme.key }, secret(`${id}-password`, scheme, 'password', password || undefined))
    );
  }
  const label =
    spec.kind === 'apiKey'
      ? { text: spec.name, hint: `API key in ${spec.in}` }
      : spec.kind === 'bearer'
        ? { text: scheme.type === 'http' ? 'Bearer token' : 'Access token', hint: scheme.bearerFormat ?? scheme.key }
        : { text: `${spec.scheme} credentials`, hint: scheme.key };
  return field(id, label, secret(id, scheme, 'value', scheme.default));
}

/**
 * The Authorization fieldset for the operation's first security requirement (every scheme of it),
 * with a "Forget" button (`data-pg-forget`). Empty when the operation needs no auth.
 */
export function renderAuthFields(model: OperationModel, idPrefix: string): string {
  const schemes = firstRequirement(model);
  if (schemes.length === 0) return '';
  const fields = schemes.map((scheme, i) => schemeFields(scheme, `${idPrefix}-auth-${i}`));
  const others = model.security.length > 1 ? `<p class="sheaf-playground-note">This operation accepts ${model.security.length} ways to authenticate; the playground uses the first.</p>` : '';
  return (
    `<fieldset class="sheaf-playground-group" data-pg-auth-group><legend>Authorization</legend>${fields.join('')}${others}` +
    `<p class="sheaf-playground-note">Credentials are kept in this browser only. <button type="button" class="sheaf-playground-forget" data-pg-forget hidden>Forget</button></p></fieldset>`
  );
}
