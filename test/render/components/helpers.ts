import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { h, type ComponentChildren, type JSX } from 'preact';
import { renderToString } from 'preact-render-to-string';
import prettyRender from 'preact-render-to-string/jsx';
import { expectGolden as expectGoldenFile } from '../../golden.js';
import { ComponentContext, createIconStore, type ComponentSettings } from '../../../src/render/components/index.js';

const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));

/**
 * An icon store that answers every file with a tiny SVG naming the file it stands for
 * (`svgs/solid/rocket`), except names starting with `no-such`: goldens show which file was
 * chosen without kilobytes of path data.
 */
export const stubIcons = createIconStore((file) => {
  const parts = file.split(path.sep).slice(-3);
  const name = (parts.at(-1) ?? '').replace(/\.svg$/, '');
  if (name.startsWith('no-such')) return undefined;
  const label = parts.join('/').replace(/\.svg$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path d="${label}"/></svg>`;
});

function wrap(node: ComponentChildren, settings: ComponentSettings): JSX.Element {
  return h(ComponentContext.Provider, { value: { icons: stubIcons, ...settings } }, node);
}

/** The HTML the site gets (stub icons unless `settings.icons` says otherwise). */
export function renderHtml(node: ComponentChildren, settings: ComponentSettings = {}): string {
  return renderToString(wrap(node, settings));
}

/**
 * Compares the pretty-printed HTML of `node` with `golden/NAME.html` (test/golden.ts: a missing
 * file fails, `UPDATE=1` rewrites it). Pretty printing only adds line breaks and tabs between elements.
 */
export function expectGolden(name: string, node: ComponentChildren, settings: ComponentSettings = {}): void {
  const html = `${prettyRender(wrap(node, settings), {}, { pretty: true, jsx: false })}\n`;
  expectGoldenFile(path.join(GOLDEN_DIR, `${name}.html`), html);
}
