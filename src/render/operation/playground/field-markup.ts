/**
 * Small HTML builders for the playground form: a labelled field around an input, a text input,
 * a select. Every value is escaped here; callers pass plain text.
 */

import { attributes } from '../../layout/escape.js';
import { escapeHtml } from '../../html.js';

export type Attrs = Readonly<Record<string, string | boolean | undefined>>;

/** A value as a field shows it: strings as is, lists comma-separated, objects as JSON. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.map(String).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface FieldLabel {
  readonly text: string;
  /** `type · format` hint shown after the name. */
  readonly hint?: string;
  readonly required?: boolean;
  readonly deprecated?: boolean;
  /** docs.json `api.params.post` pills (plain text), after the marks. */
  readonly pills?: readonly string[];
}

/** `<div class="sheaf-playground-field">` with a `<label for=id>` and the control's HTML. */
export function field(id: string, label: FieldLabel, control: string): string {
  const marks = [
    label.hint ? ` <span class="sheaf-playground-hint">${escapeHtml(label.hint)}</span>` : '',
    label.required ? ' <span class="sheaf-playground-required">required</span>' : '',
    label.deprecated ? ' <span class="sheaf-playground-deprecated">deprecated</span>' : '',
    ...(label.pills ?? []).map((pill) => ` <span class="sheaf-playground-hint sheaf-field-post">${escapeHtml(pill)}</span>`),
  ].join('');
  return `<div class="sheaf-playground-field"><label for="${escapeHtml(id)}"><span class="sheaf-playground-name">${escapeHtml(label.text)}</span>${marks}</label>${control}</div>`;
}

export function input(attrs: Attrs): string {
  return `<input${attributes({ type: 'text', ...attrs })}>`;
}

/**
 * A `<select>` of `options` (each shown as its field text); `selected` is matched by field text.
 * `empty` adds a first blank option (an optional value left unset).
 */
export function select(attrs: Attrs, options: readonly unknown[], selected: unknown, empty: boolean): string {
  const chosen = fieldText(selected);
  const items = [
    empty ? `<option value=""${chosen === '' ? ' selected' : ''}>—</option>` : '',
    ...options.map((o) => {
      const text = fieldText(o);
      return `<option value="${escapeHtml(text)}"${text === chosen ? ' selected' : ''}>${escapeHtml(text)}</option>`;
    }),
  ];
  return `<select${attributes(attrs)}>${items.join('')}</select>`;
}
