import { createHash } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { forEachLimited, mapLimited } from '../project-fs/map-limited.js';
import { readProjectFile, readProjectText, resolveScope, type ReadScope } from '../project-fs/read-project-file.js';
import type { Project } from '../load/project.js';
import type { RenderedBody } from '../model/render.js';
import type { SitePage } from '../model/site.js';
import { codeFingerprint } from './code-fingerprint.js';
import type { ApiParts } from './api-parts.js';
import { hasApiFrontmatter } from './operation/mdx-endpoint/api-frontmatter.js';
import { resolveSpecifier } from './mdx/snippets/resolve-specifier.js';
import { operationDigests, type OperationDigests } from './operation/operation-digest.js';
import { digestOf, type RenderCache } from './render-cache.js';
import type { RenderPool } from './render-pool.js';
import { resolveRenderSettings, type RenderSettings } from './render-settings.js';
import type { GeneratedContext } from './generated-body.js';
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
  readonly onBody: (page: SitePage, body: RenderedBody, linked?: Omit<LinkedBody, 'body'>, bodyKey?: string) => Promise<void>;
  /**
   * Asked before a page is rendered, with the digest of everything its body is made from: true
   * when the caller has the page already (an incremental build), which is then not rendered.
   */
  readonly reuse?: (page: SitePage, bodyKey: string) => Promise<boolean>;
  /** Hand each body's key to `onBody` (an incremental build remembers pages by it); without it, none is made. */
  readonly keys?: boolean;
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

/** Snippet files as Mintlify has them: under `snippets/` (or the legacy `_snippets/`), or JavaScript components anywhere. */
export const SNIPPET = /^(_?snippets\/|.*\.(jsx|tsx|js)$)/;
/** Other files a page can import (Markdown, and what esbuild loads for a JSX snippet: load-jsx-snippet.ts). */
const IMPORTABLE = /\.(mdx?|[cm]?[jt]sx?|json|css|txt)$/i;
/** An import of a Markdown file in a page's source (`from '/components/intro.mdx'`). */
const MARKDOWN_IMPORT = /\bfrom\s*(['"])([^'"\n]+\.mdx?)\1/g;
const MDX = /\.mdx?$/i;
/** Pages looked at once by the reuse pass. */
const REUSE_CONCURRENCY = 32;

/** Snippet files read at the same time for the fingerprint. */
const FINGERPRINT_CONCURRENCY = 16;

/**
 * What every MDX body depends on beyond its own source, as one SHA-256 digest: Sheaf's code
 * (codeFingerprint), the variables and icons, and every file a page may import that is no page
 * and no API document (snippets; Markdown, scripts, JSON, CSS and text files) — read through the
 * load stage's reader under the page cap, as rendering reads them; one refused (a link out, over
 * the cap) counts as its refusal, which rendering reports. A page imported by another counts in
 * the importer's own key (renderBodies).
 */
async function sharedFingerprint(project: Project, scope: ReadScope, maxBytes: number, variables: Readonly<Record<string, string>>): Promise<string> {
  const api = new Set([...project.openapi.flatMap((d) => [d.index.file, ...(d.sources ?? [])]), ...(project.asyncapi ?? []).map((d) => d.index.file)]);
  // `project.files` holds the pages' files too: a page is not part of every body's key (an edit would
  // render every page again), only of the keys of the pages importing it.
  const pages = new Set(project.pages.map((p) => p.file));
  const snippets = project.files.filter((f) => (SNIPPET.test(f) || IMPORTABLE.test(f)) && !api.has(f) && !pages.has(f));
  const hashes = await mapLimited(snippets, FINGERPRINT_CONCURRENCY, async (f) => {
    const read = await readProjectFile(scope, path.join(project.root, f), maxBytes);
    return read.ok ? createHash('sha256').update(read.bytes).digest('hex') : `refused:${read.refusal.kind}`;
  });
  const hash = createHash('sha256');
  for (const part of [codeFingerprint(), JSON.stringify(variables), JSON.stringify(project.config.config.icons ?? null)]) hash.update(part).update('\u0000');
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
  if (pages.some((p) => !MDX.test(p.source))) pool.prepareGenerated(generatedContext);
  // Loaded with the first MDX page that documents an operation or channel.
  let apiParts: Promise<ApiParts> | undefined;
  const parts = (): Promise<ApiParts> => (apiParts ??= import('./api-parts.js').then((m) => m.createApiParts(project, generatedContext)));
  // What an API page's body is made from besides its source (reuse): an operation page, the parts of
  // its document it reaches (operation-digest.ts); any other (a channel, an `api:` page), every API document.
  let documentsKey: string | undefined;
  let operations: OperationDigests | undefined;
  const apiDigest = (page: SitePage): string => {
    const part = page.operation
      ? (operations ??= operationDigests(project.openapi)).of(page.operation)
      : (documentsKey ??= digestOf(project.openapi.map((d) => d.document), (project.asyncapi ?? []).map((d) => d.document)));
    return digestOf(part, settings.key, schema, api ?? null);
  };
  // Through the load stage's reader: a page over the byte cap (reported when it was loaded) is not rendered.
  const readSource = (file: string) => readProjectText(scope, path.join(project.root, file), policy.maxPageBytes);
  // The key of an MDX page's body in the render cache (its source, the pages it imports, what
  // every body depends on), and of everything the body is made from (with its API document's part).
  const pageSources = new Set(project.pages.map((p) => p.file));
  const mdxKeys = async (page: SitePage, source: string): Promise<{ key: string; bodyKey: string }> => {
    const imported: string[] = [];
    for (const match of source.matchAll(MARKDOWN_IMPORT)) {
      const target = resolveSpecifier(match[2] as string, page.source);
      if (target.kind !== 'file' || !pageSources.has(target.file) || imported.includes(target.file)) continue;
      imported.push(target.file);
    }
    const texts = await Promise.all(imported.map(async (f) => {
      const read = await readSource(f);
      return `${f}\n${read.ok ? read.text : `refused:${read.refusal.kind}`}`;
    }));
    const key = cache.key([shared, settings.key, page.source, source, ...texts]);
    const api = page.operation || page.channel || hasApiFrontmatter(frontmatterOf.get(page.source));
    return { key, bodyKey: api ? cache.key([key, apiDigest(page)]) : key };
  };
  const generatedKey = (page: SitePage): string => cache.key(['generated', apiDigest(page), JSON.stringify(input.links?.placeOf(page) ?? null)]);
  let cached = 0;
  let todo = pages;
  // The sources read by the reuse pass for pages it did not reuse, for their rendering.
  const reads = new Map<SitePage, Awaited<ReturnType<typeof readSource>>>();
  if (input.reuse) {
    // The caller's pages first, many at once (a read and a few stats each): only the rest are rendered.
    const reuse = input.reuse;
    const reused = await mapLimited(pages, REUSE_CONCURRENCY, async (page) => {
      if (!MDX.test(page.source)) {
        if (await reuse(page, generatedKey(page))) return true;
      } else {
        const read = await readSource(page.source);
        if (read.ok && (await reuse(page, (await mdxKeys(page, read.text)).bodyKey))) return true;
        reads.set(page, read);
      }
      // A page to render: the pool's threads start now, while the pass goes on.
      pool.warm();
      return false;
    });
    cached += reused.filter(Boolean).length;
    todo = pages.filter((_, i) => !reused[i]);
  }
  await forEachLimited(todo, input.concurrency, async (page) => {
      const isMdx = MDX.test(page.source);
      let body: RenderedBody;
      let linked: Omit<LinkedBody, 'body'> | undefined;
      let bodyKey: string | undefined;
      if (isMdx) {
        const read = reads.get(page) ?? (await readSource(page.source));
        reads.delete(page);
        const source = read.ok ? read.text : '';
        if (read.ok) {
          const keys = await mdxKeys(page, source);
          const key = keys.key;
          if (input.keys) bodyKey = keys.bodyKey;
          const hit = await cache.get(key);
          if (hit) cached += 1;
          body = hit ?? (await pool.run({ root: project.root, file: page.source, variables, policy, settings: settings.mdx, snippets: shared, ...(icons?.library ? { iconLibrary: icons.library } : {}) }, input.urgent));
          if (!hit) await cache.set(key, body);
        } else {
          body = { html: '<p class="render-failed">This page could not be read.</p>', headings: [], sections: [], markdown: '', features: [], diagnostics: [] };
        }
        const frontmatter = frontmatterOf.get(page.source);
        if (page.operation || page.channel || hasApiFrontmatter(frontmatter)) body = (await parts()).compose(page, body, source, frontmatter);
      } else {
        // Generated from an API document alone: in the pool's threads, which hold the documents (generated-body.ts).
        if (input.keys) bodyKey = generatedKey(page);
        ({ body, linked } = await pool.generated(page, input.links?.placeOf(page), input.urgent));
      }
      // markdown.schema (default true): the document's part for the page, at the end of its `.md` copy
      // (generated pages get theirs where they are rendered).
      if (isMdx && schema && (page.operation || page.channel)) {
        const specification = (await parts()).specification(page);
        if (specification !== undefined) body = { ...body, specification };
      }
      // styling.latex: true loads KaTeX's stylesheet on every page, math found or not.
      if (settings.latex === true && !body.features.includes('math')) body = { ...body, features: [...body.features, 'math'].sort() };
      await input.onBody(page, body, linked, bodyKey);
  });
  return { cached };
}
