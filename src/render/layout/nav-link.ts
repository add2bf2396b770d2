/** Short method labels of the sidebar badges (`DELETE` → `DEL`); others as written. */
const METHOD_LABELS: Readonly<Record<string, string>> = { DELETE: 'DEL', OPTIONS: 'OPT', WEBHOOK: 'HOOK' };

export function methodLabel(method: string): string {
  return METHOD_LABELS[method] ?? method;
}
