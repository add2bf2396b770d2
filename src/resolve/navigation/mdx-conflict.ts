import type { Diagnostic } from '../../model/diagnostic.js';
import type { IndexedOperation, OperationIndex } from '../../model/openapi.js';
import type { ConfigOrigin, PageSource } from '../../model/project.js';
import { createDiagnostic } from '../../diagnostics/create.js';
import { operationKey } from '../operation-routes.js';

/**
 * Interface rule 7, first half (MDX conflict): an MDX page (through its `openapi:` frontmatter)
 * and a navigation entry must not both document the same operation. The entry still gets its
 * page; the error says which one to keep.
 */

/**
 * The `nav/operation-page-conflict` error when an MDX page documents the operation `entry`
 * names, else undefined. `mdxOperations` is keyed `doc-file|operation-key`.
 */
export function mdxConflict(
  entry: string,
  doc: OperationIndex,
  op: IndexedOperation,
  webhook: boolean,
  mdxOperations: ReadonlyMap<string, PageSource>,
  origin: ConfigOrigin,
): Diagnostic | undefined {
  const mdx = mdxOperations.get(`${doc.file}|${operationKey(op, webhook)}`);
  if (!mdx) return undefined;
  const pos = mdx.frontmatterPositions['openapi'];
  return createDiagnostic('nav/operation-page-conflict', {
    message: `\`${entry.trim()}\` has both a navigation entry and the MDX page \`${mdx.file}\`.`,
    ...origin,
    hint: `Keep one: remove the navigation entry and list \`${mdx.path}\` instead, or delete the MDX page (use \`x-mint\` on the operation to add content).`,
    related: [{ file: mdx.file, ...(pos ? { line: pos.line, column: pos.column } : {}), message: 'the MDX page for the same operation' }],
  });
}
