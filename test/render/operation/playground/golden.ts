import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectGolden as expectGoldenFile } from '../../../golden.js';

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

/** Compares with `goldens/<name>.html` (test/golden.ts: a missing file fails, `UPDATE=1` rewrites it; read the diff before accepting). */
export function expectGolden(name: string, html: string): void {
  expectGoldenFile(path.join(GOLDENS, `${name}.html`), pretty(html), `goldens/${name}.html`);
}
