import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectGolden } from '../../golden.js';
import type { Diagnostic } from '../../../src/model/diagnostic.js';
import type { RenderedBody } from '../../../src/model/render.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { testComponents } from './test-components.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');

/** Renders `page.mdx` (or `file`) of `test/fixtures/<name>`, with `variables.json` if present. */
export async function renderFixture(name: string, file = 'page.mdx'): Promise<RenderedBody> {
  const root = path.join(FIXTURES, name);
  const variablesFile = path.join(root, 'variables.json');
  const variables = existsSync(variablesFile) ? (JSON.parse(readFileSync(variablesFile, 'utf8')) as Record<string, string>) : {};
  const source = readFileSync(path.join(root, file), 'utf8');
  return renderMdx({ root, file, source, variables, components: testComponents, cache: createMdxCache() });
}

/** Compares the HTML (with the aside after a marker) and the Markdown copy with the fixture's goldens (test/golden.ts: a missing file fails, UPDATE=1 rewrites them). */
export function expectGoldens(name: string, body: RenderedBody): void {
  const html = body.aside === undefined ? `${body.html}\n` : `${body.html}\n<!-- aside -->\n${body.aside}\n`;
  for (const [file, actual] of [['expected.html', html], ['expected.md', body.markdown]] as const) {
    expectGolden(path.join(FIXTURES, name, file), actual, `${name}/${file}`);
  }
}

/** The fields of a diagnostic the tests pin. */
export const where = (d: Diagnostic) => [d.code, d.file, d.line, d.column];
