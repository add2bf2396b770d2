import yaml from 'js-yaml';
import { pointerFrom, pointerTokens } from '../diagnostics/positions.js';
import { fragmentPointer } from '../openapi/resolve-pointer.js';
import { isRecord } from '../parse/is-record.js';

/**
 * The part of an OpenAPI or AsyncAPI document one API page documents, as YAML for the end of the
 * page's `.md` copy (docs.json `markdown.schema`, on by default: Mintlify's Markdown exports of
 * API pages "include the full OpenAPI or AsyncAPI specification so AI tools have complete
 * context about each endpoint", ai/markdown-export.mdx). The excerpt is a document of its own:
 * the version field, `info`, the top-level `servers` and `security`, the values at `pointers`
 * (the operation, its path item's parameters and servers; a channel and its operations) at the
 * places they have in the document, and every value an internal `$ref` of those reaches, with
 * the security schemes they name. A document of one endpoint, not the whole file: a large API's
 * copies would otherwise each hold all of it.
 */

/**
 * Characters (of the values as JSON, about their YAML length) an excerpt holds at most with what
 * its `$ref`s reach; over it, the values at the pointers alone. Bounds the copies of a large API:
 * Stripe's operations each reach most of its 4 MB document through expandable fields.
 */
export const MAX_EXCERPT_CHARS = 100_000;

/** The JSON length of each value measured, per value object: shared schemas are measured once per build. */
const sizes = new WeakMap<object, number>();

function jsonSize(value: unknown): number {
  if (typeof value !== 'object' || value === null) return String(value).length;
  let size = sizes.get(value);
  if (size === undefined) {
    size = JSON.stringify(value)?.length ?? 0;
    sizes.set(value, size);
  }
  return size;
}

const TOP_LEVEL = ['openapi', 'swagger', 'asyncapi', 'info', 'servers', 'security', 'defaultContentType'] as const;

/**
 * The longest prefix of `pointer` that exists in `document` as written (without following a
 * `$ref` on the way), with its value; a pointer through a `$ref` is represented by the object
 * holding that `$ref`, whose target the closure then adds.
 */
function literalPrefix(document: Record<string, unknown>, pointer: string): { tokens: string[]; value: unknown } | undefined {
  const tokens: string[] = [];
  let node: unknown = document;
  for (const token of pointerTokens(pointer)) {
    const next = Array.isArray(node) ? (/^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined) : isRecord(node) && Object.hasOwn(node, token) ? node[token] : undefined;
    if (next === undefined) {
      // Missing here: the pointer continues through this object's `$ref`, or it reaches nothing.
      if (isRecord(node) && typeof node.$ref === 'string') break;
      return undefined;
    }
    tokens.push(token);
    node = next;
  }
  return tokens.length > 0 ? { tokens, value: node } : undefined;
}

/**
 * Copies the value at `pointer` (or its longest literal prefix) from `document` into `out` at the
 * same place, making fresh objects on the way; `placed` holds the token paths copied so far.
 * Nothing is written inside a copied value (those are the document's own objects): a pointer
 * under one is already in the excerpt. Returns the value placed (in a holder), or undefined.
 */
function place(out: Record<string, unknown>, document: Record<string, unknown>, pointer: string, placed: Set<string>): { value: unknown } | undefined {
  const found = literalPrefix(document, pointer);
  if (!found) return undefined;
  const { tokens, value } = found;
  for (let i = 1; i <= tokens.length; i += 1) if (placed.has(pointerFrom(tokens.slice(0, i)))) return undefined;
  let node = out;
  for (const token of tokens.slice(0, -1)) {
    const next = Object.hasOwn(node, token) ? node[token] : (node[token] = {});
    if (!isRecord(next)) return undefined;
    node = next;
  }
  node[tokens[tokens.length - 1] as string] = value;
  placed.add(pointerFrom(tokens));
  return { value };
}

/** Every internal `$ref` (`#/…`) in `value`, as pointers. */
function internalRefs(value: unknown, found: Set<string>): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isRecord(node)) {
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) found.add(fragmentPointer(node.$ref));
      for (const v of Object.values(node)) if (typeof v === 'object' && v !== null) stack.push(v);
    }
  }
}

/** The security scheme names a list of OpenAPI security requirements uses. */
const schemeNames = (security: unknown): string[] => (Array.isArray(security) ? security.flatMap((r) => (isRecord(r) ? Object.keys(r) : [])) : []);

/** The excerpt as a document (see the module comment), and whether it holds what the `$ref`s reach; undefined when no pointer resolves. */
export function excerptDocument(document: unknown, pointers: readonly string[], withReferences = true): { excerpt: Record<string, unknown>; complete: boolean } | undefined {
  if (!isRecord(document)) return undefined;
  const out: Record<string, unknown> = {};
  const placed = new Set<string>();
  for (const key of TOP_LEVEL) {
    if (document[key] === undefined) continue;
    out[key] = document[key];
    placed.add(pointerFrom([key]));
  }
  const queue: unknown[] = [];
  for (const pointer of pointers) {
    // Only the endpoint's own values: never a whole top-level section.
    const copied = pointerTokens(pointer).length < 2 ? undefined : place(out, document, pointer, placed);
    if (copied) queue.push(copied.value);
  }
  if (queue.length === 0) return undefined;
  if (!withReferences) return { excerpt: out, complete: false };
  let size = queue.reduce<number>((n, v) => n + jsonSize(v), 0);
  const seen = new Set<string>();
  const schemes = new Set(schemeNames(document.security));
  for (let i = 0; i < queue.length; i += 1) {
    const value = queue[i];
    for (const name of schemeNames(isRecord(value) ? value.security : undefined)) schemes.add(name);
    const refs = new Set<string>();
    internalRefs(value, refs);
    for (const ref of refs) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      const copied = place(out, document, ref, placed);
      if (!copied) continue;
      size += jsonSize(copied.value);
      if (size > MAX_EXCERPT_CHARS) return excerptDocument(document, pointers, false);
      queue.push(copied.value);
    }
  }
  for (const name of schemes) place(out, document, pointerFrom(['components', 'securitySchemes', name]), placed);
  return { excerpt: out, complete: true };
}

/**
 * The excerpt as a Markdown section (`## OpenAPI specification` or `## AsyncAPI specification`)
 * holding it as a fenced YAML block; undefined when nothing resolves. Over `MAX_EXCERPT_CHARS`
 * with what the `$ref`s reach, the values at the pointers alone, said in a YAML comment.
 */
export function specSection(document: unknown, pointers: readonly string[]): string | undefined {
  const found = excerptDocument(document, pointers);
  if (!found) return undefined;
  const yamlText = yaml.dump(found.excerpt, { noRefs: true, lineWidth: -1, skipInvalid: true });
  const text = found.complete ? yamlText : `# What this endpoint's $refs reach is left out (over ${MAX_EXCERPT_CHARS.toLocaleString('en-US')} characters).\n${yamlText}`;
  const kind = isRecord(document) && document.asyncapi !== undefined ? 'AsyncAPI' : 'OpenAPI';
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `## ${kind} specification\n\n${fence}yaml\n${text.trimEnd()}\n${fence}`;
}

/**
 * The pointers of an operation page's excerpt: the operation (`/paths/~1a/get`, or a webhook's)
 * and its path item's `parameters` and `servers`.
 */
export function operationPointers(pointer: string): string[] {
  const item = pointer.slice(0, pointer.lastIndexOf('/'));
  return [pointer, `${item}/parameters`, `${item}/servers`];
}

/**
 * The pointers of a channel page's excerpt: the channel, and the AsyncAPI 3 operations on it
 * (`operations.*.channel` a `$ref` to it).
 */
export function channelPointers(document: unknown, channel: string): string[] {
  const pointer = pointerFrom(['channels', channel]);
  const operations = isRecord(document) && isRecord(document.operations) ? Object.entries(document.operations) : [];
  const on = operations.filter(([, op]) => isRecord(op) && isRecord(op.channel) && typeof op.channel.$ref === 'string' && fragmentPointer(op.channel.$ref) === pointer);
  return [pointer, ...on.map(([name]) => pointerFrom(['operations', name]))];
}
