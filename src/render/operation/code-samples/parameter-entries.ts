import type { ParameterModel } from '../../../openapi/operation-model/model.js';
import { encodeQuery } from './encode.js';
import type { HarNameValue } from './har.js';
import { isRecord } from '../../../parse/is-record.js';

/** A scalar as text; objects and arrays inside a serialised value become JSON. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A value in `simple` style (path, header and cookie parameters): arrays comma-joined, objects
 * as `k,v,k2,v2`, or `k=v,k2=v2` when exploded.
 */
export function simpleText(value: unknown, explode = false): string {
  if (Array.isArray(value)) return value.map(scalarText).join(',');
  if (isRecord(value)) return Object.entries(value).map(([k, v]) => (explode ? `${k}=${scalarText(v)}` : `${k},${scalarText(v)}`)).join(',');
  return scalarText(value);
}

const DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

/**
 * The query-string entries of one parameter and its value, per its `style` and `explode`
 * (default `form`, exploded): arrays repeat the name or join with the style's delimiter, objects
 * give `k=v` pairs, `name[k]=v` (`deepObject`) or `name=k,v`. Names and values are encoded.
 */
export function queryEntries(param: ParameterModel, value: unknown): HarNameValue[] {
  const style = param.style ?? 'form';
  const explode = param.explode ?? style === 'form';
  const entry = (name: string, text: string): HarNameValue => ({ name: encodeQuery(name), value: encodeQuery(text) });
  if (Array.isArray(value)) {
    if (explode) return value.map((item) => entry(param.name, scalarText(item)));
    return [entry(param.name, value.map(scalarText).join(DELIMITERS[style] ?? ','))];
  }
  if (isRecord(value)) {
    const pairs = Object.entries(value);
    if (style === 'deepObject') return pairs.map(([k, v]) => entry(`${param.name}[${k}]`, scalarText(v)));
    if (explode) return pairs.map(([k, v]) => entry(k, scalarText(v)));
    return [entry(param.name, pairs.map(([k, v]) => `${k},${scalarText(v)}`).join(','))];
  }
  return [entry(param.name, scalarText(value))];
}
