import { createHash } from 'node:crypto';
import { createCssVariablesTheme, normalizeTheme, type ThemeRegistrationResolved } from 'shiki/core';
import { bundledThemes } from 'shiki/themes';
import { DEFAULT_CODE_THEMES, type CodeBlocksSetting } from '../../config/code-blocks-setting.js';
import type { CustomLanguage } from '../../model/custom-language.js';
import type { MdxCodeTheme } from '../mdx/mdx-cache.js';
import { samplePalette, themeColours, type SamplePalette, type ThemeColours } from '../operation/code-samples/highlight/palette.js';

/** The code themes of a build, resolved once (main thread) and handed to every stage that colours code. */
export interface CodeTheme {
  /** What MDX highlighting reads (crosses to the render workers). */
  readonly mdx: MdxCodeTheme;
  /** The API code samples' colours, from the same themes. */
  readonly palette: SamplePalette;
  /**
   * Background and foreground of code blocks in each mode when a theme was chosen
   * (`surface: theme`); absent for the default, whose blocks keep the page's surface.
   */
  readonly surface?: { readonly light: { readonly bg: string; readonly fg: string }; readonly dark: { readonly bg: string; readonly fg: string } };
}

/** Whether shiki can load `name`: a bundled theme, or `css-variables`. */
export function isShikiTheme(name: string): boolean {
  return name === 'css-variables' || Object.hasOwn(bundledThemes, name);
}

async function loadTheme(name: string): Promise<ThemeRegistrationResolved> {
  if (name === 'css-variables') return normalizeTheme(createCssVariablesTheme());
  const theme = (await bundledThemes[name as keyof typeof bundledThemes]()).default;
  return normalizeTheme(theme);
}

/** A short digest of the themes and grammars, for cache keys; `''` for the default. */
function keyOf(light: string, dark: string, languages: readonly CustomLanguage[]): string {
  if (light === DEFAULT_CODE_THEMES.light && dark === DEFAULT_CODE_THEMES.dark && languages.length === 0) return '';
  const h = createHash('sha256').update(light).update('\0').update(dark);
  for (const l of languages) h.update('\0').update(l.id).update('\0').update(l.aliases.join(',')).update('\0').update(l.grammar);
  return h.digest('hex').slice(0, 24);
}

/**
 * The themes `setting` names, loaded from shiki's bundled themes: their names for MDX
 * highlighting, the samples' palette and, for a chosen theme, the blocks' surface. A name shiki
 * does not know (the schema lets none through) gives the default themes. `languages` are the
 * custom grammars the load stage read.
 */
export async function resolveCodeTheme(setting: CodeBlocksSetting, languages: readonly CustomLanguage[] = []): Promise<CodeTheme> {
  const known = isShikiTheme(setting.light) && isShikiTheme(setting.dark);
  const light = known ? setting.light : DEFAULT_CODE_THEMES.light;
  const dark = known ? setting.dark : DEFAULT_CODE_THEMES.dark;
  const lightColours: ThemeColours = themeColours(await loadTheme(light));
  const darkColours: ThemeColours = dark === light ? lightColours : themeColours(await loadTheme(dark));
  const themed = known && setting.surface === 'theme';
  return {
    mdx: { light, dark, languages, key: keyOf(light, dark, languages) },
    palette: samplePalette(lightColours, darkColours),
    ...(themed ? { surface: { light: { bg: lightColours.bg, fg: lightColours.fg }, dark: { bg: darkColours.bg, fg: darkColours.fg } } } : {}),
  };
}
