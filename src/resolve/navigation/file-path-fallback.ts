import type { Diagnostic } from '../../model/diagnostic.js';
import type { ConfigOrigin, PageSource } from '../../model/project.js';
import type { OperationReference } from '../../openapi/reference.js';
import { createDiagnostic } from '../../diagnostics/create.js';
import { nearest } from '../../openapi/match.js';
import { parseNavigationReference, uppercaseMethodSuggestion } from './case.js';
import { pagePathForms } from './trailing-slash.js';

/**
 * Interface rule 8 (file-path fallback): a navigation entry that is not an operation reference
 * is a file path, and the file must exist. A path naming an existing page wins over reading the
 * entry as a reference; an entry that is neither is reported as `nav/page-not-found`.
 */

/** What a `pages` string names. */
export type EntryTarget =
  | { readonly kind: 'page'; readonly page: PageSource }
  | { readonly kind: 'reference'; readonly ref: OperationReference }
  | { readonly kind: 'missing' };

/** The project page an entry names (see `pagePathForms`), if any. */
export function findPage(entry: string, pages: ReadonlyMap<string, PageSource>): PageSource | undefined {
  for (const form of pagePathForms(entry)) {
    const page = pages.get(form);
    if (page) return page;
  }
  return undefined;
}

/** An existing page path, else an operation reference, else a missing file. */
export function classifyEntry(entry: string, pages: ReadonlyMap<string, PageSource>): EntryTarget {
  const page = findPage(entry, pages);
  if (page) return { kind: 'page', page };
  const ref = parseNavigationReference(entry);
  return ref ? { kind: 'reference', ref } : { kind: 'missing' };
}

/** The `nav/page-not-found` error of an entry naming no page, with the nearest page paths (or the uppercase method) as hint. */
export function pageNotFound(entry: string, pages: ReadonlyMap<string, PageSource>, origin: ConfigOrigin): Diagnostic {
  const near = nearest(entry, [...pages.keys()]);
  const upper = uppercaseMethodSuggestion(entry);
  const hint =
    upper !== undefined
      ? `HTTP methods in navigation entries are uppercase: did you mean \`${upper}\`?`
      : near.length
        ? `did you mean ${near.map((n) => `\`${n}\``).join(', ')}?`
        : 'Create the file (`.mdx` or `.md`) or remove the entry.';
  return createDiagnostic('nav/page-not-found', {
    message: `Navigation entry \`${entry}\` is not a page of this project${upper !== undefined ? ' nor an operation reference' : ''}.`,
    ...origin,
    hint,
  });
}
