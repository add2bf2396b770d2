import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/api/check.js';
import type { NavNode } from '../../src/model/site.js';
import { parseReference } from '../../src/openapi/reference.js';
import { CORPUS, HAS_CORPUS } from './corpus-path.js';

const ROOT = path.join(CORPUS, 'mintlify');
const PROJECTS = HAS_CORPUS ? readdirSync(ROOT)
      .filter((n) => ['docs.json', 'mint.json'].some((f) => existsSync(path.join(ROOT, n, f))))
      .sort() : [];

const countBy = (codes: string[]) => codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});
const operationNodes = (nodes: readonly NavNode[]): number =>
  nodes.reduce((n, node) => n + (node.type === 'page' ? (node.method ? 1 : 0) : operationNodes(node.children)), 0);

/** Every string in `pages` arrays of the configuration that parses as a navigation reference. */
function explicitReferences(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(explicitReferences);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'pages' && Array.isArray(v)
      ? [...v.filter((p): p is string => typeof p === 'string' && !!parseReference(p, 'navigation')), ...explicitReferences(v.filter((p) => typeof p === 'object'))]
      : explicitReferences(v),
  );
}

describe.skipIf(!HAS_CORPUS)('Mintlify corpus: every project resolves', () => {
  it('finds the six shared projects', () => {
    expect(PROJECTS.length).toBe(6);
  });

  it.each(PROJECTS)('%s', async (name) => {
    // No cache: nothing is written into the corpus (check renders the pages, as build does).
    const result = await check({ root: path.join(ROOT, name), cacheDir: false });
    const byCode = countBy(result.diagnostics.map((d) => d.code));
    console.log(`${name}: ${result.site?.pages.length ?? 0} pages, ${result.errorCount} errors, ${result.warningCount} warnings`, byCode);
    for (const d of result.diagnostics.filter((x) => x.severity === 'error')) {
      console.log(`  ${d.file}:${d.line}:${d.column} ${d.code} ${d.message} (${d.hint ?? ''})`);
    }
    expect(byCode['internal/error'] ?? 0).toBe(0);
    expect(result.site).toBeDefined();
    // Every error carries a file and a position.
    for (const d of result.diagnostics) expect([d.file, typeof d.line]).toEqual([expect.any(String), 'number']);
    if (name === 'mintlify__docs') {
      // The 12 real broken references of the translated analytics pages, and nothing else.
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => d.code)).toEqual(Array(12).fill('ref/operation-not-found'));
      expect(new Set(errors.map((d) => d.file?.split('/')[0]))).toEqual(new Set(['es', 'fr', 'zh']));
      for (const d of errors) {
        expect(d.hint).toMatch(/did you mean/);
        // The translated specs lack operations the English one has: the hint says where it is.
        expect(d.hint).toContain('The operation exists in `analytics.openapi.json`');
      }
    } else {
      expect(result.errorCount).toBe(0);
    }
    if (name === 'langgenius__dify-docs') {
      const config = JSON.parse(readFileSync(path.join(ROOT, name, 'docs.json'), 'utf8'));
      const refs = explicitReferences(config.navigation);
      expect(refs.length).toBe(492);
      expect(operationNodes(result.site?.navigation.children ?? [])).toBe(492);
      // x-mint.href routes are used as they are.
      expect(result.site?.pages.some((p) => p.route === '/en/api-reference/chat-messages/send-chat-message')).toBe(true);
    }
  });
});
