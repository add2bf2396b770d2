import type { Diagnostic } from '../model/diagnostic.js';
import type { IndexedOperation, OperationIndex } from '../model/openapi.js';
import type { PageSource } from '../model/project.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { findOperation, matchDocuments, nearest, nearestOperations } from '../openapi/match.js';
import { parseReference, type OperationReference } from '../openapi/reference.js';

/** The operation an MDX page documents through its `openapi:` frontmatter. */
export interface PageOperationMatch {
  readonly doc: OperationIndex;
  readonly op: IndexedOperation;
  readonly webhook: boolean;
}

/** Where a reference came from, for diagnostics. */
export interface ReferenceOrigin {
  readonly file: string;
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
}

/** The result of looking a reference up: a match, or the diagnostic explaining why not. */
export type LookupResult =
  | { readonly match: PageOperationMatch }
  | { readonly diagnostic?: Diagnostic };

/**
 * Looks a parsed reference up among candidate documents (in order: the first document holding
 * the operation wins). `candidates` empty means the file token matched nothing.
 */
export function lookupReference(
  ref: OperationReference,
  raw: string,
  candidates: readonly OperationIndex[],
  all: readonly OperationIndex[],
  failed: readonly string[],
  origin: ReferenceOrigin,
): LookupResult {
  if (candidates.length === 0) {
    if (ref.file && matchDocuments(ref.file, failed.map((file) => ({ file }))).length > 0) return {};
    if (ref.file) {
      const near = nearest(ref.file, all.map((d) => d.file));
      return {
        diagnostic: createDiagnostic('ref/document-not-found', {
          message: `\`${raw}\` names the OpenAPI file \`${ref.file}\`, which is not in this project.`,
          ...origin,
          hint: near.length ? `did you mean ${near.map((n) => `\`${n}\``).join(' or ')}?` : 'Check the file name and path.',
        }),
      };
    }
    if (all.length === 0 && failed.length > 0) return {};
    return {
      diagnostic: createDiagnostic('ref/no-document', {
        message: `\`${raw}\` refers to an operation, but no OpenAPI document is set for it.`,
        ...origin,
        hint: 'Set `openapi` on this navigation element or a parent, or prefix the file: `openapi.json GET /path`.',
      }),
    };
  }
  for (const doc of candidates) {
    const op = findOperation(doc, ref);
    if (op) return { match: { doc, op, webhook: ref.method === 'webhook' } };
  }
  const near = nearestOperations(ref, candidates);
  const where = candidates.map((d) => `\`${d.file}\``).join(', ');
  const elsewhere = all.filter((d) => !candidates.includes(d) && findOperation(d, ref)).map((d) => `\`${d.file}\``);
  const hints = [
    near.length ? `did you mean ${near.map((n) => `\`${n}\``).join(', ')}?` : '',
    elsewhere.length ? `The operation exists in ${elsewhere.slice(0, 3).join(', ')}.` : '',
    'Paths and methods must match the document exactly.',
  ];
  return {
    diagnostic: createDiagnostic('ref/operation-not-found', {
      message: `\`${raw}\` matches no ${ref.method === 'webhook' ? 'webhook' : 'operation'} in ${where}.`,
      ...origin,
      hint: hints.filter(Boolean).join(' '),
    }),
  };
}

/**
 * Resolves the `openapi:` frontmatter of every page. Without a file token every document is a
 * candidate, in alphabetical order of file name; with one, the documents the token names.
 */
export function resolveFrontmatterOperations(
  pages: readonly PageSource[],
  docs: readonly OperationIndex[],
  failed: readonly string[],
): { matches: Map<string, PageOperationMatch>; diagnostics: Diagnostic[] } {
  const matches = new Map<string, PageOperationMatch>();
  const diagnostics: Diagnostic[] = [];
  const byName = [...docs].sort((a, b) => baseName(a.file).localeCompare(baseName(b.file)) || a.file.localeCompare(b.file));
  for (const page of pages) {
    const value = page.frontmatter['openapi'];
    if (value === undefined) continue;
    const pos = page.frontmatterPositions['openapi'];
    const origin = { file: page.file, ...(pos ? { line: pos.line, column: pos.column } : {}) };
    const raw = typeof value === 'string' ? value : String(value);
    const ref = typeof value === 'string' ? parseReference(value, 'frontmatter') : undefined;
    if (!ref) {
      diagnostics.push(
        createDiagnostic('ref/invalid', {
          message: `\`openapi: ${raw}\` is not an operation reference.`,
          ...origin,
          hint: 'Write `METHOD /path`, `file.json METHOD /path` or `webhook name`, e.g. `GET /users/{id}`.',
        }),
      );
      continue;
    }
    const candidates = ref.file ? matchDocuments(ref.file, docs) : byName;
    const result = lookupReference(ref, raw.trim(), candidates, docs, failed, origin);
    if ('match' in result) {
      matches.set(page.path, result.match);
      continue;
    }
    const missing = ref.file ? (candidates.length === 0 ? failed.filter((f) => matchDocuments(ref.file as string, [{ file: f }]).length > 0) : []) : failed;
    if (missing.length > 0) diagnostics.push(unavailableDiagnostic(raw.trim(), missing, candidates, origin));
    else if (result.diagnostic) diagnostics.push(result.diagnostic);
  }
  return { matches, diagnostics };
}

/**
 * `ref/document-unavailable`: the page's reference could not be looked up in `missing`, the
 * documents that did not load and may hold it (the one its file token names; without a token,
 * every one, as Mintlify searches them all). Named on the page, so the reader of that page's
 * diagnostics learns which document to fetch or fix, instead of a "not found" blaming the
 * documents that did load (`searched`). Their own problem is reported where docs.json names them.
 */
function unavailableDiagnostic(raw: string, missing: readonly string[], searched: readonly OperationIndex[], origin: ReferenceOrigin): Diagnostic {
  const names = missing.slice(0, 3).map((f) => `\`${f}\``).join(', ') + (missing.length > 3 ? ` and ${missing.length - 3} more` : '');
  const one = missing.length === 1;
  const where = searched.length > 0 ? `matches no operation in ${searched.slice(0, 3).map((d) => `\`${d.file}\``).join(', ')}${searched.length > 3 ? ` and ${searched.length - 3} more` : ''}, and ` : 'could not be looked up: ';
  return createDiagnostic('ref/document-unavailable', {
    message: `\`${raw}\` ${where}the OpenAPI document${one ? '' : 's'} ${names} that may hold it did not load; the page is built without the operation.`,
    ...origin,
    hint: missing.some((f) => /^https?:\/\//i.test(f))
      ? 'Pass `--allow-network` to fetch a remote document (or download it into the project and name the local file); see the diagnostic where docs.json names it.'
      : 'Fix the document; see its own diagnostic.',
  });
}

const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);
