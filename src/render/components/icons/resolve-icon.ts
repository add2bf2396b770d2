import { isValidElement, type VNode } from 'preact';
import { iconFiles, iconName, libraryFiles, type IconFile, type IconLibrary } from './icon-files.js';
import { substituteCandidates } from './icon-substitutes.js';
import type { IconStore } from './icon-store.js';
import type { IconSvg } from './svg.js';

/** What an `icon` prop turned out to be. */
export type ResolvedIcon =
  | {
      readonly kind: 'svg';
      readonly svg: IconSvg;
      readonly file: IconFile;
      /** Set when the file is not the name in the configured library: the name asked for (lower-case). */
      readonly substitutes?: string;
    }
  | { readonly kind: 'image'; readonly src: string }
  | { readonly kind: 'element'; readonly node: VNode }
  | { readonly kind: 'missing'; readonly name: string };

/** URLs, site paths, relative paths and image file names are images, not library names. */
const IMAGE = /^(?:[a-z][a-z0-9+.-]*:|\/|\.\.?\/)|\.(?:svg|png|jpe?g|gif|webp|avif|ico)(?:[?#].*)?$/i;

/**
 * Resolves an `icon` prop (`rocket`, `/images/x.svg`, `https://…`, or inline `{<svg/>}`) against
 * the configured library, falling back to the other libraries, then to the closest free
 * substitute (icon-substitutes.ts: Pro names, names no library has), so a valid name never
 * renders blank. `substitutes` marks an icon that is not the name in the configured library.
 * `undefined` for no icon at all; `missing` only for a string that is no icon name.
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
  const name = iconName(value);
  if (name === undefined) return { kind: 'missing', name: value };
  for (const file of iconFiles(value, library, iconType)) {
    const svg = store.read(file);
    if (svg) return file.library === library ? { kind: 'svg', svg, file } : { kind: 'svg', svg, file, substitutes: name };
  }
  for (const candidate of substituteCandidates(name, library)) {
    for (const file of libraryFiles(candidate.library, candidate.name, iconType)) {
      const svg = store.read(file);
      if (svg) return { kind: 'svg', svg, file, substitutes: name };
    }
  }
  return { kind: 'missing', name: value };
}
