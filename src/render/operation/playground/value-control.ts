import { fieldText, input, select, type Attrs } from './field-markup.js';
import type { SchemaInfo } from './schema-info.js';

export interface ValueControl {
  /** The control's attributes (id, name, data-*), without value. */
  readonly attrs: Attrs;
  readonly info: SchemaInfo;
  /** Starting value: the example, else the default (see `startingValue`). */
  readonly value: unknown;
  /** Shown greyed when the field is empty (an MDX ParamField's placeholder text). */
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
 * Value and placeholder of a field. The value is the one the code samples show for it: its
 * example (`explicitValue`: the parameter's `example`, the first of its `examples`, the schema's
 * `example` or `examples[0]`, `default`, `const`, the first `enum` member; `x-default` first with
 * `api.examples.prefill`), else the schema's default. So a required field with an example is
 * filled and Send works on the first click. Values generated from the type alone (`<string>`,
 * 123) are never filled: they would be sent as typed. The schema's own placeholder text (an MDX
 * ParamField's) shows in a field left empty.
 */
export function startingValue(info: SchemaInfo, example: unknown): { value: unknown; placeholder: unknown } {
  if (example !== undefined && example !== null) return { value: example, placeholder: undefined };
  if (info.default !== undefined) return { value: info.default, placeholder: undefined };
  return { value: undefined, placeholder: info.placeholder };
}
