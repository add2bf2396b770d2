/**
 * True for a non-null, non-array object: the only kind of parsed JSON/YAML value that holds keys.
 * The one such guard of Sheaf (parse/ is the lowest stage with code, so every stage may use it).
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
