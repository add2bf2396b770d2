import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectGolden as expectGoldenFile } from '../../../golden.js';
import { analyze } from '../../../../src/api/analyze.js';
import type { RenderedBody } from '../../../../src/model/render.js';
import { createRenderCache } from '../../../../src/render/render-cache.js';
import { createRenderPool } from '../../../../src/render/render-pool.js';
import { renderBodies } from '../../../../src/render/render-bodies.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.resolve(HERE, '../../../fixtures');
/** Goldens live next to the tests: in the fixture they would be discovered as pages. */
const GOLDENS = path.join(HERE, 'goldens');

/**
 * Renders every page body of `test/fixtures/<name>` the way a build does (load, resolve,
 * `renderBodies` in-process, no cache), by route without the leading slash.
 */
export async function renderProject(name: string): Promise<Map<string, RenderedBody>> {
  const analysis = await analyze({ root: path.join(FIXTURES, name) });
  if (!analysis.project || !analysis.site) throw new Error(`${name} did not load: ${analysis.diagnostics.map((d) => d.message).join('; ')}`);
  const bodies = new Map<string, RenderedBody>();
  const pool = createRenderPool(0, false);
  try {
    await renderBodies({
      project: analysis.project,
      pages: analysis.site.pages,
      pool,
      cache: createRenderCache(undefined),
      concurrency: 1,
      onBody: async (page, body) => void bodies.set(page.route.slice(1), body),
    });
  } finally {
    await pool.close();
  }
  return bodies;
}

/**
 * Compares a body (HTML, then the aside after a marker) and its Markdown copy with
 * `goldens/<page>.html|.md` (test/golden.ts: a missing file fails, `UPDATE=1` rewrites them).
 */
export function expectGolden(page: string, body: RenderedBody): void {
  const html = body.aside === undefined ? `${body.html}\n` : `${body.html}\n<!-- aside -->\n${body.aside}\n`;
  for (const [file, actual] of [[`${page}.html`, html], [`${page}.md`, body.markdown]] as const) {
    expectGoldenFile(path.join(GOLDENS, file), actual, `goldens/${file}`);
  }
}
