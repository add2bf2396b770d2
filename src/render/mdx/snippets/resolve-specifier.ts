import path from 'node:path';
import { PACKAGES } from '../compile/module-scope.js';

/** What an import specifier of a page or snippet points at. */
export type ImportTarget =
  | { readonly kind: 'file'; readonly file: string }
  | { readonly kind: 'package'; readonly name: string }
  | { readonly kind: 'outside'; readonly path: string }
  | { readonly kind: 'unsupported' };

/**
 * Resolves `specifier`, imported by the project-relative `importer`: `/x` is from the project
 * root, `./x` and `../x` from the importer's folder; both must stay inside the root. Bare names
 * are packages (only react/preact are provided). Returned files are project-relative POSIX paths.
 */
export function resolveSpecifier(specifier: string, importer: string): ImportTarget {
  if (Object.hasOwn(PACKAGES, specifier)) return { kind: 'package', name: specifier };
  const absolute = specifier.startsWith('/');
  if (!absolute && !specifier.startsWith('./') && !specifier.startsWith('../')) return { kind: 'unsupported' };
  const joined = absolute ? specifier.slice(1) : path.posix.join(path.posix.dirname(importer), specifier);
  const file = path.posix.normalize(joined);
  if (file === '..' || file.startsWith('../') || path.posix.isAbsolute(file)) return { kind: 'outside', path: file };
  return { kind: 'file', file };
}

/** Where `<Snippet file="x.mdx" />` may live: `_snippets/` (legacy), then `snippets/`. */
export function legacySnippetCandidates(file: string): string[] {
  const name = /\.(mdx?|jsx?|tsx?)$/.test(file) ? file : `${file}.mdx`;
  const clean = path.posix.normalize(name.replace(/^\/+/, ''));
  if (clean.startsWith('../')) return [];
  return [`_snippets/${clean}`, `snippets/${clean}`];
}
