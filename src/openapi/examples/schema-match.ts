import type { RawSchema } from '../operation-model/model.js';
import { numberLimits } from './number-example.js';
import { codePoints, compilePattern } from './pattern-example.js';
import { resolveSchema } from './resolve-schema.js';
import { isRecord } from '../../parse/is-record.js';

/** Nesting followed when matching; deeper parts are taken to match. */
const MAX_DEPTH = 12;

export interface MatchContext {
  readonly document: unknown;
  /** Required `readOnly` properties count in responses only, required `writeOnly` ones in requests only. */
  readonly mode: 'request' | 'response';
}

/**
 * Whether `value` may be valid against `schema`: a small, forgiving validator for choosing among
 * `oneOf` variants and for `not`. It checks types (3.0 `nullable` included), `enum`, `const`,
 * `required`, `properties`, `additionalProperties`, `items`, numeric limits, string lengths and
 * `pattern`, and `allOf`/`anyOf`/`oneOf`/`not`; anything else (formats, nesting deeper than
 * `maxDepth` levels, unresolvable `$ref`s) counts as matching. So "false" is reliable, "true" is a
 * best guess. Never throws.
 */
export function mayMatch(value: unknown, schema: unknown, ctx: MatchContext, depth = 0, maxDepth = MAX_DEPTH): boolean {
  if (depth > maxDepth) return true;
  if (schema === false) return false;
  const resolved = resolveSchema(schema, ctx.document, new Set());
  if (resolved === undefined || resolved === 'cycle') return true;
  const s = resolved.schema;
  const next = (v: unknown, sub: unknown) => mayMatch(v, sub, ctx, depth + 1, maxDepth);
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => next(value, sub))) return false;
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0 && !s.anyOf.some((sub) => next(value, sub))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.length > 0 && s.oneOf.filter((sub) => next(value, sub)).length !== 1) return false;
  if (s.not !== undefined && isRecord(s.not) && next(value, s.not)) return false;
  if (Object.hasOwn(s, 'const') && !sameValue(value, s.const)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((member) => sameValue(value, member))) return false;
  if (value === null) return allowsNull(s);
  if (!typeMatches(value, s.type)) return false;
  if (typeof value === 'number') return numberMatches(value, s);
  if (typeof value === 'string') return stringMatches(value, s);
  if (Array.isArray(value)) return arrayMatches(value, s, next);
  if (isRecord(value)) return objectMatches(value, s, ctx, next);
  return true;
}

function allowsNull(s: RawSchema): boolean {
  if (s.nullable === true || s.type === undefined || s.type === 'null') return true;
  return Array.isArray(s.type) && s.type.includes('null');
}

export function typeMatches(value: unknown, type: unknown): boolean {
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    switch (t) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return isRecord(value);
      default:
        return false;
    }
  });
}

function numberMatches(value: number, s: RawSchema): boolean {
  const { lower, upper } = numberLimits(s);
  if (lower && (lower.exclusive ? value <= lower.value : value < lower.value)) return false;
  if (upper && (upper.exclusive ? value >= upper.value : value > upper.value)) return false;
  return typeof s.multipleOf !== 'number' || s.multipleOf <= 0 || Number.isInteger(value / s.multipleOf);
}

function stringMatches(value: string, s: RawSchema): boolean {
  const size = codePoints(value);
  if (typeof s.minLength === 'number' && size < s.minLength) return false;
  if (typeof s.maxLength === 'number' && size > s.maxLength) return false;
  const pattern = compilePattern(s.pattern);
  // A pattern matched in linear time (see author-pattern.ts); one it cannot decide counts as matching.
  return pattern === undefined || pattern.test(value) !== false;
}

function arrayMatches(value: readonly unknown[], s: RawSchema, next: (v: unknown, sub: unknown) => boolean): boolean {
  if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
  if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
  return s.items === undefined || Array.isArray(s.items) || value.every((item) => next(item, s.items));
}

function objectMatches(value: Record<string, unknown>, s: RawSchema, ctx: MatchContext, next: (v: unknown, sub: unknown) => boolean): boolean {
  const properties = isRecord(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required : [];
  for (const name of required) {
    if (typeof name !== 'string' || Object.hasOwn(value, name)) continue;
    if (!hiddenIn(properties[name], ctx)) return false;
  }
  const keys = Object.keys(value);
  if (typeof s.minProperties === 'number' && keys.length < s.minProperties) return false;
  if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) return false;
  const patterns = isRecord(s.patternProperties) ? Object.keys(s.patternProperties) : [];
  for (const key of keys) {
    if (Object.hasOwn(properties, key)) {
      if (!next(value[key], properties[key])) return false;
    } else if (patterns.length === 0) {
      if (s.additionalProperties === false) return false;
      if (isRecord(s.additionalProperties) && !next(value[key], s.additionalProperties)) return false;
    }
  }
  return true;
}

/** A property the generator leaves out in this direction (`readOnly` in requests, `writeOnly` in responses). */
function hiddenIn(property: unknown, ctx: MatchContext): boolean {
  const resolved = resolveSchema(property, ctx.document, new Set());
  if (resolved === undefined || resolved === 'cycle') return false;
  return ctx.mode === 'request' ? resolved.schema.readOnly === true : resolved.schema.writeOnly === true;
}

/** JSON equality: same primitives, arrays and objects with equal members. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  return false;
}
