import type { ErrorObject } from 'ajv';
import { pointerFrom, pointerTokens } from '../diagnostics/positions.js';
import { schemaCheck, type SchemaVersion } from './openapi-schemas.js';
import { countNodesUpTo, schemaParts, type SchemaPart } from './schema-parts.js';
import { describeType, type Problem } from './problem.js';
import { isRecord } from '../parse/is-record.js';

/** Violations of one rule reported one by one; the rest of that rule's are one summary warning. */
export const SHOWN_PER_RULE = 5;

/** Pointers named in a summary warning, at most. */
const NAMED_IN_SUMMARY = 3;

/**
 * Nodes (objects, arrays, values) a part of the document may hold to be checked for every error.
 * ajv's `allErrors` costs time quadratic in the errors of what it checks (measured on Node 20:
 * 35,000 errors in one operation, 1 s; 140,000, 17 s); a part of 10,000 nodes has at most about
 * 23,000 (0.4 s). The largest part of a real document seen (truora.com's, in the corpus) has
 * 8,695. A larger part that is invalid is reported by ajv's first errors (one per failing branch).
 */
export const MAX_PART_NODES = 10_000;

/** Violations found, all rules together, after which the rest of the document is not checked. */
export const MAX_VIOLATIONS = 1_000;

/**
 * ajv errors (said, or dropped as explained by others) after which the rest of the document is
 * not checked: with `MAX_PART_NODES`, at most about two parts at their worst, about 1 s.
 */
const MAX_ERRORS = 25_000;

/**
 * Where content inlined from another file came from: the bundler replaced the object holding
 * `$ref` at `pointer` of `file` with the content at `targetPointer` of `targetFile`.
 */
export interface InlinedRef {
  readonly file: string;
  readonly pointer: string;
  readonly targetFile: string;
  readonly targetPointer: string;
}

export interface ValidateInput {
  /** The bundled document: external `$ref`s inlined, internal ones kept (never dereferenced). */
  readonly document: unknown;
  readonly version: SchemaVersion;
  /** The root file's name in diagnostics. */
  readonly file: string;
  /** Each resolved external `$ref` of the document's files, to place violations in inlined content. */
  readonly inlined?: readonly InlinedRef[];
  /** Pointers (in `file`) another check already reported: no second warning there. */
  readonly reported?: ReadonlySet<string>;
}

/** A place in one of the document's files. */
interface Place {
  readonly file: string;
  readonly pointer: string;
}

/** One violation, before summarizing. */
interface Violation {
  /** In the bundled document. */
  readonly pointer: string;
  /** In the file the content came from. */
  readonly at: Place;
  /** For a missing field: where it would be, in the bundled document (another check may have reported it there). */
  readonly subject?: string;
  readonly message: string;
  /** The rule broken, in words and without the place, shared by the same violations elsewhere. */
  readonly rule: string;
  /** Same rule, same kind: `keyword|schemaPath|parameter`. */
  readonly kind: string;
  /** In place of the usual hint. */
  readonly hint?: string;
}

/** The violations of one rule: the first few kept to report, the others counted. */
interface RuleViolations {
  readonly shown: Violation[];
  /** The first violations past `shown`, to name in the summary. */
  readonly named: Violation[];
  /** Violations past `shown`. */
  rest: number;
}

/**
 * Validates a bundled OpenAPI 3.0/3.1 (or Swagger 2.0) document against the official JSON Schema
 * of its version (see `schemaCheck`) and turns the violations into `openapi/schema-violation`
 * problems at the place they are about (a file reached through a `$ref` when the content came
 * from there).
 *
 * The document is first checked in one pass that stops at the first error (valid documents, the
 * usual case, cost only that). An invalid one is checked again part by part (`schemaParts`: each
 * path item, webhook and component on its own, then the rest), each part for all its errors when
 * it holds at most `MAX_PART_NODES` nodes, until `MAX_VIOLATIONS` violations or `MAX_ERRORS` ajv
 * errors are found; then one more warning says where checking stopped, and the counts of the
 * summaries are lower bounds ("at least"). So a document with 100,000 broken operations costs
 * what its first thousand do, where ajv's `allErrors` over the whole would take minutes.
 *
 * ajv reports every failed branch of a `oneOf`/`if`; only the errors that say what is wrong are
 * kept: a `oneOf`/`anyOf`/`if` failure explained by errors at or below its place is dropped, and
 * so is "must have `$ref`" (the Reference Object branch) when other errors explain the place;
 * where a value has the wrong type, only that is said.
 * The first `SHOWN_PER_RULE` violations of each rule are reported one by one, the rest as one
 * summary naming how many there are. Problems come out grouped by rule (callers sort by place).
 */
export function validateDocument(input: ValidateInput): Problem[] {
  const schema = schemaCheck(input.version);
  if (schema.errors(input.document, 'first').length === 0) return [];
  const map = pointerMap(input.file, input.inlined ?? []);
  const parts: Iterator<SchemaPart> = isRecord(input.document)
    ? schemaParts(input.document, input.version)
    : [{ pointer: '', value: input.document, document: input.document }][Symbol.iterator]();
  const rules = new Map<string, RuleViolations>();
  const said = new Set<string>();
  let found = 0;
  let errorCount = 0;
  let stoppedAt: string | undefined;
  for (let next = parts.next(); !next.done; next = parts.next()) {
    const part = next.value;
    const first = schema.errors(part.document, 'first');
    if (first.length === 0) continue;
    const whole = countNodesUpTo(part.value, MAX_PART_NODES) <= MAX_PART_NODES;
    const every = whole ? schema.errors(part.document, 'every') : first;
    const errors = part.pointer === '' ? every : every.filter((e) => e.instancePath === part.pointer || e.instancePath.startsWith(`${part.pointer}/`));
    errorCount += errors.length;
    const partial = whole ? undefined : partialHint(part.pointer === '' ? 'The top level of the document' : `\`${placeName(map(part.pointer), input.file)}\``);
    for (const explained of explain(errors, input, schema.objectOf, map, said)) {
      const v = partial ? { ...explained, hint: partial } : explained;
      if (input.reported?.has(v.pointer) || (v.subject !== undefined && input.reported?.has(v.subject))) continue;
      found += 1;
      const rule = rules.get(v.kind) ?? { shown: [], named: [], rest: 0 };
      rules.set(v.kind, rule);
      if (rule.shown.length < SHOWN_PER_RULE) {
        rule.shown.push(v);
      } else {
        rule.rest += 1;
        if (rule.named.length < NAMED_IN_SUMMARY) rule.named.push(v);
      }
    }
    if (found >= MAX_VIOLATIONS || errorCount >= MAX_ERRORS) {
      if (!parts.next().done) stoppedAt = part.pointer;
      break;
    }
  }
  const problems: Problem[] = [];
  const spec = specName(input.version);
  for (const rule of rules.values()) {
    for (const v of rule.shown) problems.push(problem(v.at, v.message, v.hint));
    const first = rule.named[0];
    if (!first) continue;
    const named = rule.named.map((v) => `\`${placeName(v.at, input.file)}\``).join(', ');
    const more = rule.rest > rule.named.length ? ', …' : '';
    const count = `${stoppedAt === undefined ? '' : 'At least '}${rule.rest.toLocaleString('en-US')}`;
    const one = rule.rest === 1;
    problems.push(
      problem(first.at, `${count} more place${one ? '' : 's'} in the document break${one ? 's' : ''} the same rule as above: ${first.rule} (${named}${more}).`),
    );
  }
  if (stoppedAt !== undefined) {
    const at = map(stoppedAt);
    problems.push(
      problem(
        at,
        `Sheaf stopped checking \`${input.file}\` against the ${spec} schema after ${stoppedAt === '' ? 'its top-level fields' : `\`${placeName(at, input.file)}\``}, with ${found.toLocaleString('en-US')} violation${found === 1 ? '' : 's'} found; the rest of the document was not checked.`,
        'Fix the violations shown, then check again for the rest.',
      ),
    );
  }
  return problems;
}

/** The hint of violations found in a part too large to check for every error. */
function partialHint(part: string): string {
  return `${part} holds more than ${MAX_PART_NODES.toLocaleString('en-US')} values, too many to check for every violation at once; this is one of the first found there: fix them and check again.`;
}

/** The specification as messages name it. */
function specName(version: SchemaVersion): string {
  return version === '2.0' ? 'Swagger 2.0' : `OpenAPI ${version}`;
}

/** A place for a message: its pointer, after the file's name when it is not the root file. */
function placeName(at: Place, root: string): string {
  return at.file === root ? at.pointer || '/' : `${at.file}#${at.pointer}`;
}

function problem(at: Place, message: string, hint: string | undefined = 'Fix the document where shown; Sheaf renders what it can, but other OpenAPI tools may refuse the document.'): Problem {
  return { code: 'openapi/schema-violation', message, file: at.file, pointer: at.pointer, hint };
}

/** Keeps the errors that say what is wrong, in words, without duplicates (of each other and of those in `seen`). */
function explain(
  errors: readonly ErrorObject[],
  input: ValidateInput,
  objectOf: (schema: unknown) => string | undefined,
  map: (pointer: string) => Place,
  seen: Set<string>,
): Violation[] {
  // Every place an error that says something is at or below: its own path and the paths above it.
  const covered = new Set<string>();
  for (const e of errors) {
    if (isWrapper(e) || isRefBranch(e)) continue;
    for (let p = e.instancePath; !covered.has(p); p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
      covered.add(p);
      if (p === '') break;
    }
  }
  const explained = (e: ErrorObject) => covered.has(e.instancePath);
  // A value of the wrong type breaks every other rule at its place too: say only the type.
  const mistyped = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  // An empty map that needs entries (`responses: {}`) also fails the rules about which entries: say it is empty.
  const empty = new Set(errors.filter((e) => e.keyword === 'minProperties').map((e) => e.instancePath));
  const out: Violation[] = [];
  for (const e of errors) {
    if ((isWrapper(e) || isRefBranch(e)) && explained(e)) continue;
    if (e.keyword !== 'type' && mistyped.has(e.instancePath)) continue;
    if (e.keyword !== 'minProperties' && empty.has(e.instancePath) && !mistyped.has(e.instancePath)) continue;
    if (inReference(e, input.document)) continue;
    const v = violation(e, input, objectOf(e.parentSchema), map);
    const key = `${v.pointer}\u0000${v.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

/**
 * A failed `oneOf`/`anyOf`/`if`: it only says that some branch failed (unless several passed);
 * a failed `propertyNames`: it only says that some name broke the rule the error beside it names.
 */
function isWrapper(e: ErrorObject): boolean {
  if (e.keyword === 'oneOf') return !Array.isArray((e.params as { passingSchemas?: unknown }).passingSchemas);
  return e.keyword === 'anyOf' || e.keyword === 'if' || e.keyword === 'propertyNames';
}

/** "must have required property '$ref'": the Reference Object branch of a `oneOf`. */
function isRefBranch(e: ErrorObject): boolean {
  return e.keyword === 'required' && (e.params as { missingProperty?: unknown }).missingProperty === '$ref';
}

/**
 * An object `{"$ref": "…"}` where the schema allows no Reference Object (a `properties` map, a
 * `paths` entry written as a `$ref` to another file's map…): like Mintlify and swagger-parser,
 * Sheaf replaces it by its target wherever it stands, so it is not reported (nor its `$ref` key).
 */
function inReference(e: ErrorObject, document: unknown): boolean {
  if (isReference(e.data)) return true;
  const slash = e.instancePath.lastIndexOf('/');
  return e.instancePath.endsWith('/$ref') && isReference(valueAt(document, e.instancePath.slice(0, slash)));
}

function isReference(value: unknown): boolean {
  return isRecord(value) && typeof value['$ref'] === 'string';
}

/** The value at a JSON pointer, taken literally (ajv's paths do not follow `$ref`s). */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointerTokens(pointer)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function violation(e: ErrorObject, input: ValidateInput, object: string | undefined, map: (pointer: string) => Place): Violation {
  const params = e.params as Record<string, unknown>;
  const here = map(e.instancePath);
  const where = here.file === input.file && here.pointer === '' ? 'the document' : `\`${placeName(here, input.file)}\``;
  const data: unknown = e.data;
  const kind = (extra = '') => `${e.keyword}|${e.schemaPath}|${extra}`;
  switch (e.keyword) {
    case 'required': {
      const key = String(params['missingProperty']);
      const rule = `${object ? `${article(object)} ${object} Object` : 'this object'} must have \`${key}\``;
      return { pointer: e.instancePath, subject: e.instancePath + pointerFrom([key]), at: here, message: `${where} has no \`${key}\`, which the ${specName(input.version)} schema requires${object ? ` of ${article(object)} ${object} Object` : ''}.`, rule, kind: kind(key) };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(params['additionalProperty'] ?? params['unevaluatedProperty']);
      const pointer = e.instancePath + pointerFrom([key]);
      const rule = `${object ? `${article(object)} ${object} Object` : 'this object'} has no field \`${key}\``;
      return {
        pointer,
        at: map(pointer),
        message: `\`${key}\` is not a field of ${object ? `${article(object)} ${object} Object` : `the object at ${where}`} in ${specName(input.version)} (extensions must start with \`x-\`).`,
        rule,
        kind: kind(key),
      };
    }
    case 'type': {
      const rule = `${object ? `${article(object)} ${object} Object's value` : 'this value'} must be ${String(params['type']).replace(',', ' or ')}`;
      return { pointer: e.instancePath, at: here, message: `${where} must be ${String(params['type']).replace(',', ' or ')}, not ${describeType(data)}.`, rule, kind: kind() };
    }
    case 'enum': {
      const allowed = (Array.isArray(params['allowedValues']) ? params['allowedValues'] : []).map((v) => `\`${preview(v)}\``).join(', ');
      return { pointer: e.instancePath, at: here, message: `${where} is \`${preview(data)}\`; it must be one of ${allowed}.`, rule: `the value must be one of ${allowed}`, kind: kind() };
    }
    case 'const':
      return { pointer: e.instancePath, at: here, message: `${where} is \`${preview(data)}\`; it must be \`${preview(params['allowedValue'])}\`.`, rule: `the value must be \`${preview(params['allowedValue'])}\``, kind: kind() };
    case 'pattern':
      if (e.propertyName !== undefined) {
        // A key refused by `propertyNames`: about the entry, not the map's value.
        const pointer = e.instancePath + pointerFrom([e.propertyName]);
        const name = e.propertyName.length > 60 ? `${e.propertyName.slice(0, 57)}…` : e.propertyName;
        return { pointer, at: map(pointer), message: `${where} has an entry named \`${name}\`; names there must match \`${String(params['pattern'])}\`.`, rule: `names must match \`${String(params['pattern'])}\``, kind: kind('name') };
      }
      return { pointer: e.instancePath, at: here, message: `${where} is \`${preview(data)}\`, which does not match \`${String(params['pattern'])}\`.`, rule: `the value must match \`${String(params['pattern'])}\``, kind: kind() };
    case 'minProperties': {
      const count = Number(params['limit']);
      const rule = `${object ? `${article(object)} ${object} Object` : 'this map'} needs at least ${count} entr${count === 1 ? 'y' : 'ies'}`;
      return { pointer: e.instancePath, at: here, message: `${where} is empty; the ${specName(input.version)} schema requires at least ${count} entr${count === 1 ? 'y' : 'ies'}${object ? ` in ${article(object)} ${object} Object` : ''}.`, rule, kind: kind() };
    }
    case 'not':
      if (e.propertyName !== undefined) {
        // A key refused by `propertyNames: { not: … }` (3.2 `additionalOperations: { POST: … }`): about the entry.
        const pointer = e.instancePath + pointerFrom([e.propertyName]);
        const name = e.propertyName.length > 60 ? `${e.propertyName.slice(0, 57)}…` : e.propertyName;
        return { pointer, at: map(pointer), message: `${where} has an entry named \`${name}\`, a name the ${specName(input.version)} schema does not allow there.`, rule: `a name not allowed there (${e.schemaPath})`, kind: kind('name') };
      }
      return { pointer: e.instancePath, at: here, message: `${where} has a combination of fields the ${specName(input.version)} schema forbids${object ? ` in ${article(object)} ${object} Object` : ''} (${e.schemaPath}).`, rule: `a forbidden combination of fields (${e.schemaPath})`, kind: kind() };
    case 'oneOf':
      return { pointer: e.instancePath, at: here, message: `${where} matches more than one of the forms the ${specName(input.version)} schema allows there${object ? ` (${object})` : ''}.`, rule: 'a value must match exactly one allowed form', kind: kind() };
    default:
      return { pointer: e.instancePath, at: here, message: `${where} ${e.message ?? 'breaks the schema'} (${specName(input.version)} schema, ${e.schemaPath}).`, rule: `${e.message ?? 'a rule'} (${e.schemaPath})`, kind: kind() };
  }
}

function article(word: string): string {
  return /^[AEIOU]/.test(word) ? 'an' : 'a';
}

/** A value as it appears in a message: short JSON. */
function preview(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * Maps a pointer of the bundled document to the file and pointer it came from: while a prefix of
 * it is the place of an inlined `$ref`, move into that `$ref`'s target. Bounded by the number of
 * inlined refs, so a chain of files cannot loop.
 */
function pointerMap(root: string, inlined: readonly InlinedRef[]): (pointer: string) => { file: string; pointer: string } {
  const byFile = new Map<string, InlinedRef[]>();
  for (const ref of inlined) {
    const list = byFile.get(ref.file) ?? [];
    list.push(ref);
    byFile.set(ref.file, list);
  }
  return (pointer) => {
    let file = root;
    let rest = pointer;
    for (let hop = 0; hop <= inlined.length; hop += 1) {
      let best: InlinedRef | undefined;
      for (const ref of byFile.get(file) ?? []) {
        if ((rest === ref.pointer || rest.startsWith(ref.pointer + '/')) && (!best || ref.pointer.length > best.pointer.length)) best = ref;
      }
      if (!best) break;
      file = best.targetFile;
      rest = best.targetPointer + rest.slice(best.pointer.length);
    }
    return { file, pointer: rest };
  };
}
