import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteAssets } from '../render/layout/types.js';
import { matchMintlifyHrefs } from './href-selectors.js';
import { MissingAssetError } from './missing-asset-error.js';
import { shortHash, type OutputFile } from './output-file.js';
import { TAILWIND_CSS, TAILWIND_FEATURE } from './tailwind-stylesheet.js';

const require = createRequire(import.meta.url);
/**
 * Sheaf's own browser files: the scripts esbuild bundles from `src/client` into `dist/client`
 * (scripts/build-client.mjs; running from sources, as the tests do, those in `dist/`), and
 * `src/render/styles` (copied to `dist/` by the build).
 */
const CLIENT_DIR = fileURLToPath(import.meta.url.endsWith('.js') ? new URL('../client/', import.meta.url) : new URL('../../dist/client/', import.meta.url));
const STYLES_DIR = fileURLToPath(new URL('../render/styles/', import.meta.url));

/** Stylesheets and scripts every page loads, in this order. Each must exist (`readOwn`). */
const CSS = ['base.css', 'layout.css', 'components.css', 'operation.css', 'playground.css', 'asyncapi.css', 'background.css', 'directory.css', 'themes.css'];
const JS = ['theme.js', 'nav.js', 'components.js', 'search.js', 'playground.js'];
/** Added after those when the site has the Ask AI panel, so sites without it get none of it. */
const ASSISTANT_CSS = ['assistant.css'];
const ASSISTANT_JS = ['assistant.js'];
/** Added when some page has the contextual menu (docs.json `contextual`, or a page's own). */
const CONTEXTUAL_CSS = ['contextual.css'];
const CONTEXTUAL_JS = ['contextual.js'];

/** Sheaf's folder (the package root, from `dist/emit/` and `src/emit/` alike): missing files are named relative to it. */
const SHEAF_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * One of Sheaf's own browser files. A missing one is an error naming it and `npm run build`
 * (which bundles the scripts and copies the stylesheets), never an empty script or stylesheet.
 */
export function readOwn(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const shown = path.relative(SHEAF_ROOT, file).split(path.sep).join('/');
    throw new MissingAssetError(`Sheaf's browser file ${shown} is missing: run \`npm run build\` in Sheaf's folder (${SHEAF_ROOT.replace(/[\\/]$/, '')}) to make it.`);
  }
}

export interface ProjectStyles {
  /** Custom `.css` files at the project's root, loaded site-wide (Mintlify behaviour). */
  readonly css: readonly { readonly file: string; readonly text: string }[];
  /** Custom `.js` files at the project's root; left out of air-gapped builds. */
  readonly js: readonly { readonly file: string; readonly text: string }[];
}

/**
 * The inline head script (src/client/theme-head.ts, bundled): it sets the colour mode before the
 * first paint, so it cannot be a file loaded later. Its trailing newline is dropped.
 */
const HEAD_SCRIPT = 'theme-head.js';
/** Draws the diagrams once Mermaid has loaded (src/client/mermaid-init.ts, bundled), on pages with a diagram. */
const MERMAID_INIT = 'mermaid-init.js';

/** The Mermaid start script's code and its hashed site path. */
interface MermaidInit {
  readonly path: string;
  readonly code: string;
}

/** Files of each page feature, by output path; only the features some page uses are written. */
function featureFiles(feature: string, mermaidInit: MermaidInit): OutputFile[] {
  if (feature === 'math') {
    const dist = path.dirname(require.resolve('katex/dist/katex.min.css'));
    return [
      { path: '_sheaf/katex/katex.min.css', copyFrom: path.join(dist, 'katex.min.css') },
      ...readdirSync(path.join(dist, 'fonts'))
        .filter((f) => f.endsWith('.woff2'))
        .map((font) => ({ path: `_sheaf/katex/fonts/${font}`, copyFrom: path.join(dist, 'fonts', font) })),
    ];
  }
  if (feature === 'mermaid') {
    return [
      { path: '_sheaf/mermaid.min.js', copyFrom: require.resolve('mermaid/dist/mermaid.min.js') },
      { path: mermaidInit.path, content: mermaidInit.code },
    ];
  }
  return [];
}

/** The stylesheets and scripts of each page feature, as pages link them. */
const featureAssets = (mermaidInit: MermaidInit): SiteAssets['features'] => ({
  math: { css: ['_sheaf/katex/katex.min.css'] },
  mermaid: { js: ['_sheaf/mermaid.min.js', mermaidInit.path] },
  // Written by emit-site.ts from the classes of every page (a stable name: see tailwind-stylesheet.ts).
  [TAILWIND_FEATURE]: { css: [TAILWIND_CSS] },
});

/**
 * The site's own assets under `_sheaf/`: one hashed stylesheet and one hashed script made of
 * Sheaf's files plus the project's custom ones (their CSS selectors on Mintlify's root-absolute
 * hrefs widened to Sheaf's `data-href`: `matchMintlifyHrefs`), and per-feature assets (KaTeX for math,
 * Mermaid) at fixed paths. `files` holds the common ones; `featureFiles(used)` the rest, to be
 * written only for the features some page used.
 */
export function buildSiteAssets(
  project: ProjectStyles,
  extraClientFiles: readonly string[],
  options: { readonly assistant?: boolean; readonly contextual?: boolean; readonly codeCss?: string } = {},
): { files: OutputFile[]; assets: Omit<SiteAssets, 'files' | 'searchIndex'>; featureFiles: (used: ReadonlySet<string>) => OutputFile[] } {
  const cssFiles = [...CSS, ...(options.assistant ? ASSISTANT_CSS : []), ...(options.contextual ? CONTEXTUAL_CSS : [])];
  const jsFiles = [...JS, ...(options.assistant ? ASSISTANT_JS : []), ...(options.contextual ? CONTEXTUAL_JS : [])];
  // The code theme's rules (render/code-theme/code-surface-css.ts) after Sheaf's styles, before the project's.
  const css = [...cssFiles.map((f) => readOwn(path.join(STYLES_DIR, f))), ...(options.codeCss ? [options.codeCss] : []), ...project.css.map((c) => `/* ${c.file} */\n${matchMintlifyHrefs(c.text)}`)].join('\n');
  const js = [...jsFiles.map((f) => readOwn(path.join(CLIENT_DIR, f))), ...project.js.map((c) => `/* ${c.file} */\n;${c.text}`)].join('\n;\n');
  const mermaidCode = readOwn(path.join(CLIENT_DIR, MERMAID_INIT));
  const mermaidInit: MermaidInit = { path: `_sheaf/mermaid-init.${shortHash(mermaidCode)}.js`, code: mermaidCode };
  const cssPath = `_sheaf/sheaf.${shortHash(css)}.css`;
  const jsPath = `_sheaf/sheaf.${shortHash(js)}.js`;
  const files: OutputFile[] = [
    { path: cssPath, content: css },
    { path: jsPath, content: js },
    ...extraClientFiles.map((f) => ({ path: `_sheaf/${path.basename(f)}`, copyFrom: f })),
  ];
  return {
    files,
    assets: { css: [cssPath], js: [jsPath], headScript: readOwn(path.join(CLIENT_DIR, HEAD_SCRIPT)).trimEnd(), features: featureAssets(mermaidInit) },
    featureFiles: (used) => [...used].sort().flatMap((feature) => featureFiles(feature, mermaidInit)),
  };
}
