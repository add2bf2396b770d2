import type { Root } from 'postcss';
import { compareCodeUnits } from './collect-class-names.js';
import { notProsePreflight } from './not-prose-preflight.js';
import type { TailwindColors } from './tailwind-config.js';

/**
 * The Tailwind stylesheet of a site: Tailwind CSS v3's own compiler (through PostCSS) run over the
 * class names the site's page bodies use, generating those classes only, configured as Mintlify
 * configures it (tailwind-config.ts) and confined to page bodies (scope-css.ts).
 *
 * Works offline: the candidates are handed to Tailwind as raw content, no file is read and nothing
 * is fetched. Deterministic: the candidates are deduplicated and sorted first, so the same set of
 * classes gives the same bytes in any order. Tailwind, PostCSS and the typography plugin are
 * imported on the first call only, so importing this module costs nothing at start-up.
 *
 * Generate it once per site and serve it as one stylesheet under a stable name, linked from every
 * page: a page that adds a class then changes that file only, never the other pages (issue 13).
 */

export interface GenerateTailwindCssInput {
  /** Class names from page bodies (collect-class-names.ts); duplicates and order do not matter. */
  readonly classes: Iterable<string>;
  /** docs.json `colors` and `background.color`. */
  readonly colors: TailwindColors;
  /** Selector of the element(s) holding page bodies; utilities apply only inside it. Default: {@link TAILWIND_SCOPE}. */
  readonly scope?: string;
}

export interface TailwindCss {
  /** The stylesheet, one rule per line; `''` when no class is a Tailwind class. */
  readonly css: string;
  /** Candidates given to Tailwind (after refusals). */
  readonly candidates: number;
  /** Candidates refused before compiling, sorted: over {@link MAX_CLASS_LENGTH}, holding `<` or a control character, or past {@link MAX_CLASSES}. */
  readonly refused: readonly string[];
  /** Tailwind's own warnings about classes (e.g. "The class `bg-[var(--x)]` is ambiguous …"), in its order; never printed. */
  readonly warnings: readonly string[];
}

/**
 * The containers of page bodies in Sheaf's layout (layout/page-main.tsx): the body itself, and the
 * right-hand panel (`<Panel>`, request/response examples) shown beside it or inline after it.
 */
export const TAILWIND_SCOPE = '.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline';

/** Longest class name compiled, in UTF-16 code units: real ones stay under 80; the cap bounds the work a hostile page can cause. */
export const MAX_CLASS_LENGTH = 200;
/**
 * Most distinct class names compiled per site. mintlify__docs (1,062 pages) has 399 in its bodies,
 * Sheaf's own `sheaf-*` included. The cap bounds the time a hostile site can cost: measured on the
 * 2-core build machine, 5,000 utilities with arbitrary values (`md:p-[123px]`) take 3.8 s in a
 * fresh process and 1.4 s after, for 0.5 MB of CSS (20,000 took 8.6 s).
 */
export const MAX_CLASSES = 5_000;

/** `<` never appears in a Tailwind class and would let a class close an inline `<style>`; control characters never either. */
const REFUSED_CHARACTER = /[<\u0000-\u001f\u007f]/;

const INPUT = '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n';

/** Tailwind's notice when no candidate is a utility: the empty result says the same. */
const NO_UTILITIES = 'No utility classes were detected';

export async function generateTailwindCss(input: GenerateTailwindCssInput): Promise<TailwindCss> {
  const { accepted, refused } = selectCandidates(input.classes);
  if (accepted.length === 0) return { css: '', candidates: 0, refused, warnings: [] };
  const scope = input.scope ?? TAILWIND_SCOPE;
  // `not-prose` generates nothing of its own (typography writes it inside its rules); its preflight comes after the base layer, before the utilities.
  const notProse = accepted.includes('not-prose') ? notProsePreflight(scope) : '';
  const [{ default: postcss }, { default: tailwindcss }, { tailwindConfig }, { isBaseRule, scopeRoot }, { withTailwindWarnings }] =
    await Promise.all([import('postcss'), import('tailwindcss'), import('./tailwind-config.js'), import('./scope-css.js'), import('./tailwind-log.js')]);
  const config = tailwindConfig(accepted.join('\n'), input.colors);
  // `from: undefined`: no source file (and PostCSS's warning about a missing `from` stays quiet).
  const run = await withTailwindWarnings(async () => (await postcss([tailwindcss(config)]).process(INPUT, { from: undefined, map: false })).root);
  const root = run.value;
  const warnings = run.warnings.filter((w) => !w.startsWith(NO_UTILITIES));
  let styled = false;
  root.walkRules((rule) => {
    if (!isBaseRule(rule)) styled = true;
  });
  // Only the base layer (always emitted): no candidate is a Tailwind class.
  if (!styled && notProse === '') return { css: '', candidates: accepted.length, refused, warnings };
  scopeRoot(root, scope);
  return { css: withNotProse(serialize(root), notProse), candidates: accepted.length, refused, warnings };
}

/** The stylesheet with the `not-prose` rules after its base rules (zero specificity: their place decides nothing, it keeps the file readable). */
function withNotProse(css: string, notProse: string): string {
  if (notProse === '') return css;
  const lines = css.trimEnd().split('\n');
  const firstUtility = lines.findIndex((line) => !line.startsWith(':where('));
  const at = firstUtility === -1 ? lines.length : firstUtility;
  return `${[...lines.slice(0, at), notProse, ...lines.slice(at)].join('\n')}\n`;
}

/** Deduplicated, sorted candidates, with those refused (see {@link TailwindCss.refused}). */
export function selectCandidates(classes: Iterable<string>): { accepted: string[]; refused: string[] } {
  const unique = new Set<string>();
  for (const name of classes) if (name.length > 0) unique.add(name);
  const sorted = [...unique].sort(compareCodeUnits);
  const accepted: string[] = [];
  const refused: string[] = [];
  for (const name of sorted) {
    if (name.length > MAX_CLASS_LENGTH || REFUSED_CHARACTER.test(name) || /\s/.test(name) || accepted.length >= MAX_CLASSES) refused.push(name);
    else accepted.push(name);
  }
  return { accepted, refused };
}

/** One rule per line, no other whitespace than Tailwind's values hold: the same bytes for the same rules. */
function serialize(root: Root): string {
  root.walk((node) => {
    if (node.type === 'decl') {
      node.raws.before = '';
      node.raws.between = ':';
    } else if (node.type === 'rule') {
      node.raws.before = node.parent?.type === 'root' ? '\n' : '';
      node.raws.between = '';
      node.raws.after = '';
      node.raws.semicolon = false;
    } else if (node.type === 'atrule') {
      node.raws.before = '\n';
      node.raws.between = '';
      node.raws.afterName = ' ';
      node.raws.after = '';
      node.raws.semicolon = false;
    } else if (node.type === 'comment') {
      node.remove();
    }
  });
  return `${root.toString().trim()}\n`;
}
