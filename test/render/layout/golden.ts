import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectGolden as expectGoldenFile } from '../../golden.js';

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

/** Compares with `goldens/<name>.html` (test/golden.ts: a missing file fails, `UPDATE=1` rewrites it; read the diff before accepting). */
export function expectGolden(name: string, html: string): void {
  expectGoldenFile(path.join(GOLDENS, `${name}.html`), pretty(html), `goldens/${name}.html`);
}

/**
 * The first element whose opening tag matches `start`, with its content. `start` is written as
 * an opening tag's beginning: a tag name and attributes (`<nav class="sheaf-nav"`); the element's
 * attributes may come in any order, and a value left without its closing quote matches as a
 * prefix (`<div class="sheaf-banner` finds `class="sheaf-banner sheaf-banner-dismissible"`).
 */
export function extract(html: string, start: string): string {
  const tag = /^<([a-z][a-z0-9-]*)/.exec(start)?.[1];
  if (!tag) throw new Error(`${start} is not an opening tag`);
  const from = openingTagAt(html, start);
  if (from < 0) throw new Error(`No ${start} in the document`);
  const pattern = new RegExp(`<${tag}\\b|</${tag}>`, 'g');
  pattern.lastIndex = from;
  let depth = 0;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(from, m.index + m[0].length);
  }
  throw new Error(`${start} is not closed`);
}

/** Whether `html` holds an element whose opening tag matches `start` (as in `extract`). */
export function hasElement(html: string, start: string): boolean {
  return openingTagAt(html, start) >= 0;
}

/** The offset of the first opening tag matching `start` (as in `extract`), or -1. */
export function openingTagAt(html: string, start: string): number {
  const tag = /^<([a-z][a-z0-9-]*)/.exec(start)?.[1];
  if (!tag) throw new Error(`${start} is not an opening tag`);
  const wanted = [...start.slice(tag.length + 1).matchAll(/\s([\w:-]+)(?:="([^"]*)("?))?/g)].map((m) => ({ name: m[1] ?? '', value: m[2], prefix: m[3] === '' }));
  const opening = new RegExp(`<${tag}\\b([^>]*)>`, 'g');
  for (let m = opening.exec(html); m; m = opening.exec(html)) {
    const attrs = new Map([...(m[1] ?? '').matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? ''] as const));
    const matches = wanted.every((w) => attrs.has(w.name) && (w.value === undefined || (w.prefix ? attrs.get(w.name)!.startsWith(w.value) : attrs.get(w.name) === w.value)));
    if (matches) return m.index;
  }
  return -1;
}

/** Every `href` and `src` value of a document, entities decoded. */
export function urls(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}
