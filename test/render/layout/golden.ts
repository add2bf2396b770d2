import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const GOLDENS = fileURLToPath(new URL('./goldens/', import.meta.url));

/**
 * Readable, stable HTML for goldens: one tag per line, and every `<svg>` reduced to its opening
 * tag's class (icon paths belong to the icon packages, not to the layout).
 */
export function pretty(html: string): string {
  return html
    .replace(/<svg\b([^>]*)>[\s\S]*?<\/svg>/g, (_m, attrs: string) => {
      const cls = /class="([^"]*)"/.exec(attrs)?.[1];
      return cls ? `<svg class="${cls}"/>` : '<svg/>';
    })
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

/** The element starting at the first occurrence of `start` (an opening tag's beginning), with its content. */
export function extract(html: string, start: string): string {
  const from = html.indexOf(start);
  if (from < 0) throw new Error(`No ${start} in the document`);
  const tag = /^<([a-z][a-z0-9-]*)/.exec(start)?.[1];
  if (!tag) throw new Error(`${start} is not an opening tag`);
  const pattern = new RegExp(`<${tag}\\b|</${tag}>`, 'g');
  pattern.lastIndex = from;
  let depth = 0;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(from, m.index + m[0].length);
  }
  throw new Error(`${start} is not closed`);
}

/** Every `href` and `src` value of a document, entities decoded. */
export function urls(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}
