import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const GOLDENS = fileURLToPath(new URL('./goldens/', import.meta.url));

/** One tag per line; the embedded spec JSON pretty-printed so diffs show what changed. */
export function pretty(html: string): string {
  return html
    .replace(/(<script type="application\/json" data-sheaf-playground-spec>)([\s\S]*?)(<\/script>)/, (_m, open: string, json: string, close: string) =>
      `${open}\n${JSON.stringify(JSON.parse(json), null, 2)}\n${close}`)
    .replace(/></g, '>\n<')
    .trimEnd()
    .concat('\n');
}

/** Compares with `goldens/<name>.html`; `UPDATE=1` rewrites it (read the diff before accepting). */
export function expectGolden(name: string, html: string): void {
  const file = path.join(GOLDENS, `${name}.html`);
  const actual = pretty(html);
  if (process.env['UPDATE'] === '1') {
    mkdirSync(GOLDENS, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`Missing golden ${name}.html: run the tests with UPDATE=1 and read it.`);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}
