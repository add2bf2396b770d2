import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { resolveMerged } from '../../src/openapi/examples/index.js';
import { resolveSchema } from '../../src/openapi/examples/resolve-schema.js';
import type { RawSchema } from '../../src/openapi/operation-model/model.js';
import { isRecord } from '../../src/parse/is-record.js';

/**
 * Checks example values against the schema they were generated from, with ajv: draft-07 rules
 * for OpenAPI 3.0 (and converted Swagger 2.0) documents, their draft-04 boolean
 * `exclusiveMaximum`/`exclusiveMinimum` rewritten in number form, JSON Schema 2020-12 for 3.1, formats
 * from ajv-formats (unknown formats pass). The schema is read where it stands in the document
 * (`<doc>#/pointer`), so its `$ref`s resolve as the generator follows them.
 *
 * OpenAPI's own rules are applied to a copy of the document first: 3.0 `nullable: true` adds
 * `null` to `type` (and `enum`); a `required` property that is `readOnly` counts in responses
 * only, a `writeOnly` one in requests only (OpenAPI 3.0.3 §4.7.25.1), as the generator leaves them out.
 */

type AjvLike = {
  addSchema(schema: unknown, key: string): unknown;
  getSchema(key: string): ValidateFunction | undefined;
};

const require = createRequire(import.meta.url);
const Ajv07 = (require('ajv') as { default: new (o: object) => AjvLike }).default;
const Ajv2020 = (require('ajv/dist/2020.js') as { default: new (o: object) => AjvLike }).default;
const addFormats = (require('ajv-formats') as { default: (ajv: AjvLike) => void }).default;

const OPTIONS = { strict: false, logger: false, verbose: true, validateSchema: false, unicodeRegExp: false, allErrors: false };

export type Mode = 'request' | 'response';

export type CheckResult =
  | { readonly kind: 'valid' }
  /** `at`: the JSON pointer, in the document, of the schema whose keyword the first error breaks. */
  | { readonly kind: 'invalid'; readonly errors: readonly ErrorObject[]; readonly at: string }
  /** ajv cannot compile the schema (a keyword of the wrong type, a pattern no RegExp reads…). */
  | { readonly kind: 'uncompilable'; readonly message: string }
  /** The schema object is not part of the document (cannot happen for model schemas). */
  | { readonly kind: 'unlocated' };

export interface ExampleSchemaChecker {
  check(schema: RawSchema, value: unknown, mode: Mode): CheckResult;
  /** The JSON pointer of a schema object of the document, if it is one. */
  pointerOf(node: object): string | undefined;
}

const escapeSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** JSON pointers of every object and array in `document`, by identity. */
function pointers(document: unknown): WeakMap<object, string> {
  const out = new WeakMap<object, string>();
  const walk = (node: unknown, pointer: string) => {
    if (typeof node !== 'object' || node === null || out.has(node)) return;
    out.set(node, pointer);
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    else for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${escapeSegment(key)}`);
  };
  walk(document, '');
  return out;
}

/**
 * Keys whose values are example data, not schemas: left out of ajv's copy (validation ignores
 * them, and ajv would read `$id`s in them as schema ids), except as names in a map.
 */
const DATA_KEYS = new Set(['example', 'examples', 'x-examples', 'x-example', 'default']);
/** Objects whose keys are names (a property called `default`, the `default` response): never stripped. */
const NAME_MAPS = new Set([
  'properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'schemas', 'responses', 'parameters',
  'headers', 'requestBodies', 'securitySchemes', 'links', 'callbacks', 'pathItems', 'paths', 'webhooks', 'content',
  'encoding', 'variables', 'mapping',
]);

/** A copy of `document` with OpenAPI's rules written as JSON Schema for one direction (see above). */
function convert(document: unknown, mode: Mode, openapi30: boolean, origins: WeakMap<object, string>): unknown {
  const hiddenKey = mode === 'request' ? 'readOnly' : 'writeOnly';
  const copy = (node: unknown, pointer: string, names = false): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => copy(item, `${pointer}/${i}`));
    if (!isRecord(node)) return node;
    const out: Record<string, unknown> = {};
    origins.set(out, pointer);
    for (const [key, value] of Object.entries(node)) {
      if (!names && DATA_KEYS.has(key)) continue;
      out[key] = copy(value, `${pointer}/${escapeSegment(key)}`, !names && NAME_MAPS.has(key));
    }
    if (!names && openapi30 && node.nullable === true && (typeof node.type === 'string' || Array.isArray(node.type))) {
      const types = Array.isArray(node.type) ? node.type : [node.type];
      out.type = types.includes('null') ? types : [...types, 'null'];
      if (Array.isArray(node.enum) && !node.enum.includes(null)) out.enum = [...node.enum, null];
    }
    if (!names) discriminate(document, node, out);
    // Written as JSON Schema above (3.0), or not a 3.1 keyword; ajv's own reading needs `type` beside it.
    if (!names && typeof node.nullable === 'boolean') delete out.nullable;
    // Swagger 2.0's `file` type (left by some converted documents) is a string of bytes.
    if (!names && out.type === 'file') out.type = 'string';
    // 3.0's boolean `exclusiveMaximum`/`exclusiveMinimum` (draft 4) in the number form of draft 7
    // and 2020-12 (some 3.1 documents keep the boolean form; Sheaf reads it as 3.0's there too).
    if (!names) {
      for (const [exclusive, limit] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
        if (typeof node[exclusive] !== 'boolean') continue;
        if (node[exclusive] === true && typeof node[limit] === 'number') {
          out[exclusive] = node[limit];
          delete out[limit];
        } else delete out[exclusive];
      }
    }
    if (Array.isArray(node.required) && isRecord(node.properties)) {
      const properties = node.properties;
      out.required = node.required.filter((name) => {
        if (typeof name !== 'string') return true;
        const resolved = resolveSchema(properties[name], document, new Set());
        return !(resolved && resolved !== 'cycle' && resolved.schema[hiddenKey] === true);
      });
    }
    return out;
  };
  return copy(document, '');
}

/**
 * A `oneOf`/`anyOf` of `$ref`s with a `discriminator` means, in OpenAPI, "the variant named by the
 * discriminator property's value" (its `mapping` key, else the values the variant allows for
 * it, else the schema's name): written for ajv as some variant holding (`anyOf`), an object's
 * discriminator property required with one of those values, and `if` it has a value `then` that
 * variant. Without this, JSON Schema's `oneOf` rejects the many real documents whose variants
 * also accept each other's instances.
 */
function discriminate(document: unknown, node: Record<string, unknown>, out: Record<string, unknown>): void {
  const discriminator = node.discriminator;
  const key = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : undefined;
  if (!key || !isRecord(discriminator) || typeof discriminator.propertyName !== 'string') return;
  const variants = node[key] as unknown[];
  const refs = variants.map((v) => (isRecord(v) && typeof v.$ref === 'string' ? v.$ref : undefined));
  if (refs.some((r) => r === undefined)) return;
  const mapping = isRecord(discriminator.mapping) ? discriminator.mapping : {};
  /** Discriminator values and the variants they name (several when documents reuse a value). */
  const names = new Map<string, string[]>();
  const name = (value: string, ref: string) => names.set(value, [...new Set([...(names.get(value) ?? []), ref])]);
  for (const [value, target] of Object.entries(mapping)) if (typeof target === 'string') name(value, target.startsWith('#') ? target : `#/components/schemas/${target}`);
  const mapped = new Set([...names.values()].flat());
  // Variants the mapping does not name: the values their discriminator property allows
  // (`enum`/`const`, as most documents write it), else their schema name (OpenAPI's implicit mapping).
  for (const ref of refs as string[]) {
    if (mapped.has(ref)) continue;
    for (const value of ownValues(document, ref, discriminator.propertyName) ?? [ref.slice(ref.lastIndexOf('/') + 1)]) name(value, ref);
  }
  const property = discriminator.propertyName;
  const variantsCopy = out[key];
  delete out[key];
  const object = (more: Record<string, unknown>) => ({ type: 'object', required: [property], ...more });
  out.allOf = [
    ...(Array.isArray(out.allOf) ? out.allOf : []),
    // Some variant still holds (values that are not objects are checked by this alone).
    { anyOf: variantsCopy },
    { if: { type: 'object' }, then: object({ properties: { [property]: { enum: [...names.keys()] } } }) },
    ...[...names].map(([value, targets]) => ({
      if: object({ properties: { [property]: { const: value } } }),
      then: targets.length === 1 ? { $ref: targets[0] } : { anyOf: targets.map(($ref) => ({ $ref })) },
    })),
  ];
}

/** The string values the schema at `ref` allows for `property` (its `enum` or `const`), if it says. */
function ownValues(document: unknown, ref: string, property: string): string[] | undefined {
  const target = resolveMerged({ $ref: ref }, document);
  if (!target || !isRecord(target.properties)) return undefined;
  const prop = resolveSchema(target.properties[property], document, new Set());
  if (!prop || prop === 'cycle') return undefined;
  const values = Array.isArray(prop.schema.enum) ? prop.schema.enum : Object.hasOwn(prop.schema, 'const') ? [prop.schema.const] : [];
  const strings = values.filter((v): v is string => typeof v === 'string');
  return strings.length > 0 ? strings : undefined;
}

/** A checker for the examples of one loaded document (`version`: its `openapi` field). */
export function exampleSchemaChecker(document: unknown, version: string): ExampleSchemaChecker {
  const openapi30 = !version.startsWith('3.1');
  const where = pointers(document);
  const validators = new Map<Mode, AjvLike>();
  const origins = new WeakMap<object, string>();
  const ajvFor = (mode: Mode): AjvLike => {
    let ajv = validators.get(mode);
    if (!ajv) {
      ajv = openapi30 ? new Ajv07(OPTIONS) : new Ajv2020(OPTIONS);
      addFormats(ajv);
      ajv.addSchema(convert(document, mode, openapi30, origins), 'doc');
      validators.set(mode, ajv);
    }
    return ajv;
  };
  return {
    pointerOf: (node) => where.get(node),
    check(schema, value, mode) {
      const pointer = where.get(schema);
      if (pointer === undefined) return { kind: 'unlocated' };
      let validate: ValidateFunction | undefined;
      try {
        const fragment = pointer.split('/').map(encodeURIComponent).join('/');
        validate = ajvFor(mode).getSchema(`doc#${fragment}`);
      } catch (error) {
        return { kind: 'uncompilable', message: error instanceof Error ? error.message : String(error) };
      }
      if (!validate) return { kind: 'uncompilable', message: `no schema at ${pointer}` };
      if (validate(value)) return { kind: 'valid' };
      const errors = validate.errors ?? [];
      const parent: unknown = errors[0]?.parentSchema;
      return { kind: 'invalid', errors, at: (isRecord(parent) && origins.get(parent)) || pointer };
    },
  };
}
