import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway docs project around one OpenAPI document of the shared corpus: the document (or,
 * for a split document, its whole folder) is copied into a temporary folder — never into the
 * repository — beside a docs.json whose single group bulk-generates every operation.
 */
export function makeOpenApiProject(corpusOpenapi: string, manifestPath: string): { root: string; spec: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'sheaf-openapi-'));
  const multifile = manifestPath.startsWith('multifile/');
  const spec = multifile ? path.posix.join('spec', manifestPath.split('/').slice(2).join('/')) : `spec/${path.posix.basename(manifestPath)}`;
  const from = multifile ? path.join(corpusOpenapi, ...manifestPath.split('/').slice(0, 2)) : path.join(corpusOpenapi, manifestPath);
  cpSync(from, path.join(root, multifile ? 'spec' : spec), { recursive: true });
  const docs = {
    theme: 'mint',
    name: path.posix.basename(manifestPath),
    colors: { primary: '#0D9373' },
    navigation: { groups: [{ group: 'API reference', openapi: spec }] },
  };
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Overview\n---\n\nReference generated from the OpenAPI document.\n');
  return { root, spec };
}
