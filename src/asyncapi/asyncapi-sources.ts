import type { DocsConfig } from '../config/loaded-config.js';
import type { AsyncApiConfig, NavigationChildren, OpenApiSources } from '../config/schema/navigation-types.js';
import { allowedChildren, childKinds, type NavigationKind } from '../config/schema/navigation-structure.js';
import { normalizeFileToken, normalizeSource, type OpenApiSource } from '../config/schema/openapi-source.js';

/**
 * One AsyncAPI source named by a navigation element or `api.asyncapi`: the same shape as an
 * OpenAPI source (a normalised project-relative POSIX path or an http(s) URL, and the output
 * folder of its channel pages; `api-reference` when unset).
 */
export type AsyncApiSource = OpenApiSource;

/**
 * The sources of an `asyncapi` value as written (a path or URL, an array of them, or
 * `{source, directory?}`), normalised as `openapi` sources are: trimmed, leading `/` and `./`
 * dropped, `..` folded; blank strings name nothing. Read tolerantly (the configuration stage
 * keeps the written form): an array item that is a source object is read too, anything else is
 * left out.
 */
export function toAsyncApiSources(value: AsyncApiConfig | undefined): AsyncApiSource[] {
  const one = (v: unknown): AsyncApiSource[] => {
    if (typeof v === 'string') return v.trim() ? [{ source: normalizeSource(v.trim()) }] : [];
    if (typeof v !== 'object' || v === null) return [];
    const { source, directory } = v as { source?: unknown; directory?: unknown };
    if (typeof source !== 'string' || !source.trim()) return [];
    return [
      {
        source: normalizeSource(source.trim()),
        ...(typeof directory === 'string' ? { directory: normalizeFileToken(directory.trim()).replace(/\/$/, '') } : {}),
      },
    ];
  };
  if (value === undefined) return [];
  return Array.isArray(value) ? value.flatMap(one) : one(value);
}

/** A navigation element as this walk reads it: its own sources and its child lists. */
type Element = NavigationChildren & { readonly openapi?: OpenApiSources; readonly asyncapi?: AsyncApiConfig };

/**
 * Whether an element's `asyncapi` counts: on a group it is ignored when the group also sets
 * `openapi` (reference §1.3, Mintlify's `groups.js`); on divisions it always counts.
 */
export function ownAsyncApi(node: { readonly openapi?: readonly OpenApiSource[]; readonly asyncapi?: AsyncApiConfig }, kind: NavigationKind): AsyncApiSource[] {
  if (kind === 'group' && node.openapi !== undefined && node.openapi.length > 0) return [];
  return toAsyncApiSources(node.asyncapi);
}

/**
 * Every AsyncAPI source named anywhere in a configuration (navigation and `api.asyncapi`), each
 * with the JSON pointers (in the merged configuration) of the `asyncapi` fields naming it, in
 * document order. Sorted by source.
 */
export function collectAsyncApiSources(config: DocsConfig): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const note = (sources: readonly AsyncApiSource[], pointer: string): void => {
    for (const { source } of sources) found.set(source, [...(found.get(source) ?? []), pointer]);
  };
  const visit = (node: Element, kind: NavigationKind, pointer: string): void => {
    note(ownAsyncApi(node, kind), `${pointer}/asyncapi`);
    for (const key of allowedChildren[kind]) {
      node[key]?.forEach((item: string | Element, i: number) => {
        if (typeof item !== 'string') visit(item, childKinds[key], `${pointer}/${key}/${i}`);
      });
    }
  };
  visit(config.navigation as Element, 'navigation', '/navigation');
  note(toAsyncApiSources(config.api?.asyncapi), '/api/asyncapi');
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
