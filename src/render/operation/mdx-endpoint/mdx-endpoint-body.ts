import type { ApiConfig } from '../../../config/loaded-config.js';
import { createDiagnostic } from '../../../diagnostics/create.js';
import { parseFrontmatter } from '../../../load/frontmatter.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { RenderedBody } from '../../../model/render.js';
import type { SitePage } from '../../../model/site.js';
import type { OperationModel } from '../../../openapi/operation-model/model.js';
import { withOperation, type OperationBodyOptions } from '../operation-body.js';
import { renderOperationPage } from '../render-operation.js';
import { modelFromMdx, type EndpointProblem } from './model-from-mdx.js';
import { isRecord } from '../../../parse/is-record.js';

/** The document an MDX endpoint is rendered with: its schemas are inline, nothing to resolve. */
const NO_DOCUMENT: unknown = Object.freeze({});

export interface MdxEndpointBodyInput {
  readonly page: SitePage;
  /** The page's rendered MDX body, with its `paramFields`. */
  readonly mdx: RenderedBody;
  readonly frontmatter: unknown;
  /** The page file as written: diagnostics point at the line of their frontmatter key. */
  readonly source: string;
  /** docs.json `api`. */
  readonly configApi: ApiConfig | undefined;
  readonly options: OperationBodyOptions;
}


function diagnostic(problem: EndpointProblem, file: string, source: string): Diagnostic {
  const position = parseFrontmatter(source).positions[problem.key];
  return createDiagnostic(problem.code, {
    message: problem.message,
    file,
    ...(position ? { line: position.line, column: position.column } : {}),
    ...(problem.hint !== undefined ? { hint: problem.hint } : {}),
  });
}

/**
 * An MDX page with `api:` frontmatter: the endpoint header (method, path with its parameters
 * marked, servers) and Authorization of its model (`modelFromMdx`) first, then the page's own
 * content (its ParamField list as written, its prose); the aside from `options.aside` with the
 * whole model: playground from the ParamFields, code samples, or the page's own
 * RequestExample/ResponseExample. When `api:` cannot be read, the MDX body alone with an
 * `mdx/api-invalid` diagnostic. `paramFields` are not passed on.
 */
export function withMdxEndpoint(input: MdxEndpointBodyInput): RenderedBody {
  const { paramFields = [], ...mdx } = input.mdx;
  const fm = isRecord(input.frontmatter) ? input.frontmatter : {};
  const endpoint = modelFromMdx({ api: fm.api, authMethod: fm.authMethod, deprecated: fm.deprecated, configApi: input.configApi, fields: paramFields });
  const diagnostics = endpoint.problems.map((p) => diagnostic(p, input.page.source, input.source));
  if (!endpoint.model) return { ...mdx, diagnostics: [...mdx.diagnostics, ...diagnostics] };
  const model = endpoint.model;
  // The body shows the endpoint and its authorization; parameters and body are the page's own fields.
  const shown: OperationModel = { ...model, parameters: [], requestBody: undefined };
  const aside = input.options.aside?.(model, NO_DOCUMENT);
  const operation = renderOperationPage({
    page: input.page,
    model: shown,
    document: NO_DOCUMENT,
    settings: input.options.display,
    markdownCache: input.options.markdownCache,
    ...(aside !== undefined ? { aside } : {}),
  });
  const merged = withOperation(mdx, operation);
  return { ...merged, diagnostics: [...merged.diagnostics, ...diagnostics] };
}
