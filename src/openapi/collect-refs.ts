import { pointerFrom } from '../diagnostics/positions.js';
import { isRecord } from '../parse/is-record.js';

/** An enclosing 3.1 schema with a string `$id`, which changes the base of the `$ref`s inside it. */
export interface IdScope {
  readonly id: string;
  readonly node: Record<string, unknown>;
  readonly pointer: string;
}

/** One `$ref` found in a parsed file. */
export interface RefSite {
  readonly ref: string;
  /** Pointer of the object holding `$ref` (the `$ref` itself is at `pointer + '/$ref'`). */
  readonly pointer: string;
  /** The object holding `$ref`: the bundler may hide its `$ref` while it runs. */
  readonly holder: Record<string, unknown>;
  /** The nearest enclosing `$id` schema, only when `idScopes` was asked for. */
  readonly scope?: IdScope;
}

export interface CollectOptions {
  /** Track `$id` scopes (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
  readonly idScopes: boolean;
  /** The value may share nodes (YAML aliases): visit each object once. */
  readonly shared: boolean;
}

/**
 * Finds every `$ref` string in a parsed document, in document order, in one walk. A `$ref` key
 * with a non-string value (a property named `$ref`) is walked as ordinary data. Pointers are built
 * only for the sites found, so the walk over a large document allocates little.
 */
export function collectRefs(value: unknown, options: CollectOptions): RefSite[] {
  const sites: RefSite[] = [];
  const keys: string[] = [];
  const scopes: IdScope[] = [];
  const seen = options.shared ? new Set<object>() : undefined;

  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (seen) {
      if (seen.has(node)) return;
      seen.add(node);
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) {
        const item: unknown = node[i];
        if (typeof item !== 'object' || item === null) continue;
        keys.push(String(i));
        walk(item);
        keys.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    const scoped = options.idScopes && typeof record.$id === 'string';
    if (scoped) scopes.push({ id: record.$id as string, node: record, pointer: pointerFrom(keys) });
    if (typeof record.$ref === 'string') {
      sites.push({ ref: record.$ref, pointer: pointerFrom(keys), holder: record, scope: scopes.at(-1) });
    }
    for (const key in record) {
      const child = record[key];
      if (typeof child !== 'object' || child === null) continue;
      keys.push(key);
      walk(child);
      keys.pop();
    }
    if (scoped) scopes.pop();
  };

  walk(value);
  return sites;
}

/** True when `value` is an object whose `$ref` is a string. */
export function isRefHolder(value: unknown): value is Record<string, unknown> & { $ref: string } {
  return isRecord(value) && typeof value.$ref === 'string';
}
