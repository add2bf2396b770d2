/**
 * The colour mode rule, shared by the toggle (start-theme.ts) and the inline head script that
 * applies it before the first paint (before-paint.ts): <html data-theme-default> is docs.json `appearance.default`
 * (light | dark | system); data-theme-strict ignores the reader's choice; otherwise the choice
 * made on this page, else the one saved in localStorage['sheaf-theme'], else the default.
 */

export type ThemeMode = 'light' | 'dark' | 'system';

/** The localStorage key of the reader's choice. */
export const THEME_KEY = 'sheaf-theme';

/** A saved value when it is a mode, else null. */
export function parseMode(value: string | null): ThemeMode | null {
  return value === 'light' || value === 'dark' || value === 'system' ? value : null;
}

export interface ModeInputs {
  /** `data-theme-default`, `system` when absent or empty (kept as written otherwise). */
  readonly fallback: string;
  /** `data-theme-strict` is present. */
  readonly strict: boolean;
  /** The choice made on this page (kept when storage is unavailable). */
  readonly chosen: ThemeMode | null;
  /** The choice saved in localStorage. */
  readonly saved: ThemeMode | null;
}

/** The mode in force. */
export function resolveMode(inputs: ModeInputs): string {
  if (inputs.strict) return inputs.fallback;
  return inputs.chosen || inputs.saved || inputs.fallback;
}

/** True when `mode` shows the dark colours: `dark`, or `system` while the system prefers dark. */
export function isDark(mode: string, systemPrefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'system' && systemPrefersDark);
}
