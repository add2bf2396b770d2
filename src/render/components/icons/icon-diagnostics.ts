import { createDiagnostic } from '../../../diagnostics/create.js';
import { createLineIndex } from '../../../diagnostics/line-index.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { IconFile, IconLibrary } from './icon-files.js';

/** One icon shown as another (see `resolveIcon`): the name asked for, the configured library, the file shown. */
export interface IconSubstitution {
  readonly requested: string;
  readonly library: IconLibrary;
  readonly file: IconFile;
}

const LIBRARY_NAMES: Readonly<Record<IconLibrary, string>> = { fontawesome: 'Font Awesome Free', lucide: 'Lucide', tabler: 'Tabler' };

/** `Lucide \`sparkles\``, `Font Awesome Free \`rocket\` (solid)`. */
function describe(file: IconFile): string {
  return `${LIBRARY_NAMES[file.library]} \`${file.name}\`${file.variant ? ` (${file.variant})` : ''}`;
}

/**
 * Where a page names an icon: the first quoted `"name"` or `'name'` in its text (an `icon="…"`
 * prop, or a value in an expression), else the page's first line (an icon named in a snippet, or
 * computed). Line and column 1-based.
 */
export function iconPlace(text: string): (name: string) => { line: number; column: number } {
  const lines = createLineIndex(text);
  return (name) => {
    const found = [`"${name}"`, `'${name}'`].map((q) => text.indexOf(q)).filter((i) => i >= 0);
    return found.length > 0 ? lines.positionOf(Math.min(...found) + 1) : { line: 1, column: 1 };
  };
}

/**
 * One `mdx/icon-substituted` warning per distinct name asked for in `uses` (however often it is
 * used), on `file` at `place(name)`, naming the icon shown instead; in first-use order.
 */
export function iconSubstitutionDiagnostics(uses: readonly IconSubstitution[], file: string, place: (name: string) => { line: number; column: number } = () => ({ line: 1, column: 1 })): Diagnostic[] {
  const first = new Map<string, IconSubstitution>();
  const counts = new Map<string, number>();
  for (const use of uses) {
    if (!first.has(use.requested)) first.set(use.requested, use);
    counts.set(use.requested, (counts.get(use.requested) ?? 0) + 1);
  }
  return [...first.values()].map((use) => {
    const n = counts.get(use.requested) ?? 1;
    const pro = use.library === 'fontawesome' ? ' (a Font Awesome Pro icon, or no icon at all: Pro cannot be shipped)' : '';
    return createDiagnostic('mdx/icon-substituted', {
      message: `Icon \`${use.requested}\` is not in ${LIBRARY_NAMES[use.library]}${pro}; ${n === 1 ? 'it is' : `its ${n} uses are`} shown as ${describe(use.file)}.`,
      file,
      ...place(use.requested),
      hint: `Name a free icon to choose it yourself (${use.library === 'fontawesome' ? 'https://fontawesome.com/search?ic=free' : use.library === 'lucide' ? 'https://lucide.dev/icons' : 'https://tabler.io/icons'}).`,
    });
  });
}
