/**
 * How a Try-it field holds an array or object parameter as one line of text: the page writes the
 * example into the field with `toFieldText` and names the syntax with `fieldSyntax`
 * (src/render/operation/playground/), the page script reads the field back with `fromFieldText`
 * (src/client/playground/) and sends it with serialize.ts. Arrays are typed with the delimiter
 * of their style (`blue|black` for `pipeDelimited`, `blue black` for `spaceDelimited`, else
 * `blue,black`); objects as `key=value` pairs, comma-separated (`R=100,G=200`), whatever the
 * style puts on the wire (`color[R]=100` for `deepObject`). A parameter described by `content`
 * is typed as its media type's text (JSON). Plain ES2019, imports only this folder.
 */

import { contentText, isFormType, scalarText, styleOf, type StyledParameter } from './serialize.js';

/** How a field's text is read: as it is, as a list, or as key=value pairs. */
export type FieldShape = 'scalar' | 'array' | 'object';

type Styled = Pick<StyledParameter, 'in' | 'style' | 'mediaType'>;

/** A `content` parameter typed as its media type's text (form fields are typed as an object's pairs). */
const asText = (param: Styled): param is Styled & { readonly mediaType: string } => param.mediaType !== undefined && !isFormType(param.mediaType);

/** The delimiter a field separates array items with: `|`, ` ` or `,`. */
function itemDelimiter(param: Styled): string {
  const style = styleOf(param);
  return style === 'pipeDelimited' ? '|' : style === 'spaceDelimited' ? ' ' : ',';
}

/** What the field's hint says of its syntax (`pipe-separated`, `key=value, comma-separated`); `undefined` for scalars. */
export function fieldSyntax(param: Styled, shape: FieldShape): string | undefined {
  // A `content` parameter is typed as its media type's text (JSON), and sent as typed.
  if (asText(param)) return /[/+]json\b/i.test(param.mediaType) ? 'JSON' : undefined;
  if (shape === 'object') return 'key=value, comma-separated';
  if (shape !== 'array') return undefined;
  const delimiter = itemDelimiter(param);
  return delimiter === '|' ? 'pipe-separated' : delimiter === ' ' ? 'space-separated' : 'comma-separated';
}

/** A value as the field shows it; `undefined` stays `undefined` (no value). */
export function toFieldText(param: Styled, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (asText(param)) return contentText(param.mediaType, value);
  if (Array.isArray(value)) return value.map(scalarText).join(itemDelimiter(param));
  if (typeof value === 'object' && value !== null) {
    const object = value as { readonly [key: string]: unknown };
    return Object.keys(object).map((k) => `${k}=${scalarText(object[k])}`).join(',');
  }
  return scalarText(value);
}

/**
 * The value a field's text stands for. Arrays split at their delimiter (items trimmed, empty
 * ones dropped); objects split at commas into `key=value` pairs (a pair without `=` is a key with
 * an empty value), or a JSON object typed as such; scalars as typed.
 */
export function fromFieldText(param: Styled, shape: FieldShape, text: string): unknown {
  if (asText(param)) return text;
  if (shape === 'array') {
    const delimiter = itemDelimiter(param);
    const items = delimiter === ' ' ? text.split(/\s+/) : text.split(delimiter).map((v) => v.trim());
    return items.filter((v) => v !== '');
  }
  if (shape === 'object') {
    const trimmed = text.trim();
    if (trimmed.charAt(0) === '{') {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
      } catch {
        /* not JSON: read as pairs */
      }
    }
    const object: { [key: string]: string } = {};
    for (const pair of trimmed.split(',')) {
      if (pair.trim() === '') continue;
      const eq = pair.indexOf('=');
      if (eq < 0) object[pair.trim()] = '';
      else object[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
    }
    return object;
  }
  return text;
}
