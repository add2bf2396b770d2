import { escapeHtml } from '../../html.js';
import type { ServerModel } from '../../../openapi/operation-model/model.js';
import { field, input, select } from './field-markup.js';

/**
 * The server choice: a `<select data-pg-server-select>` (option values are indexes into the
 * spec's servers) when there are several, else the one URL as text; then one fieldset of
 * variables per server (`data-pg-server="<index>"`, all but the first `hidden disabled`, the
 * script shows and enables the chosen one), each control `data-pg-var="<name>"`.
 */
export function renderServerFields(servers: readonly ServerModel[], idPrefix: string): string {
  const id = `${idPrefix}-server`;
  const options = servers.map((s, i) => `<option value="${i}"${i === 0 ? ' selected' : ''}>${escapeHtml(s.description ? `${s.url} (${s.description})` : s.url)}</option>`);
  const choice =
    servers.length > 1
      ? field(id, { text: 'Server' }, `<select id="${escapeHtml(id)}" data-pg-server-select>${options.join('')}</select>`)
      : `<div class="sheaf-playground-field"><span class="sheaf-playground-name">Server</span> <code class="sheaf-playground-server-url">${escapeHtml(servers[0]?.url ?? '')}</code></div>`;
  const variables = servers.map((server, s) => {
    const names = Object.keys(server.variables);
    if (names.length === 0) return '';
    const fields = names.map((name, v) => {
      const variable = server.variables[name];
      const varId = `${idPrefix}-server-${s}-var-${v}`;
      const attrs = { id: varId, 'data-pg-var': name, required: true };
      const control = variable?.enum?.length ? select(attrs, variable.enum, variable.default, false) : input({ ...attrs, value: variable?.default ?? '', autocomplete: 'off', spellcheck: 'false' });
      return field(varId, { text: name, hint: variable?.description }, control);
    });
    return `<fieldset class="sheaf-playground-group" data-pg-server="${s}"${s > 0 ? ' hidden disabled' : ''}><legend>Server variables</legend>${fields.join('')}</fieldset>`;
  });
  return choice + variables.join('');
}
