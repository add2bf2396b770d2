import { createRequire } from 'node:module';
import { selectCandidates } from './generate-tailwind-css.js';
import type { TailwindColors } from './tailwind-config.js';
import { MINTLIFY_COMPONENT_CLASSES } from '../components/mintlify-classes.js';

/**
 * Which pages link the site's Tailwind stylesheet. Pages are written as soon as their body is
 * rendered, before the site's stylesheet exists (the union of every page's classes is known only
 * at the end), so each page decides from its own class names: it links the stylesheet when one of
 * them is a Tailwind class. The decision depends on that page alone, so a page that adds a class
 * changes the stylesheet and itself, never the other pages (issue 13), and a site without
 * Tailwind classes gets no stylesheet and no link.
 *
 * "A Tailwind class" is what Tailwind's own compiler says: its context's `getClassOrder` (the
 * function prettier-plugin-tailwindcss sorts classes with) gives an order to a class it generates
 * rules for and `null` to any other. The context is built with the site's configuration
 * (tailwind-config.ts: Mintlify's colour names, typography, `dark:` by class) on the first class
 * that needs it, and every answer is remembered for the build. Building the context costs about a
 * second (Tailwind and its plugins load), so class names known to be Sheaf's own are answered
 * without it (`SHEAF_CLASSES`; a test checks Tailwind calls each of them `null`): a site whose
 * bodies carry only those never loads Tailwind at all.
 */

/**
 * Class names Sheaf's renderer puts in page bodies besides its `sheaf-*` ones (which the body's
 * class list leaves out): headings' anchors, code blocks, Markdown's links (`link`) and the classes
 * Mintlify documents for its components (`card`, `callout`, …: on nearly every page). Only a
 * shortcut: a name missing here is asked of Tailwind.
 */
export const SHEAF_CLASSES: ReadonlySet<string> = new Set([
  'heading-anchor',
  'shiki',
  'line',
  'highlighted',
  'code-block',
  'copy-button',
  'render-failed',
  'mermaid',
  'math',
  'katex',
  'katex-display',
  'link',
  ...MINTLIFY_COMPONENT_CLASSES,
]);

/** Class names whose rules are written inside other rules (typography's `:not(:where(.not-prose …))`): they need the stylesheet although Tailwind gives them no order. */
const MARKER_CLASSES: ReadonlySet<string> = new Set(['not-prose']);

export interface TailwindMatcher {
  /** True when one of `classes` is a Tailwind class (or `not-prose`). */
  usesTailwind(classes: readonly string[]): Promise<boolean>;
  /** Loads Tailwind's context now, before a page needs it (`sheaf dev`, while its threads start). */
  prepare(): Promise<void>;
}


interface ClassOrderContext {
  getClassOrder(classes: string[]): [string, bigint | null][];
}

export function createTailwindMatcher(colors: TailwindColors): TailwindMatcher {
  const known = new Map<string, boolean>();
  // Imported on first use, as generate-tailwind-css.ts does: Tailwind and typography load only for a site that needs them.
  const load = async (): Promise<ClassOrderContext> => {
    const { tailwindConfig } = await import('./tailwind-config.js');
    const require = createRequire(import.meta.url);
    const { createContext } = require('tailwindcss/lib/lib/setupContextUtils.js') as { createContext: (config: unknown) => ClassOrderContext };
    const resolveConfig = require('tailwindcss/resolveConfig.js') as (config: unknown) => unknown;
    return createContext(resolveConfig(tailwindConfig('', colors)));
  };
  let loaded: Promise<ClassOrderContext> | undefined;
  const context = (): Promise<ClassOrderContext> => {
    if (!loaded) {
      const made = load();
      loaded = made;
      // A context that failed to build is not kept: the next page tries again (and reports it).
      made.catch(() => {
        if (loaded === made) loaded = undefined;
      });
    }
    return loaded;
  };
  return {
    prepare: async () => {
      await context();
    },
    async usesTailwind(classes) {
      const unknown: string[] = [];
      for (const name of classes) {
        const answer = known.get(name);
        if (answer === true) return true;
        if (answer === undefined) {
          if (SHEAF_CLASSES.has(name)) known.set(name, false);
          else if (MARKER_CLASSES.has(name)) {
            known.set(name, true);
            return true;
          } else unknown.push(name);
        }
      }
      if (unknown.length === 0) return false;
      // Refused names (too long, `<`, control characters) are never compiled, so never a reason to link.
      const { accepted, refused } = selectCandidates(unknown);
      for (const name of refused) known.set(name, false);
      if (accepted.length === 0) return false;
      let found = false;
      const ready = await context();
      // Tailwind's warnings go through its console logger: taken (and dropped here; the stylesheet's own run reports them), never printed.
      const { withTailwindWarnings } = await import('./tailwind-log.js');
      const { value: orders } = await withTailwindWarnings(async () => ready.getClassOrder(accepted));
      for (const [name, order] of orders) {
        known.set(name, order !== null);
        if (order !== null) found = true;
      }
      return found;
    },
  };
}
