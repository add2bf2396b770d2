/** An SVG icon reduced to what rendering needs. */
export interface IconSvg {
  /** `minX minY width height` of the icon's viewBox. */
  readonly viewBox: readonly [number, number, number, number];
  /** Presentation attributes of the root `<svg>` kept as written (`fill`, `stroke`, …), sorted. */
  readonly attributes: readonly (readonly [string, string])[];
  /** The markup inside `<svg>…</svg>`, whitespace between tags removed. */
  readonly inner: string;
}

const ROOT = /<svg\b([^>]*)>([\s\S]*)<\/svg>/;
const ATTRIBUTE = /(?<![\w:-])([a-zA-Z][\w:-]*)\s*=\s*"([^"]*)"/g;
/** Root attributes that carry the look of the icon; size, class and namespace are set by `svgMarkup`. */
const KEPT = new Set(['fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin']);

/** Parses an icon file's text; `undefined` when it has no `<svg>` root with a usable viewBox. */
export function parseSvg(text: string): IconSvg | undefined {
  const root = ROOT.exec(text);
  if (!root) return undefined;
  const attributes: [string, string][] = [];
  let viewBox: [number, number, number, number] | undefined;
  for (const [, name = '', value = ''] of (root[1] ?? '').matchAll(ATTRIBUTE)) {
    if (name === 'viewBox') {
      const n = value.trim().split(/[\s,]+/).map(Number);
      if (n.length === 4 && n.every(Number.isFinite) && n[2]! > 0 && n[3]! > 0) viewBox = [n[0]!, n[1]!, n[2]!, n[3]!];
    } else if (KEPT.has(name)) {
      attributes.push([name, value]);
    }
  }
  if (!viewBox) return undefined;
  attributes.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { viewBox, attributes, inner: (root[2] ?? '').replace(/>\s+</g, '><').trim() };
}

function round(n: number, digits: number): string {
  return String(Number(n.toFixed(digits)));
}

/**
 * The `<svg>` element for an icon. With `sizePx` the height is that many CSS pixels, otherwise
 * `1em` (the icon follows the font size); the width keeps the viewBox's aspect ratio.
 * The icon is decorative (`aria-hidden`); colour comes from `currentColor` in the files.
 */
export function svgMarkup(icon: IconSvg, sizePx?: number): string {
  const [x, y, w, h] = icon.viewBox;
  const ratio = w / h;
  const height = sizePx === undefined ? '1em' : round(sizePx, 2);
  const width = sizePx === undefined ? `${round(ratio, 4)}em` : round(sizePx * ratio, 2);
  const attrs = icon.attributes.map(([k, v]) => ` ${k}="${v}"`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${w} ${h}" width="${width}" height="${height}"` +
    `${attrs} aria-hidden="true" focusable="false">${icon.inner}</svg>`
  );
}
