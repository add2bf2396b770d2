import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { generateTailwindCss, MAX_CLASS_LENGTH, type TailwindColors } from '../render/tailwind/index.js';

/**
 * The site's Tailwind stylesheet (render/tailwind/), written once per build from the class names
 * of the pages that link it. Its name is fixed, not a hash of its content: a page that adds a
 * class changes this file and that page only, never the links of every other page (issue 13).
 * Browsers revalidate it as they do the pages.
 */
export const TAILWIND_CSS = '_sheaf/tailwind.css';

/** The page feature that links {@link TAILWIND_CSS} (site-assets.ts FEATURE_ASSETS), after Sheaf's own stylesheet. */
export const TAILWIND_FEATURE = 'tailwind';

/** Refused class names named in one diagnostic; the rest are counted. */
const SHOWN_REFUSED = 3;

/**
 * Generates the stylesheet for `classes` (class name → the first page using it, by source file)
 * and turns what Tailwind said about them into `build/tailwind-class` warnings on the page that
 * uses the class. Always gives a stylesheet, since pages already link it: a comment when no
 * class turned out to generate a rule.
 */
export async function tailwindStylesheet(classes: ReadonlyMap<string, string>, colors: TailwindColors): Promise<{ css: string; diagnostics: Diagnostic[] }> {
  const result = await generateTailwindCss({ classes: classes.keys(), colors });
  const diagnostics: Diagnostic[] = [];
  for (const warning of result.warnings) {
    // Tailwind names the class between backquotes ("The class `bg-[var(--x)]` is ambiguous …").
    const named = /`([^`]+)`/.exec(warning)?.[1];
    const file = named !== undefined ? classes.get(named) : undefined;
    diagnostics.push(
      createDiagnostic('build/tailwind-class', {
        message: `Tailwind CSS warns about a class: ${warning}`,
        ...(file !== undefined ? { file, line: 1, column: 1 } : {}),
        hint: 'Write the class as Tailwind CSS v3 reads it (for an arbitrary value, name its type: `bg-[color:var(--x)]`).',
      }),
    );
  }
  const byPage = new Map<string, string[]>();
  for (const name of result.refused) {
    const file = classes.get(name) ?? '';
    byPage.set(file, [...(byPage.get(file) ?? []), name]);
  }
  for (const [file, names] of byPage) {
    const shown = names.slice(0, SHOWN_REFUSED).map((n) => `\`${n.length > 60 ? `${n.slice(0, 60)}…` : n}\``).join(', ');
    const more = names.length > SHOWN_REFUSED ? ` and ${names.length - SHOWN_REFUSED} more` : '';
    diagnostics.push(
      createDiagnostic('build/tailwind-class', {
        message: `The class name${names.length === 1 ? '' : 's'} ${shown}${more} ${names.length === 1 ? 'is' : 'are'} not generated as Tailwind CSS: longer than ${MAX_CLASS_LENGTH} characters, holding \`<\` or a control character, or past the site's limit of distinct classes.`,
        ...(file !== '' ? { file, line: 1, column: 1 } : {}),
        hint: 'Shorten the class name, or style the element with a class of the project’s own CSS file.',
      }),
    );
  }
  return { css: result.css === '' ? '/* No class of these pages is a Tailwind CSS class. */\n' : result.css, diagnostics };
}
