import type { RawSchema } from '../operation-model/model.js';

/** The placeholder of a plain number or integer (Mintlify shows 123); moved into the bounds. */
const NUMBER = 123;
/** Multiples tried on each side of the nearest one before giving up on floating-point noise. */
const MULTIPLE_TRIES = 64;
/** Largest factor tried to turn a fractional `multipleOf` into an integer step (0.25 → 4 × 0.25 = 1). */
const MAX_INTEGER_FACTOR = 1_000;

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** One side of a range: the limit and whether the limit itself is excluded. */
interface Limit {
  readonly value: number;
  readonly exclusive: boolean;
}

/**
 * The lower and upper limits of a number schema: `minimum`/`maximum` with OpenAPI 3.0's boolean
 * `exclusiveMinimum`/`exclusiveMaximum` (the bound itself excluded), and JSON Schema's (3.1) number
 * form, where `exclusiveMinimum: 0` is a limit of its own. When both forms are given, the tighter wins.
 */
export function numberLimits(schema: RawSchema): { readonly lower?: Limit; readonly upper?: Limit } {
  const lower = tighter(finite(schema.minimum), schema.exclusiveMinimum, (a, b) => a > b);
  const upper = tighter(finite(schema.maximum), schema.exclusiveMaximum, (a, b) => a < b);
  return { ...(lower && { lower }), ...(upper && { upper }) };
}

function tighter(inclusive: number | undefined, exclusive: unknown, beyond: (a: number, b: number) => boolean): Limit | undefined {
  const own = inclusive === undefined ? undefined : { value: inclusive, exclusive: exclusive === true };
  const numeric = finite(exclusive);
  if (numeric === undefined) return own;
  if (own === undefined || beyond(numeric, own.value) || numeric === own.value) return { value: numeric, exclusive: true };
  return own;
}

const above = (v: number, l: Limit | undefined) => l === undefined || (l.exclusive ? v > l.value : v >= l.value);
const below = (v: number, l: Limit | undefined) => l === undefined || (l.exclusive ? v < l.value : v <= l.value);

/**
 * An example number for an `integer` or `number` schema: 123 when the schema allows it, else the
 * allowed value nearest to it, honouring `minimum`, `maximum`, both forms of `exclusiveMinimum` and
 * `exclusiveMaximum`, and `multipleOf` (checked as validators check it: `value / multipleOf` is an
 * integer in floating point). When no value satisfies them all (`minimum: 5, maximum: 1`), the
 * limit 123 is beyond: a contradiction stays visible instead of being papered over.
 */
export function numberExample(type: 'integer' | 'number', schema: RawSchema): number {
  const { lower, upper } = numberLimits(schema);
  const multipleOf = finite(schema.multipleOf);
  const step = stepOf(type, multipleOf !== undefined && multipleOf > 0 ? multipleOf : undefined);
  if (step !== undefined) {
    const found = nearestMultiple(step, multipleOf, lower, upper);
    if (found !== undefined) return found;
  } else {
    const found = nearestNumber(lower, upper);
    if (found !== undefined) return found;
  }
  // Nothing satisfies the schema: the limit 123 is beyond (an integer when one is asked for).
  const limit = lower && NUMBER < lower.value ? lower.value : upper && NUMBER > upper.value ? upper.value : NUMBER;
  return type === 'integer' ? Math.round(limit) : limit;
}

/** The spacing of allowed values: `multipleOf`, made a whole number for integers; 1 for plain integers. */
function stepOf(type: 'integer' | 'number', multipleOf: number | undefined): number | undefined {
  if (multipleOf === undefined) return type === 'integer' ? 1 : undefined;
  if (type !== 'integer' || Number.isInteger(multipleOf)) return multipleOf;
  for (let n = 2; n <= MAX_INTEGER_FACTOR; n += 1) {
    const candidate = Number((multipleOf * n).toPrecision(12));
    if (Number.isInteger(candidate)) return candidate;
  }
  return undefined;
}

/** The multiple of `step` nearest to 123 inside the limits whose division by `multipleOf` is exact. */
function nearestMultiple(step: number, multipleOf: number | undefined, lower: Limit | undefined, upper: Limit | undefined): number | undefined {
  let kMin = lower === undefined ? -Infinity : Math.ceil(lower.value / step);
  let kMax = upper === undefined ? Infinity : Math.floor(upper.value / step);
  if (lower && !above(kMin * step, lower)) kMin += 1;
  if (upper && !below(kMax * step, upper)) kMax -= 1;
  if (kMin > kMax) return undefined;
  const ideal = Math.min(kMax, Math.max(kMin, Math.round(NUMBER / step)));
  for (let i = 0; i <= MULTIPLE_TRIES; i += 1) {
    for (const k of i === 0 ? [ideal] : [ideal + i, ideal - i]) {
      if (k < kMin || k > kMax) continue;
      const value = Number((k * step).toPrecision(15)) + 0;
      if (!above(value, lower) || !below(value, upper)) continue;
      if (multipleOf === undefined || Number.isInteger(value / multipleOf)) return value;
    }
  }
  return undefined;
}

/** 123 when inside the limits, else the nearest allowed number (a limit, or beside an excluded one). */
function nearestNumber(lower: Limit | undefined, upper: Limit | undefined): number | undefined {
  if (above(NUMBER, lower) && below(NUMBER, upper)) return NUMBER;
  const candidates = lower && NUMBER < lower.value ? [lower.exclusive ? lower.value + 1 : lower.value] : upper ? [upper.exclusive ? upper.value - 1 : upper.value] : [];
  if (lower && upper) candidates.push((lower.value + upper.value) / 2);
  return candidates.find((v) => above(v, lower) && below(v, upper));
}
