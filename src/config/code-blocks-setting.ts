/**
 * docs.json `styling.codeblocks`, read once into the themes of code blocks. Mintlify documents four
 * forms: `"system"` (the default: blocks follow the site's light/dark mode), `"dark"` (always
 * dark), a Shiki theme name (`"dracula"`: that theme in both modes) and the object
 * `{ theme: name | { light, dark }, languages: { custom: [paths] } }`. The reader takes any of
 * them, as written or as the schema outputs them (`{ theme: name }` for a bare name), and
 * anything else as the default: it never throws, so no later stage reads the written forms.
 */

/** The code themes of a site: what highlighting and the code-block styles read. */
export interface CodeBlocksSetting {
  /** The Shiki theme of code in light mode. */
  readonly light: string;
  /** The Shiki theme of code in dark mode (the same name as `light` for one theme). */
  readonly dark: string;
  /**
   * `site`: blocks sit on the page's own surface and only the token colours come from the themes
   * (the default look, unchanged). `theme`: a theme was chosen, so blocks take its background and
   * foreground too, as on Mintlify.
   */
  readonly surface: 'site' | 'theme';
  /** `languages.custom`: project paths of TextMate grammar files, as written (blank ones left out). */
  readonly custom: readonly string[];
}

/** The themes of `"system"` (and of an absent setting): GitHub's light and dark themes. */
export const DEFAULT_CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const;

/** The theme of `"dark"`: the default pair's dark theme, in both modes. */
const ALWAYS_DARK = DEFAULT_CODE_THEMES.dark;

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);
const name = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The setting of a site without `styling.codeblocks`. */
export const DEFAULT_CODE_BLOCKS: CodeBlocksSetting = { ...DEFAULT_CODE_THEMES, surface: 'site', custom: [] };

/** Reads `styling.codeblocks` in any documented form (see the module comment); other values give the default. */
export function readCodeBlocksSetting(value: unknown): CodeBlocksSetting {
  if (value === 'dark') return { light: ALWAYS_DARK, dark: ALWAYS_DARK, surface: 'theme', custom: [] };
  const bare = name(value);
  if (bare !== undefined) return bare === 'system' ? DEFAULT_CODE_BLOCKS : { light: bare, dark: bare, surface: 'theme', custom: [] };
  if (!isRecord(value)) return DEFAULT_CODE_BLOCKS;
  const languages = value['languages'];
  const list = isRecord(languages) && Array.isArray(languages['custom']) ? languages['custom'] : [];
  const custom = [...new Set(list.flatMap((p) => name(p) ?? []))];
  const theme = value['theme'];
  const one = name(theme);
  if (one !== undefined) return { light: one, dark: one, surface: 'theme', custom };
  const light = isRecord(theme) ? name(theme['light']) : undefined;
  const dark = isRecord(theme) ? name(theme['dark']) : undefined;
  if (light !== undefined && dark !== undefined) return { light, dark, surface: 'theme', custom };
  return { ...DEFAULT_CODE_BLOCKS, custom };
}
