import type { DocsConfig } from '../config/loaded-config.js';
import type { NavigationChildren, OpenApiSource } from '../config/schema/navigation-types.js';
import { allowedChildren, childKinds, type NavigationKind } from '../config/schema/navigation-structure.js';

/** A navigation element as this walk reads it: its own sources and its child lists. Every element type is assignable to it. */
type Element = NavigationChildren & { readonly openapi?: readonly OpenApiSource[] };

/**
 * Every OpenAPI source named anywhere in a configuration (navigation and `api.openapi`), each
 * with the JSON pointers (in the merged configuration) of the `openapi` fields naming it, in
 * document order (an element before its children). Sorted by source. The sources are the ones
 * the configuration stage normalised.
 */
export function collectOpenApiSources(config: DocsConfig): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const note = (sources: readonly OpenApiSource[] | undefined, pointer: string): void => {
    for (const { source } of sources ?? []) found.set(source, [...(found.get(source) ?? []), pointer]);
  };
  const visit = (node: Element, kind: NavigationKind, pointer: string): void => {
    note(node.openapi, `${pointer}/openapi`);
    for (const key of allowedChildren[kind]) {
      node[key]?.forEach((item: string | Element, i: number) => {
        if (typeof item !== 'string') visit(item, childKinds[key], `${pointer}/${key}/${i}`);
      });
    }
  };
  visit(config.navigation, 'navigation', '/navigation');
  note(config.api?.openapi, '/api/openapi');
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
