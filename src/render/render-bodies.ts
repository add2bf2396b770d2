import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_READ_POLICY } from '../load/read-policy.js';
import { readProjectText, resolveScope } from '../load/read-project-file.js';
import type { Project } from '../model/project.js';
import type { RenderedBody } from '../model/render.js';
import type { SitePage } from '../model/site.js';
import { SHEAF_VERSION } from '../version.js';
import type { IconLibrary } from './components/index.js';
import { apiAside } from './api-aside.js';
import { renderOperationBody, withOperation, type OperationBodyOptions } from './operation/index.js';
import { hasApiFrontmatter, withMdxEndpoint } from './operation/mdx-endpoint/mdx-endpoint-body.js';
import type { RenderCache } from './render-cache.js';
import type { RenderPool } from './render-pool.js';

export interface RenderBodiesInput {
  readonly project: Project;
  readonly pages: readonly SitePage[];
  readonly pool: RenderPool;
  readonly cache: RenderCache;
  /** Receives each body as soon as it is rendered (in completion order). */
  readonly onBody: (page: SitePage, body: RenderedBody) => Promise<void>;
  /** Pages rendered at once: enough to keep the pool's threads busy, few enough to bound memory. */
  readonly concurrency: number;
}

const SNIPPET = /^(_?snippets\/|.*\.(jsx|tsx|js)$)/;

/** What every MDX body depends on beyond its own source: the renderer and every snippet file. */
async function sharedFingerprint(project: Project, variables: Readonly<Record<string, string>>): Promise<string> {
  const renderer = await stat(fileURLToPath(new URL('./mdx/render-mdx.js', import.meta.url))).catch(() =>
    stat(fileURLToPath(new URL('./mdx/render-mdx.ts', import.meta.url))),
  ).then((s) => String(s.mtimeMs), () => '');
  const snippets = project.files.filter((f) => SNIPPET.test(f));
  const texts = await Promise.all(snippets.map((f) => readFile(path.join(project.root, f), 'utf8').catch(() => '')));
  return [SHEAF_VERSION, renderer, JSON.stringify(variables), JSON.stringify(project.config.config['icons'] ?? null), ...snippets.map((f, i) => `${f}\n${texts[i]}`)].join('\u0000');
}

/**
 * Renders the body of every page and hands it to `onBody`: MDX pages through the pool (cached by content hash), pages
 * generated from OpenAPI straight from the loaded document. An MDX page documenting an
 * operation shows the operation first, then its own content; so does one describing an endpoint
 * with `api:` frontmatter (its playground built from its ParamFields).
 */
export async function renderBodies(input: RenderBodiesInput): Promise<{ cached: number }> {
  const { project, pages, pool, cache } = input;
  const variables = (project.config.config['variables'] ?? {}) as Record<string, string>;
  const icons = project.config.config['icons'] as { library?: IconLibrary } | undefined;
  const shared = await sharedFingerprint(project, variables);
  const api = project.config.config['api'] as { params?: { expanded?: 'all' | 'closed' } } | undefined;
  const operationOptions: OperationBodyOptions = { paramsExpanded: api?.params?.expanded ?? 'closed', markdownCache: new Map() };
  const frontmatterOf = new Map(project.pages.map((p) => [p.file, p.frontmatter]));
  const policy = project.policy ?? DEFAULT_READ_POLICY;
  const scope = await resolveScope({ root: project.root, allowOutside: policy.allowOutside });
  let cached = 0;
  await forEachLimited(pages, input.concurrency, async (page) => {
      const isMdx = /\.mdx?$/i.test(page.source);
      let body: RenderedBody;
      if (isMdx) {
        // Through the load stage's reader: a page over the byte cap (reported when it was loaded) is not rendered.
        const read = await readProjectText(scope, path.join(project.root, page.source), policy.maxPageBytes);
        const source = read.ok ? read.text : '';
        if (read.ok) {
          const key = cache.key([shared, page.source, source]);
          const hit = await cache.get(key);
          if (hit) cached += 1;
          body = hit ?? (await pool.run({ root: project.root, file: page.source, variables, policy, ...(icons?.library ? { iconLibrary: icons.library } : {}) }));
          if (!hit) await cache.set(key, body);
        } else {
          body = { html: '<p class="render-failed">This page could not be read.</p>', headings: [], sections: [], markdown: '', features: [], diagnostics: [] };
        }
        const frontmatter = frontmatterOf.get(page.source);
        if (page.operation || hasApiFrontmatter(frontmatter)) {
          const mdx = body;
          const aside: OperationBodyOptions['aside'] = (model, document) =>
            apiAside({ model, document, configApi: api, frontmatter, ...(mdx.aside !== undefined ? { mdxAside: mdx.aside } : {}) });
          body = page.operation
            ? withOperation(body, renderOperationBody(page, project.openapi, { ...operationOptions, aside }))
            : withMdxEndpoint({ page, mdx, frontmatter, source, configApi: api, options: { ...operationOptions, aside } });
        }
      } else {
        body = renderOperationBody(page, project.openapi, { ...operationOptions, aside: (model, document) => apiAside({ model, document, configApi: api }) });
      }
      await input.onBody(page, body);
  });
  return { cached };
}

/** Runs `fn` over `items` with at most `limit` calls in flight, in order of start. */
async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
