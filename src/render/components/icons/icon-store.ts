import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IconFile, IconLibrary } from './icon-files.js';
import { parseSvg, type IconSvg } from './svg.js';

/** Reads icons by library, variant and name; `undefined` when the file is absent or unusable. */
export interface IconStore {
  read(file: IconFile): IconSvg | undefined;
}

const require = createRequire(import.meta.url);

/** The folder holding each library's variant folders (or, for lucide, its icons). */
function libraryRoot(library: IconLibrary): string {
  if (library === 'fontawesome') return path.dirname(path.dirname(require.resolve('@fortawesome/fontawesome-free/svgs/solid/circle.svg')));
  if (library === 'lucide') return path.dirname(require.resolve('lucide-static/icons/circle.svg'));
  return path.dirname(path.dirname(require.resolve('@tabler/icons/outline/circle.svg')));
}

export function iconFilePath(file: IconFile, root: (library: IconLibrary) => string = libraryRoot): string {
  return path.join(root(file.library), file.variant, `${file.name}.svg`);
}

/**
 * A store that reads files lazily and remembers every answer (missing ones too) by file path.
 * `readText` returns the file's text or `undefined`; the default reads the installed packages.
 */
export function createIconStore(readText: (file: string) => string | undefined = readIfPresent): IconStore {
  const cache = new Map<string, IconSvg | null>();
  const roots = new Map<IconLibrary, string>();
  const root = (library: IconLibrary): string => {
    let r = roots.get(library);
    if (r === undefined) roots.set(library, (r = libraryRoot(library)));
    return r;
  };
  return {
    read(file) {
      const p = iconFilePath(file, root);
      let hit = cache.get(p);
      if (hit === undefined) {
        const text = readText(p);
        hit = (text === undefined ? undefined : parseSvg(text)) ?? null;
        cache.set(p, hit);
      }
      return hit ?? undefined;
    },
  };
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The store used when the renderer passes none. A module-level memo is acceptable here and only
 * here: it maps an installed package file's path to its parsed content, which never changes
 * during a process, so sharing it cannot make two renders differ.
 */
export const sharedIconStore: IconStore = createIconStore();
