/** Code-unit order: deterministic, independent of the locale (unlike `localeCompare`). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
