import { originOf } from '../config/origins.js';
import type { Project } from '../load/project.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { UrlStyle } from '../model/url-style.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import type { NotFoundDescription } from '../render/layout/render-404.js';
import { rewriteBodyLinks } from '../render/links/rewrite-body-links.js';
import type { LinkTargets } from '../render/links/site-link.js';
import { markdownToText } from '../render/operation/markdown-html.js';

/**
 * docs.json `errors.404.description` rendered as MDX, as Mintlify documents it ("Supports MDX
 * formatting including links, bold, italic text, and custom components"): through the pages' own
 * renderer (components, snippets, variables), its links written for 404.html, which hosts serve
 * at any depth (root-absolute from `base`, the site's root path: `/quickstart/`, or
 * `/docs/quickstart/` under `--site-url https://…/docs/`; `/quickstart.html` in the `html` URL style). The renderer is loaded only when a
 * description is set. Its diagnostics point at the description in docs.json.
 */
export async function renderNotFoundDescription(
  project: Project,
  targets: LinkTargets,
  style: UrlStyle,
  base = '/',
): Promise<{ description?: NotFoundDescription; diagnostics: Diagnostic[] }> {
  const source = project.config.config.errors?.['404']?.description;
  if (source === undefined || !source.trim()) return { diagnostics: [] };
  const [{ renderMdx, createMdxCache }, { components }] = await Promise.all([import('../render/mdx/index.js'), import('../render/components/index.js')]);
  const { variables = {}, icons } = project.config.config;
  const body = await renderMdx({
    root: project.root,
    file: project.config.file,
    // A leading line break: a description starting with `---` is text, not frontmatter.
    source: `\n${source}`,
    variables,
    components,
    cache: createMdxCache(),
    policy: project.policy ?? DEFAULT_READ_POLICY,
    ...(icons?.library ? { componentSettings: { iconLibrary: icons.library } } : {}),
  });
  const at = originOf(project.config.origins, '/errors/404/description');
  const diagnostics = body.diagnostics.map((d): Diagnostic => {
    const { line: _line, column: _column, ...rest } = d;
    return { ...rest, file: at.file, pointer: at.pointer, message: `In \`errors.404.description\`: ${d.message}` };
  });
  const html = rewriteBodyLinks(body.html, { route: '/', base, style }, targets).html;
  return { description: { html, text: markdownToText(source), features: body.features }, diagnostics };
}
