import { escapeHtml } from '../../html.js';
import type { OperationModel, SecurityRequirementModel, SecuritySchemeModel } from '../../../openapi/operation-model/model.js';
import { alternativeTitle } from '../render-security.js';
import { distinctTitles } from '../tab-set.js';
import { field, input } from './field-markup.js';
import { specSecurity } from './playground-spec.js';

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

/** The alternatives a reader can choose: each index into `model.security`, a repeated `{}` left out (one `None`). */
function choices(model: OperationModel): { readonly index: number; readonly requirement: SecurityRequirementModel }[] {
  const firstEmpty = model.security.findIndex((r) => r.schemes.length === 0);
  return model.security.flatMap((requirement, index) => (requirement.schemes.length > 0 || index === firstEmpty ? [{ index, requirement }] : []));
}

/**
 * The Authorization fieldset, with a "Forget" button (`data-pg-forget`); `''` when there is
 * nothing to fill (no `security`, or only `{}`). One alternative: the fields of its schemes.
 * Several: a `<select data-pg-auth-select>` titled "Authentication" whose option values index
 * `PlaygroundSpec.security` (labels as the page's tabs: scheme keys joined by ` + `, `None` for
 * `{}`), then each scheme's fields once, in a `div[data-pg-auth-in]` listing the alternatives
 * (space-separated indexes) that use it; those outside the first alternative are `hidden`, and
 * the script shows the chosen alternative's (src/client/playground/auth-choice.ts).
 */
export function renderAuthFields(model: OperationModel, idPrefix: string): string {
  const shown = choices(model);
  if (shown.every((c) => c.requirement.schemes.length === 0)) return '';
  const schemes = new Map<string, { scheme: SecuritySchemeModel; in: number[] }>();
  for (const { index, requirement } of shown) {
    for (const { scheme } of requirement.schemes) {
      const entry = schemes.get(scheme.key) ?? { scheme, in: [] };
      entry.in.push(index);
      schemes.set(scheme.key, entry);
    }
  }
  const ids = [...schemes.values()].map((_, i) => `${idPrefix}-auth-${i}`);
  let body: string;
  if (shown.length === 1) {
    body = [...schemes.values()].map((entry, i) => schemeFields(entry.scheme, ids[i] ?? '')).join('');
  } else {
    const first = shown[0]?.index ?? 0;
    const titles = distinctTitles(shown.map((c) => alternativeTitle(c.requirement)));
    const options = shown.map((c, i) => `<option value="${c.index}"${i === 0 ? ' selected' : ''}>${escapeHtml(titles[i] ?? '')}</option>`);
    const selectId = `${idPrefix}-auth-choice`;
    body =
      field(selectId, { text: 'Authentication' }, `<select id="${escapeHtml(selectId)}" data-pg-auth-select>${options.join('')}</select>`) +
      [...schemes.values()]
        .map((entry, i) => {
          const hidden = entry.in.includes(first) ? '' : ' hidden';
          return `<div class="sheaf-playground-auth-scheme" data-pg-auth-in="${entry.in.join(' ')}"${hidden}>${schemeFields(entry.scheme, ids[i] ?? '')}</div>`;
        })
        .join('') +
      `<p class="sheaf-playground-note" data-pg-auth-none${shown[0]?.requirement.schemes.length === 0 ? '' : ' hidden'}>No authentication: the request is sent without credentials.</p>`;
  }
  return (
    `<fieldset class="sheaf-playground-group" data-pg-auth-group><legend>Authorization</legend>${body}` +
    `<p class="sheaf-playground-note">Credentials are kept in this browser only. <button type="button" class="sheaf-playground-forget" data-pg-forget hidden>Forget</button></p></fieldset>`
  );
}
