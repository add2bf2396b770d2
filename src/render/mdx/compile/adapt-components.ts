import { Fragment } from 'preact';
import { MODULE_SCOPE } from './module-scope.js';
import type { ComponentMap } from '../../components/index.js';
import type { MdxCache } from '../mdx-cache.js';

/** How a capitalised JSX name of a page is provided by the components map. */
export type ComponentResolution = { readonly kind: 'as-is' } | { readonly kind: 'alias'; readonly alias: string };

/** The components map as MDX consumes it. */
export interface AdaptedComponents {
  /** What the provider gives MDX: the map, plus `Tree$Folder` for a `Tree.Folder` key, plus `Fragment` and `React`. */
  readonly provided: Readonly<Record<string, unknown>>;
  /** Known component names (dotted ones included), sorted, for "did you mean" hints; the map's lowercase keys (`a`: Markdown's links) are no component a page writes. */
  readonly names: readonly string[];
  /** How `name` is provided, or `undefined` when the map has no such component. */
  readonly resolve: (name: string) => ComponentResolution | undefined;
}

/** The identifier a dotted key is provided under: `Tree.Folder` → `Tree$Folder`. */
const aliasOf = (name: string) => name.replace(/\./g, '$');

function member(map: Readonly<Record<string, unknown>>, name: string): unknown {
  let value: unknown = map;
  for (const part of name.split('.')) {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * MDX looks `<Tree.Folder>` up as `components.Tree.Folder`. A map may instead have a flat
 * `'Tree.Folder'` key; such names are renamed in the tree to an alias the map provides.
 */
export function adaptComponents(cache: MdxCache, map: ComponentMap): AdaptedComponents {
  const known = cache.components.get(map);
  if (known) return known;
  const provided: Record<string, unknown> = { Fragment, React: MODULE_SCOPE['React'], ...map };
  for (const key of Object.keys(map)) if (key.includes('.')) provided[aliasOf(key)] = map[key];
  const adapted: AdaptedComponents = {
    provided,
    names: Object.keys(map)
      .filter((name) => !/^[a-z]/.test(name))
      .sort(),
    resolve: (name) => {
      if (member(provided, name) !== undefined) return { kind: 'as-is' };
      return name.includes('.') && Object.hasOwn(map, name) ? { kind: 'alias', alias: aliasOf(name) } : undefined;
    },
  };
  cache.components.set(map, adapted);
  return adapted;
}
