import { z } from 'zod';

/** Shiki themes accepted by `styling.codeblocks.theme`. */
export const shikiThemes = [
  'andromeeda', 'aurora-x', 'ayu-dark', 'catppuccin-frappe', 'catppuccin-latte', 'catppuccin-macchiato',
  'catppuccin-mocha', 'dark-plus', 'dracula', 'dracula-soft', 'everforest-dark', 'everforest-light',
  'github-dark', 'github-dark-default', 'github-dark-dimmed', 'github-dark-high-contrast', 'github-light',
  'github-light-default', 'github-light-high-contrast', 'gruvbox-dark-hard', 'gruvbox-dark-medium',
  'gruvbox-dark-soft', 'gruvbox-light-hard', 'gruvbox-light-medium', 'gruvbox-light-soft', 'houston',
  'kanagawa-dragon', 'kanagawa-lotus', 'kanagawa-wave', 'laserwave', 'light-plus', 'material-theme',
  'material-theme-darker', 'material-theme-lighter', 'material-theme-ocean', 'material-theme-palenight',
  'min-dark', 'min-light', 'monokai', 'night-owl', 'nord', 'one-dark-pro', 'one-light', 'plastic',
  'poimandres', 'red', 'rose-pine', 'rose-pine-dawn', 'rose-pine-moon', 'slack-dark', 'slack-ochin',
  'snazzy-light', 'solarized-dark', 'solarized-light', 'synthwave-84', 'tokyo-night', 'vesper',
  'vitesse-black', 'vitesse-dark', 'vitesse-light', 'css-variables',
] as const;

const shikiThemeSchema = z.enum(shikiThemes);

/** `styling`: eyebrows, code block themes and LaTeX. */
export const stylingSchema = z.strictObject({
  eyebrows: z.enum(['section', 'breadcrumbs']).optional(),
  codeblocks: z
    .union([
      z.enum(['system', 'dark']),
      z.strictObject({
        theme: z.union([shikiThemeSchema, z.strictObject({ light: shikiThemeSchema, dark: shikiThemeSchema })]).optional(),
        languages: z.strictObject({ custom: z.array(z.string()).optional() }).optional(),
      }),
    ])
    .optional(),
  latex: z.boolean().optional(),
});
