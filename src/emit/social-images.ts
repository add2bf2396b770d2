import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Project } from '../load/project.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site, SitePage } from '../model/site.js';
import { forEachLimited } from '../project-fs/map-limited.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { resolveScope } from '../project-fs/read-project-file.js';
import type { RenderPool } from '../render/render-pool.js';
import type { ImageCache } from '../render/social-image/image-cache.js';
import { interCoverage, loadCardTheme } from '../render/social-image/social-image-assets.js';
import { socialImagePath } from '../render/social-image/social-image-path.js';
import { pageHasOwnImage, readSocialImageSettings } from '../render/social-image/social-image-settings.js';
import type { CardText, CardTheme } from '../render/social-image/social-image-task.js';
import { SHEAF_VERSION } from '../version.js';
import { firstGroupOf } from './nav-groups.js';
import { publicSiteUrl } from './site-url.js';
import type { SiteWriter } from './write-site.js';

const require = createRequire(import.meta.url);

/** Longest title and description drawn, in characters: the card shows 2 lines of each; this bounds satori's work on a huge one. */
const MAX_TITLE = 300;
const MAX_DESCRIPTION = 600;
/** Files looked at once when kept images are checked (a stat each). */
const KEEP_CONCURRENCY = 32;

export interface SocialImagesInput {
  readonly project: Project;
  readonly site: Site;
  readonly pool: RenderPool;
  readonly cache: ImageCache;
  readonly writer: SiteWriter;
  /** The site's public URL (`--site-url`): the images' URLs are absolute under it. */
  readonly siteUrl?: string;
  /** Images in flight at once: enough to keep the pool's threads busy beside the pages. */
  readonly concurrency: number;
}

export interface SocialImages {
  /** The site's public URL the pages link their images under; absent: page-relative links. */
  readonly siteUrl?: string;
  /** Resolves once the image of `route` is written: true, or false when the page has none (its own `og:image`, a failure). */
  has(route: string): Promise<boolean>;
  /** Resolves when every image is written: how many were drawn, taken from the cache, and the diagnostics. */
  readonly done: Promise<{ readonly drawn: number; readonly cached: number; readonly diagnostics: readonly Diagnostic[] }>;
}

/**
 * Starts drawing the social preview image of every page, when the project asks for them
 * (`readSocialImageSettings`); `undefined` when it does not, before anything is read or loaded.
 * Images are drawn by the render pool beside the page bodies (satori and resvg load in its
 * threads on the first image), cached by content hash, and written to `_sheaf/og/<route>.png`.
 * A page whose frontmatter names its own `og:image` gets none.
 */
export async function startSocialImages(input: SocialImagesInput): Promise<SocialImages | undefined> {
  const { project, site } = input;
  const settings = readSocialImageSettings(project.config.config);
  if (!settings) return undefined;
  const policy = project.policy ?? DEFAULT_READ_POLICY;
  const scope = await resolveScope({ root: project.root, allowOutside: policy.allowOutside });
  const loaded = await loadCardTheme({ config: project.config, settings, root: project.root, scope, maxBytes: policy.maxPageBytes });
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const siteUrl = publicSiteUrl(input.siteUrl, project.config.config);
  if (!siteUrl) {
    diagnostics.push(
      createDiagnostic('build/social-image-url', {
        message: `The social preview images (asked for by \`${settings.askedBy}\`) are linked by page-relative URLs: no site URL is known, and social networks read only absolute ones.`,
        file: project.config.file,
        hint: 'Pass `--site-url https://docs.example.com/` to `sheaf build`, or set `seo.metatags.canonical` to the site\'s URL.',
      }),
    );
  }
  const frontmatter = new Map(project.pages.map((p) => [p.file, p.frontmatter]));
  // Drawn in Inter alone (no project font): characters it has no glyph for are left out of the
  // cards, not drawn as boxes. A project's own font is trusted to hold what its pages need.
  const covers = loaded.theme.fonts.some((f) => f.name !== undefined) ? undefined : await interCoverage();
  const missing = new Map<string, number>();
  let pagesMissing = 0;
  // Every card is tried with the whole theme (a page falling back never changes how the others
  // are drawn, whatever order they finish in: the output stays the same from build to build).
  const themeKey = await themeFingerprint(loaded.theme);
  const results = new Map<string, { promise: Promise<boolean>; resolve: (drawn: boolean) => void }>();
  const pages = site.pages.filter((page) => {
    if (pageHasOwnImage(frontmatter.get(page.source))) return false;
    let resolve: (drawn: boolean) => void = () => {};
    const promise = new Promise<boolean>((r) => (resolve = r));
    results.set(page.route, { promise, resolve });
    return true;
  });
  let drawn = 0;
  let cached = 0;
  // Each failure of the theme's images is the same on every page: said once.
  const droppedSaid = new Set<string>();
  // Each card's text and key, then the images the last build wrote from the same key and that are
  // as it left them (an incremental build): kept many at once, before any is drawn.
  const cards = new Map(
    pages.map((page) => {
      const card = cardText(page, site, settings.siteName, covers);
      if (card.missing.length) {
        pagesMissing += 1;
        for (const c of card.missing) missing.set(c, (missing.get(c) ?? 0) + 1);
      }
      return [page.route, { text: card.text, key: createHash('sha256').update(themeKey).update('\u0000').update(JSON.stringify(card.text)).digest('hex') }];
    }),
  );
  const kept = new Set<string>();
  await forEachLimited(pages, KEEP_CONCURRENCY, async (page) => {
    const card = cards.get(page.route);
    if (card && (await input.writer.keep(socialImagePath(page.route), card.key))) {
      kept.add(page.route);
      cached += 1;
      results.get(page.route)?.resolve(true);
    }
  });
  const done = forEachLimited(pages.filter((p) => !kept.has(p.route)), input.concurrency, async (page) => {
    const entry = results.get(page.route);
    let ok = false;
    try {
      const { text, key } = cards.get(page.route) as { text: CardText; key: string };
      let png = await input.cache.get(key);
      let clean = true;
      if (png) cached += 1;
      else {
        const result = await input.pool.image({ text, theme: loaded.theme });
        if (!result.ok) {
          diagnostics.push(
            createDiagnostic('build/social-image-failed', {
              message: `The social preview image of \`${page.route}\` could not be drawn (${result.reason}); the page has no \`og:image\`.`,
              file: page.source,
              hint: 'This is a bug in Sheaf: report the message with the page title. The page is complete otherwise.',
            }),
          );
          return;
        }
        for (const d of result.dropped) {
          if (droppedSaid.has(d.name)) continue;
          droppedSaid.add(d.name);
          diagnostics.push(
            createDiagnostic('build/social-image-asset', {
              message: `The file \`${d.name}\` is left out of the social preview images: they could not be drawn with it (${d.reason}); they are drawn without the project's images and fonts.`,
              file: project.config.file,
              hint: 'Open the file in an image viewer or font tool; save it again (PNG, JPEG or SVG; TTF, OTF or WOFF).',
            }),
          );
        }
        png = result.png;
        drawn += 1;
        // An image drawn without a theme image that failed is not cached: the next build says why again.
        clean = result.dropped.length === 0;
        if (clean) await input.cache.set(key, png);
      }
      // Written under its key when it is the image of the key (one drawn without a failed theme image is not).
      await input.writer.write({ path: socialImagePath(page.route), content: png }, clean ? key : undefined);
      ok = true;
    } catch (error) {
      diagnostics.push(
        createDiagnostic('build/write-failed', {
          message: `The social preview image of \`${page.route}\` could not be written: ${error instanceof Error ? error.message : String(error)}`,
          file: page.source,
          line: 1,
          column: 1,
          hint: 'Shorten or rename the page path.',
        }),
      );
    } finally {
      entry?.resolve(ok);
    }
  }).then(() => {
    if (pagesMissing) diagnostics.push(missingGlyphs(pagesMissing, missing, project.config.file));
    return { drawn, cached, diagnostics };
  });
  return {
    ...(siteUrl ? { siteUrl } : {}),
    has: (route) => results.get(route)?.promise ?? Promise.resolve(false),
    done,
  };
}

/** Joiners and variation selectors of emoji sequences: left out with the emoji, never named. */
const SEQUENCE_MARK = /[\u200d\ufe00-\ufe0f]/u;

/**
 * The text of a page's card: its title and description (on one line, capped), its outermost
 * navigation group, the site name. With `covers`, what it does not cover is left out (and listed
 * in `missing`): a symbol alone (an emoji), but a whole text when one of its letters or digits is
 * not covered — a Chinese title with one Latin word must not show as that word. A title left out
 * is the site name; a description or group left out is not drawn.
 */
export function cardText(page: SitePage, site: Site, siteName: string, covers?: (codePoint: number) => boolean): { text: CardText; missing: readonly string[] } {
  const missing: string[] = [];
  const clean = (s: string, max: number): string => {
    let kept = '';
    let lost = false;
    for (const c of s) {
      if (!covers || /\s/u.test(c) || covers(c.codePointAt(0) as number)) kept += c;
      else {
        if (!SEQUENCE_MARK.test(c)) missing.push(c);
        if (/[\p{L}\p{N}]/u.test(c)) lost = true;
      }
    }
    const one = lost ? '' : kept.replace(/\s+/g, ' ').trim();
    const text = /[\p{L}\p{N}]/u.test(one) ? one : '';
    return [...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text;
  };
  const title = clean(page.title, MAX_TITLE) || clean(siteName, MAX_TITLE) || siteName;
  const description = page.description ? clean(page.description, MAX_DESCRIPTION) : '';
  const eyebrow = clean(firstGroupOf(site.navigation, page.route), MAX_TITLE);
  return { text: { title, ...(description ? { description } : {}), ...(eyebrow ? { eyebrow } : {}), siteName }, missing };
}

/** The info that some cards leave out characters no font of the build draws, naming the first few. */
function missingGlyphs(pages: number, missing: ReadonlyMap<string, number>, file: string): Diagnostic {
  const shown = [...missing.keys()].slice(0, 5).map((c) => `\`${c}\``).join(', ');
  const more = missing.size > 5 ? ` and ${missing.size - 5} more` : '';
  return createDiagnostic('build/social-image-font', {
    message: `The social preview images of ${pages} ${pages === 1 ? 'page leave' : 'pages leave'} out characters Inter has no glyph for (${shown}${more}); a title or description with a letter Inter lacks is left out whole, a title showing the site name instead.`,
    file,
    hint: 'To draw them, add a font file that has them (.ttf, .otf or .woff) to the project, name it in docs.json `fonts` (`source`) and its family in `thumbnails.fonts.family`.',
  });
}

/**
 * What every image of a build is drawn from beyond its text, as one SHA-256 digest: Sheaf's
 * version, satori's version, resvg's WebAssembly module, the card's layout and renderer modules,
 * and the theme (palette, the hashes of the logo, background and font files).
 */
async function themeFingerprint(theme: CardTheme): Promise<string> {
  const here = (file: string) => fileURLToPath(new URL(`../render/social-image/${file}`, import.meta.url));
  const own = await Promise.all(
    ['card-layout', 'render-social-image'].map((name) => readFile(here(`${name}.js`)).catch(() => readFile(here(`${name}.ts`)))),
  );
  const satoriVersion = (require('satori/package.json') as { version: string }).version;
  const resvg = await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm'));
  const hash = createHash('sha256');
  const parts = [
    SHEAF_VERSION,
    satoriVersion,
    createHash('sha256').update(resvg).digest('hex'),
    ...own.map((b) => createHash('sha256').update(b).digest('hex')),
    JSON.stringify(theme.palette),
    theme.family,
    theme.logo?.hash ?? '',
    theme.logo?.mime ?? '',
    theme.background?.hash ?? '',
    theme.background?.mime ?? '',
    ...theme.fonts.map((f) => `${f.family}/${f.weight}/${f.hash}`),
  ];
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}
