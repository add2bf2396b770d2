/**
 * The stage order of src/ (dependency-cruiser 17), checked in `npm test` by
 * test/structure/stage-order.test.ts; `npx depcruise src --config .dependency-cruiser.mjs` runs the
 * same check by hand.
 *
 * A folder may import its own modules and those of folders ranked below it, never one ranked
 * above: the data flows load → resolve → render → emit → pack, and each stage is built from the
 * folders below it. Type-only imports count as well (a type is a dependency too).
 */

/**
 * The folders of src/, lowest first, each with its one concern. `src/version.ts` ranks with the
 * lowest, `src/index.ts` (the public API, re-exports only) above all.
 */
export const STAGE_ORDER = [
  'model', //       the data passed between stages: types and a few constants, importing nothing outside model/
  'search-text', // how search splits text into terms: one tokenizer for the index, the page and the assistant
  'text', //        string operations in linear time (trims, delimited replacements) where a pattern would backtrack
  'parameter-style', // OpenAPI parameter serialization (style, explode): one for the code samples and the Try-it request
  'parse', //       strict JSON and YAML reading with nesting limits
  'diagnostics', // the codes catalogue, positions, formatters
  'project-fs', //  safe access to a project's files: read policy, scope, refusals, the walk
  'config', //      docs.json: schema, reading with positions, mint.json upgrade
  'openapi', //     OpenAPI documents: loading, references, the operation model, examples
  'asyncapi', //    AsyncAPI documents: loading, the channel index and the channel model
  'deployment', //  what a deployment profile turns on: features, assistant settings
  'load', //        the load stage: a project's config, pages and OpenAPI documents
  'resolve', //     the resolve stage: navigation, routes, links (pure)
  'render', //      the render stage: MDX, components, operation pages, layout
  'emit', //        the emit stage: site files, search index, sitemap, llms.txt
  'bundle', //      the pack stage: archive and manifest
  'api', //         build, check, exportBundle: the stages in order, with the build policy
  'export', //      the sandboxed export child, its runner and source snapshot
  'server', //      the export service, the assistant, sheaf host
  'cli', //         commander: flags -> options -> API -> formatted diagnostics
];

/** Browser code: bundled by esbuild for the pages; it may import only types from model/. */
export const BROWSER_FOLDER = 'client';

/**
 * Code the pages run exactly as the build does, so the browser bundles it too (values, not only
 * types): the search tokenizer, which must split a reader's query as the build split the index.
 * One folder per such concern, named for it; never a catch-all "shared" folder, and never code in
 * model/, which holds data shapes. It imports nothing at all (no Node, no package, no other
 * folder), so nothing of the server side can reach a page through it.
 */
export const BROWSER_SHARED_FOLDERS = ['search-text', 'text', 'parameter-style'];

const folders = (list) => `^src/(${list.join('|')})/`;

/** One rule per rank: its folder may not import a folder ranked above it. */
const stageRules = STAGE_ORDER.slice(0, -1).map((folder, rank) => ({
  name: `stage-order:${folder}`,
  comment: `src/${folder}/ may import only ${STAGE_ORDER.slice(0, rank + 1).join(', ')} (and src/version.ts): the folders above it are later stages.`,
  severity: 'error',
  from: { path: `^src/${folder}/` },
  to: { path: [folders(STAGE_ORDER.slice(rank + 1)), '^src/index\\.ts$'] },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...stageRules,
    {
      name: 'stage-order:version',
      comment: 'src/version.ts ranks lowest: it imports nothing of src/.',
      severity: 'error',
      from: { path: '^src/version\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'stage-order:public-api',
      comment: 'src/index.ts is the top: nothing in src/ imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/index\\.ts$' },
      to: { path: '^src/index\\.ts$' },
    },
    {
      name: 'browser:only-model',
      comment: 'Browser code imports only its own modules, types from src/model/ and the folders it shares with the build (BROWSER_SHARED_FOLDERS).',
      severity: 'error',
      from: { path: `^src/${BROWSER_FOLDER}/` },
      to: { path: '^src/', pathNot: [`^src/${BROWSER_FOLDER}/`, '^src/model/', folders(BROWSER_SHARED_FOLDERS)] },
    },
    {
      name: 'browser:shared-self-contained',
      comment: 'A folder shared with the browser imports nothing outside itself (no Node built-in, no package, no other folder of src/): all of it is bundled into pages.',
      severity: 'error',
      from: { path: folders(BROWSER_SHARED_FOLDERS) },
      to: { pathNot: folders(BROWSER_SHARED_FOLDERS) },
    },
    {
      name: 'browser:model-types-only',
      comment: 'Browser code imports src/model/ for types only (import type): nothing of it reaches the bundle.',
      severity: 'error',
      from: { path: `^src/${BROWSER_FOLDER}/` },
      to: { path: '^src/model/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser:not-imported',
      comment: 'Browser code runs in the page: the server side reads the esbuild bundles, never imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/${BROWSER_FOLDER}/` },
      to: { path: `^src/${BROWSER_FOLDER}/` },
    },
    {
      name: 'one-html-renderer',
      comment: "Elements become HTML through src/render/render-to-string.ts alone, which loads preact/compat first: a page's bytes must not depend on what its process loaded before.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/render/render-to-string\\.ts$' },
      to: { path: 'node_modules/preact-render-to-string/' },
    },
    {
      name: 'resolvable',
      comment: 'A relative import that does not resolve would hide its edge from every rule above.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true, path: '^\\.' },
    },
  ],
  options: {
    // Type-only imports are dependencies too: a type from a later stage ties the earlier to it.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules/', '\\.d\\.ts$'] },
  },
};
