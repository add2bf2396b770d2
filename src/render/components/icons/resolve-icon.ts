import { isValidElement, type VNode } from 'preact';
import { iconFiles, type IconFile, type IconLibrary } from './icon-files.js';
import type { IconStore } from './icon-store.js';
import type { IconSvg } from './svg.js';

/** What an `icon` prop turned out to be. */
export type ResolvedIcon =
  | { readonly kind: 'svg'; readonly svg: IconSvg; readonly file: IconFile }
  | { readonly kind: 'image'; readonly src: string }
  | { readonly kind: 'element'; readonly node: VNode }
  | { readonly kind: 'missing'; readonly name: string };

/** URLs, site paths, relative paths and image file names are images, not library names. */
const IMAGE = /^(?:[a-z][a-z0-9+.-]*:|\/|\.\.?\/)|\.(?:svg|png|jpe?g|gif|webp|avif|ico)(?:[?#].*)?$/i;

/**
 * Resolves an `icon` prop (`rocket`, `/images/x.svg`, `https://…`, or inline `{<svg/>}`) against
 * the configured library, falling back to the other libraries. `undefined` for no icon at all.
 */
export function resolveIcon(
  icon: unknown,
  iconType: string | undefined,
  library: IconLibrary,
  store: IconStore,
): ResolvedIcon | undefined {
  if (isValidElement(icon)) return { kind: 'element', node: icon };
  if (typeof icon !== 'string' || icon.trim() === '') return undefined;
  const value = icon.trim();
  if (IMAGE.test(value)) return { kind: 'image', src: value };
  for (const file of iconFiles(value, library, iconType)) {
    const svg = store.read(file);
    if (svg) return { kind: 'svg', svg, file };
  }
  return { kind: 'missing', name: value };
}
