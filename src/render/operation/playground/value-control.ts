import { fieldText, input, select, type Attrs } from './field-markup.js';
import type { SchemaInfo } from './schema-info.js';

export interface ValueControl {
  /** The control's attributes (id, name, data-*), without value. */
  readonly attrs: Attrs;
  readonly info: SchemaInfo;
  /** Starting value: the default, else (with prefill) the example. */
  readonly value: unknown;
  /** Shown greyed when the field is empty: the example when it is not the value. */
  readonly placeholder: unknown;
  readonly required: boolean;
}

const INPUT_MODE: Readonly<Record<string, string>> = { integer: 'numeric', number: 'decimal' };

/** `type · format`, and for lists a note that values are comma-separated. */
export function typeHint(info: SchemaInfo): string {
  const base = [info.type, info.format].filter(Boolean).join(' · ');
  return info.type === 'array' ? `${base}, comma-separated` : info.type === 'object' ? `${base}, JSON` : base;
}

/**
 * The control for one value: a select for enums and booleans (a blank first option when the
 * value is optional), else a text input (numeric keyboards for numbers).
 */
export function valueControl(c: ValueControl): string {
  const options = c.info.enum ?? (c.info.type === 'boolean' ? [true, false] : undefined);
  if (options) return select({ ...c.attrs, required: c.required }, options, c.value, !c.required || c.value === undefined);
  const placeholder = fieldText(c.placeholder);
  return input({
    ...c.attrs,
    value: c.value === undefined ? undefined : fieldText(c.value),
    placeholder: placeholder || undefined,
    inputmode: c.info.type ? INPUT_MODE[c.info.type] : undefined,
    required: c.required,
    autocomplete: 'off',
    spellcheck: 'false',
  });
}

/**
 * Value and placeholder of a field: with prefill (`api.examples.prefill`) the example is the
 * value; else the schema's default is, and the example is the placeholder. The schema's own
 * placeholder text (an MDX ParamField's) is the placeholder when no example is.
 */
export function startingValue(info: SchemaInfo, example: unknown, prefill: boolean): { value: unknown; placeholder: unknown } {
  if (prefill && example !== undefined) return { value: example, placeholder: undefined };
  if (info.default !== undefined) return { value: info.default, placeholder: undefined };
  return { value: undefined, placeholder: example ?? info.placeholder };
}
