import type { z } from 'zod';

/**
 * Read-only access to the structure of zod schemas, used to explain issues (known keys of an
 * object, options of a union). Relies on zod 4's `_zod.def`; only the parts below are used.
 */
interface Def {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly getter?: () => z.ZodType;
  readonly in?: z.ZodType;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly element?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly keyType?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly entries?: Readonly<Record<string, string | number>>;
  readonly values?: readonly unknown[];
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** Strips optional/default/lazy/pipe wrappers down to the schema that does the work. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 32; depth += 1) {
    const def = defOf(current);
    if (wrappers.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
  return current;
}

/** The kind of a schema after unwrapping: `object`, `array`, `union`, `enum`, `string`, …. */
export function kindOf(schema: z.ZodType): string {
  return defOf(unwrap(schema)).type;
}

/**
 * The schema at `path` below `schema`, where `value` is the input at `schema`'s place. A union on
 * the way is resolved to its only branch whose type fits the input there (zod reports issues of
 * such a branch directly); `undefined` when the path leaves the schema or no single branch fits.
 */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[], value: unknown, keepUnion = false): z.ZodType | undefined {
  const step = (s: z.ZodType, v: unknown, last: boolean) => (last && keepUnion ? unwrap(s) : resolve(s, v));
  let current: z.ZodType | undefined = step(schema, value, path.length === 0);
  let here: unknown = value;
  for (const [index, token] of path.entries()) {
    if (!current) return undefined;
    const def = defOf(current);
    here = typeof here === 'object' && here !== null ? (here as Record<string, unknown>)[String(token)] : undefined;
    if (def.type === 'object') current = def.shape?.[String(token)];
    else if (def.type === 'array') current = def.element;
    else if (def.type === 'record') current = def.valueType;
    else return undefined;
    current = current && step(current, here, index === path.length - 1);
  }
  return current;
}

/** Unwraps `schema`; a union becomes its single branch fitting `value`'s type, if there is one. */
function resolve(schema: z.ZodType, value: unknown): z.ZodType | undefined {
  const current = unwrap(schema);
  const options = unionOptions(current);
  if (options.length === 0) return current;
  const fitting = options.filter((option) => fits(kindOf(option), value));
  return fitting.length === 1 && fitting[0] ? resolve(fitting[0], value) : current;
}

/** Whether a schema of kind `kind` could accept `value`'s type. */
export function fits(kind: string, value: unknown): boolean {
  if (Array.isArray(value)) return kind === 'array' || kind === 'tuple';
  if (typeof value === 'object' && value !== null) return kind === 'object' || kind === 'record';
  if (typeof value === 'string') return kind === 'string' || kind === 'enum' || kind === 'literal' || kind === 'template_literal';
  if (typeof value === 'number') return kind === 'number' || kind === 'literal' || kind === 'enum';
  if (typeof value === 'boolean') return kind === 'boolean' || kind === 'literal';
  return false;
}

/** Keys an object schema declares, in declaration order; empty for other schemas. */
export function objectKeys(schema: z.ZodType): readonly string[] {
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** Branches of a union schema; empty for other schemas. */
export function unionOptions(schema: z.ZodType): readonly z.ZodType[] {
  const def = defOf(unwrap(schema));
  return def.type === 'union' && def.options ? def.options : [];
}

/** Accepted values of an enum or literal schema (also the key enum of a record); empty otherwise. */
export function enumValues(schema: z.ZodType): readonly string[] {
  const def = defOf(unwrap(schema));
  if (def.type === 'enum' && def.entries) return Object.values(def.entries).map(String);
  if (def.type === 'literal' && def.values) return def.values.map(String);
  if (def.type === 'record' && def.keyType) return enumValues(def.keyType);
  return [];
}
