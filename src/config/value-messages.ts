import { closest } from './closest.js';
import { describeValue, listOf } from './describe.js';

const nouns: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: '`true` or `false`',
  object: 'an object',
  array: 'an array',
  record: 'an object',
  null: '`null`',
  never: 'absent',
};

/** The noun phrase for a zod `expected` type: `a string`, `an array`, …. */
export function expectedOf(expected: string): string {
  return nouns[expected] ?? expected;
}

/** `` `a` `` or `` one of `a`, `b` or `c` ``; lists over 12 values are cut after 8. */
export function oneOf(values: readonly string[]): string {
  if (values.length === 1) return listOf(values);
  const shown = values.length > 12 ? `${values.slice(0, 8).map((v) => '`' + v + '`').join(', ')}, … (${values.length} values)` : listOf(values);
  return `one of ${shown}`;
}

/** mint.json themes renamed in docs.json, for a targeted hint. */
const legacyThemes: Readonly<Record<string, string>> = { venus: 'palm', quill: 'willow', prism: 'mint' };

/** Message and hint for a value outside an enum. Long lists are shortened; close values are suggested. */
export function invalidValue(at: string, values: readonly string[], value: unknown): { message: string; hint?: string } {
  const message = `\`${at}\` must be ${oneOf(values)}, got ${describeValue(value)}.`;
  if (typeof value !== 'string') return { message };
  const legacy = legacyThemes[value];
  if (legacy && values.includes(legacy)) return { message, hint: `\`${value}\` is a mint.json theme; its docs.json equivalent is \`${legacy}\`.` };
  const nearest = closest(value, values);
  return nearest === undefined ? { message } : { message, hint: `Did you mean \`${nearest}\`?` };
}

function unit(origin: string, count: number): string {
  if (origin === 'string') return count === 1 ? 'character' : 'characters';
  if (origin === 'array') return count === 1 ? 'item' : 'items';
  return '';
}

/** Message for a value below a minimum length, size or number. */
export function tooSmall(at: string, origin: string, minimum: number, value: unknown): string {
  if (origin === 'string' && minimum === 1) return `\`${at}\` must not be empty.`;
  if (origin === 'array' || origin === 'string') return `\`${at}\` must have at least ${minimum} ${unit(origin, minimum)}, got ${describeLength(value)}.`;
  return `\`${at}\` must be at least ${minimum}, got ${describeValue(value)}.`;
}

/** Message for a value above a maximum length, size or number. */
export function tooBig(at: string, origin: string, maximum: number, value: unknown): string {
  if (origin === 'array' || origin === 'string') return `\`${at}\` must have at most ${maximum} ${unit(origin, maximum)}, got ${describeLength(value)}.`;
  return `\`${at}\` must be at most ${maximum}, got ${describeValue(value)}.`;
}

function describeLength(value: unknown): string {
  if (Array.isArray(value)) return `${value.length}`;
  if (typeof value === 'string') return `${value.length}`;
  return describeValue(value);
}
