import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { forEachLimited, mapLimited } from '../project-fs/map-limited.js';
import { readProjectFile, readProjectText, resolveScope, type ReadScope } from '../project-fs/read-project-file.js';
import type { Project } from '../load/project.js';
import type { RenderedBody } from '../model/render.js';
import type { SitePage } from '../model/site.js';
import { SHEAF_VERSION } from '../version.js';
import { apiAside } from './api-aside.js';
import { renderChannelBody, withChannel } from './asyncapi/channel-body.js';
import { operationDisplay, renderOperationBody, withOperation, type OperationBodyOptions } from './operation/index.js';
import { hasApiFrontmatter, withMdxEndpoint } from './operation/mdx-endpoint/mdx-endpoint-body.js';
import type { RenderCache } from './render-cache.js';
import type { RenderPool } from './render-pool.js';
import { resolveRenderSettings, type RenderSettings } from './render-settings.js';
import { pageSpecification, type GeneratedContext } from './generated-body.js';
import type { LinkedBody } from './links/link-body.js';
import type { LinkPlace, LinkTargets } from './links/site-link.js';

export interface RenderBodiesInput {
  readonly project: Project;
  readonly pages: readonly SitePage[];
  readonly pool: RenderPool;
  readonly cache: RenderCache;
  /**
   * Receives each body as soon as it is rendered (in completion order); with `linked`, the body's
   * links are resolved already, for the place `links.placeOf` gave (its `html` and `aside` are linked).
   */
  readonly onBody: (page: SitePage, body: RenderedBody, linked?: Omit<LinkedBody, 'body'>) => Promise<void>;
  /**
   * Resolve the links of generated pages where they are rendered (the pool's threads), each for
   * the place `placeOf` gives (none: not there); the caller resolves the others.
   */
  readonly links?: { readonly targets: LinkTargets; placeOf(page: SitePage): LinkPlace | undefined };
  /** Put these pages before any waiting in the pool (`sheaf dev`: a page a browser asked for, an edited page). */
  readonly urgent?: boolean;
  /** Pages rendered at once: enough to keep the pool's threads busy, few enough to bound memory. */
  readonly concurrency: number;
  /** docs.json code themes and `styling.latex`, when the caller resolved them already; else read here. */
  readonly settings?: RenderSettings;
}

const SNIPPET = /^(_?snippets\/|.*\.(jsx|tsx|js)$)/;

/** Snippet files read at the same time for the fingerprint. */
const FINGERPRINT_CONCURRENCY = 16;

/**
 * What every MDX body depends on beyond its own source, as one SHA-256 digest: Sheaf's version,
 * the renderer, the variables and icons, and every snippet file (under `snippets/` or `.js`,
 * `.jsx`, `.tsx`) — read through the load stage's reader under the page cap, as rendering reads
 * them; one refused (a link out, over the cap) counts as its refusal, which rendering reports.
 */
async function sharedFingerprint(project: Project, scope: ReadScope, maxBytes: number, variables: Readonly<Record<string, string>>): Promise<string> {
  const renderer = await stat(fileURLToPath(new URL('./mdx/render-mdx.js', import.meta.url))).catch(() =>
    stat(fileURLToPath(new URL('./mdx/render-mdx.ts', import.meta.url))),
  ).then((s) => String(s.mtimeMs), () => '');
  const snippets = project.files.filter((f) => SNIPPET.test(f));
  const hashes = await mapLimited(snippets, FINGERPRINT_CONCURRENCY, async (f) => {
    const read = await readProjectFile(scope, path.join(project.root, f), maxBytes);
    return read.ok ? createHash('sha256').update(read.bytes).digest('hex') : `refused:${read.refusal.kind}`;
  });
  const hash = createHash('sha256');
  for (const part of [SHEAF_VERSION, renderer, JSON.stringify(variables), JSON.stringify(project.config.config.icons ?? null)]) hash.update(part).update('\u0000');
  snippets.forEach((f, i) => hash.update(f).update('\n').update(hashes[i] as string).update('\u0000'));
  return hash.digest('hex');
}

/**
 * Renders the body of every page and hands it to `onBody`: MDX pages through the pool (cached by content hash), pages
 * generated from OpenAPI straight from the loaded document. An MDX page documenting an
 * operation shows the operation first, then its own content; so does one describing an endpoint
 * with `api:` frontmatter (its playground built from its ParamFields).
 */
export async function renderBodies(input: RenderBodiesInput): Promise<{ cached: number }> {
  const { project, pages, pool, cache } = input;
  const { variables = {}, icons, api } = project.config.config;
  const operationOptions: OperationBodyOptions = { display: operationDisplay(api), markdownCache: new Map() };
  const frontmatterOf = new Map(project.pages.map((p) => [p.file, p.frontmatter]));
  const policy = project.policy ?? DEFAULT_READ_POLICY;
  const scope = await resolveScope({ root: project.root, allowOutside: policy.allowOutside });
  const shared = await sharedFingerprint(project, scope, policy.maxPageBytes, variables);
  const settings = input.settings ?? (await resolveRenderSettings(project));
  const palette = settings.code.palette;
  const schema = project.config.config.markdown?.schema !== false;
  const generatedContext: GeneratedContext = {
    openapi: project.openapi,
    asyncapi: project.asyncapi ?? [],
    configApi: api,
    palette,
    schema,
    ...(input.links ? { targets: input.links.targets } : {}),
  };
  if (pages.some((p) => !/\.mdx?$/i.test(p.source))) pool.prepareGenerated(generatedContext);
  let cached = 0;
  await forEachLimited(pages, input.concurrency, async (page) => {
      const isMdx = /\.mdx?$/i.test(page.source);
      let body: RenderedBody;
      let linked: Omit<LinkedBody, 'body'> | undefined;
      if (isMdx) {
        // Through the load stage's reader: a page over the byte cap (reported when it was loaded) is not rendered.
        const read = await readProjectText(scope, path.join(project.root, page.source), policy.maxPageBytes);
        const source = read.ok ? read.text : '';
        if (read.ok) {
          const key = cache.key([shared, settings.key, page.source, source]);
          const hit = await cache.get(key);
          if (hit) cached += 1;
          body = hit ?? (await pool.run({ root: project.root, file: page.source, variables, policy, settings: settings.mdx, snippets: shared, ...(icons?.library ? { iconLibrary: icons.library } : {}) }, input.urgent));
          if (!hit) await cache.set(key, body);
        } else {
          body = { html: '<p class="render-failed">This page could not be read.</p>', headings: [], sections: [], markdown: '', features: [], diagnostics: [] };
        }
        const frontmatter = frontmatterOf.get(page.source);
        if (page.operation || hasApiFrontmatter(frontmatter)) {
          const mdx = body;
          const aside: OperationBodyOptions['aside'] = (model, document) =>
            apiAside({ model, document, configApi: api, frontmatter, palette, ...(mdx.aside !== undefined ? { mdxAside: mdx.aside } : {}) });
          body = page.operation
            ? withOperation(body, renderOperationBody(page, project.openapi, { ...operationOptions, aside }))
            : withMdxEndpoint({ page, mdx, frontmatter, source, configApi: api, options: { ...operationOptions, aside } });
          // The page's own class names (its MDX content) stay: the operation's markup is Sheaf's.
          if (mdx.classes) body = { ...body, classes: mdx.classes };
        } else if (page.channel) {
          body = withChannel(body, renderChannelBody(page, project.asyncapi ?? [], { configApi: api, frontmatter, markdownCache: operationOptions.markdownCache }));
        }
      } else {
        // Generated from an API document alone: in the pool's threads, which hold the documents (generated-body.ts).
        ({ body, linked } = await pool.generated(page, input.links?.placeOf(page), input.urgent));
      }
      // markdown.schema (default true): the document's part for the page, at the end of its `.md` copy
      // (generated pages get theirs where they are rendered).
      if (isMdx && schema && (page.operation || page.channel)) {
        const specification = pageSpecification(page, generatedContext);
        if (specification !== undefined) body = { ...body, specification };
      }
      // styling.latex: true loads KaTeX's stylesheet on every page, math found or not.
      if (settings.latex === true && !body.features.includes('math')) body = { ...body, features: [...body.features, 'math'].sort() };
      await input.onBody(page, body, linked);
  });
  return { cached };
}
