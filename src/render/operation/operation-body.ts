import { createDiagnostic } from '../../diagnostics/create.js';
import type { IndexedOperation, LoadedOpenApi } from '../../model/openapi.js';
import type { PageSection, RenderedBody } from '../../model/render.js';
import type { SitePage } from '../../model/site.js';
import { escapeHtml } from '../html.js';
import { buildOperationModel } from '../../openapi/operation-model/model-from-document.js';
import type { OperationModel } from '../../openapi/operation-model/model.js';
import { renderOperationPage, type OperationDisplay } from './render-operation.js';

export interface OperationBodyOptions {
  /** docs.json `api` settings of operation pages (`operationDisplay`). */
  readonly display: OperationDisplay;
  /** One map for the whole build: descriptions shared by many operations are rendered once. */
  readonly markdownCache: Map<string, string>;
  /**
   * Makes the right-hand panel (playground, code samples, response examples) from the model and
   * the bundled document; for an MDX page, close over its own `RequestExample`/`ResponseExample`.
   */
  readonly aside?: (model: OperationModel, document: unknown) => string | undefined;
}

const NOT_FOUND: RenderedBody = {
  html: '<p>This operation could not be found in its OpenAPI document.</p>',
  headings: [],
  sections: [],
  markdown: '',
  features: [],
  diagnostics: [],
};

/**
 * The operation part of a page that documents one (`page.operation`): finds its document among
 * `openapi` and its entry in the document's index, builds the model and renders it, with the
 * operation's `x-mint.content` shown after its description. A page whose operation is not in a
 * loaded document (already reported by resolve) gets a one-line notice.
 */
/** The loaded document and index entry of an operation page's operation; undefined when it is not found. */
export function findOperation(page: SitePage, openapi: readonly LoadedOpenApi[]) {
  const op = page.operation;
  const loaded = op ? openapi.find((d) => d.index.file === op.document) : undefined;
  if (!op || !loaded) return undefined;
  const webhook = op.method === 'WEBHOOK';
  const list = webhook ? loaded.index.webhooks : loaded.index.operations;
  // A webhook page without its method documents the first method of its path item.
  const method = webhook && !op.webhookMethod ? '' : (webhook ? (op.webhookMethod ?? '') : op.method).toLowerCase();
  const entry = entriesByKey(list).get(`${op.path}\n${method}`);
  return entry ? { loaded, entry, webhook } : undefined;
}

const byKey = new WeakMap<readonly IndexedOperation[], Map<string, IndexedOperation>>();

/**
 * The entries of an index by `path⏎method`, and by `path⏎` for the first of each path: built once
 * per list, so finding every page's operation costs one pass, not one scan per page.
 */
function entriesByKey(list: readonly IndexedOperation[]): Map<string, IndexedOperation> {
  let map = byKey.get(list);
  if (!map) {
    map = new Map();
    for (const entry of list) {
      for (const key of [`${entry.path}\n${entry.method}`, `${entry.path}\n`]) if (!map.has(key)) map.set(key, entry);
    }
    byKey.set(list, map);
  }
  return map;
}

export function renderOperationBody(page: SitePage, openapi: readonly LoadedOpenApi[], options: OperationBodyOptions): RenderedBody {
  const found = findOperation(page, openapi);
  if (!found) return NOT_FOUND;
  const { loaded, entry, webhook } = found;
  try {
    const model = buildOperationModel(loaded, entry.pointer, webhook ? 'webhook' : 'operation', entry.method, entry.path);
    const aside = options.aside?.(model, loaded.document);
    return renderOperationPage({
      page,
      model,
      document: loaded.document,
      settings: options.display,
      markdownCache: options.markdownCache,
      ...(aside !== undefined ? { aside } : {}),
      ...(entry.xMint?.content !== undefined ? { content: entry.xMint.content } : {}),
    });
  } catch (error) {
    // One operation the renderer cannot handle must not take the document or the site with it.
    const name = webhook ? `webhook \`${entry.path}\`` : `\`${entry.method.toUpperCase()} ${entry.path}\``;
    return skipped(loaded.index.file, entry.pointer, name, error);
  }
}

/** The body of an operation page whose operation could not be rendered, and the diagnostic naming it. */
function skipped(file: string, pointer: string, name: string, error: unknown): RenderedBody {
  const reason = ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '').slice(0, 200);
  return {
    html: `<p class="render-failed">The operation ${escapeHtml(name.replace(/`/g, ''))} could not be rendered; see the build diagnostics.</p>`,
    headings: [],
    sections: [],
    markdown: '',
    features: [],
    diagnostics: [
      createDiagnostic('openapi/operation-skipped', {
        message: `The operation ${name} of \`${file}\` could not be rendered (${reason}); its page shows a notice instead, and the rest of the document is unaffected.`,
        file,
        pointer,
        hint: 'Check this operation against the OpenAPI schema warnings for the document; please also report it to Sheaf, which should render any operation.',
      }),
    ],
  };
}

/** The text before the first heading of both bodies, as one section (search ids must be unique per anchor). */
function mergeTop(a: readonly PageSection[], b: readonly PageSection[]): PageSection[] {
  const topA = a.find((s) => s.anchor === '');
  const topB = b.find((s) => s.anchor === '');
  const text = [topA?.text, topB?.text].filter((t) => t !== undefined && t !== '').join(' ');
  const rest = [...a, ...b].filter((s) => s.anchor !== '');
  return text !== '' ? [{ anchor: '', heading: '', text }, ...rest] : rest;
}

/**
 * An MDX page that documents an operation: the operation first, then the page's own content.
 * Markdown: the MDX title, the operation's Markdown (without its title), the MDX rest. The
 * operation's aside wins (its maker is given the MDX page's own examples, see
 * `OperationBodyOptions.aside`); without one, the MDX page's aside stays.
 */
export function withOperation(mdx: RenderedBody, operation: RenderedBody): RenderedBody {
  const [first = '', ...rest] = mdx.markdown.split('\n');
  const opMarkdown = operation.markdown.replace(/^# [^\n]*\n+/, '').trim();
  const markdown = first.startsWith('# ')
    ? `${first}\n\n${opMarkdown}\n\n${rest.join('\n').trim()}\n`
    : `${opMarkdown}\n\n${mdx.markdown.trim()}\n`;
  const aside = operation.aside ?? mdx.aside;
  return {
    html: `${operation.html}\n${mdx.html}`,
    ...(aside !== undefined ? { aside } : {}),
    headings: [...operation.headings, ...mdx.headings],
    sections: mergeTop(operation.sections, mdx.sections),
    markdown,
    features: [...new Set([...operation.features, ...mdx.features])],
    diagnostics: [...operation.diagnostics, ...mdx.diagnostics],
  };
}
