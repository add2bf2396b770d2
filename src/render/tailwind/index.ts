/**
 * Tailwind CSS for page bodies, as Mintlify styles MDX: collect the class names a site's page
 * bodies use, then generate one stylesheet for them (Tailwind v3's own compiler), scoped to page
 * bodies, with `dark:` bound to Sheaf's dark mode.
 */
export { addClassNames, collectClassNames, collectClassNamesFromHtml, contentClassNames } from './collect-class-names.js';
export {
  generateTailwindCss,
  MAX_CLASS_LENGTH,
  MAX_CLASSES,
  TAILWIND_SCOPE,
  type GenerateTailwindCssInput,
  type TailwindCss,
} from './generate-tailwind-css.js';
export type { TailwindColors } from './tailwind-config.js';
export { createTailwindMatcher, SHEAF_CLASSES, type TailwindMatcher } from './tailwind-matcher.js';
