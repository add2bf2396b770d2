import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildResult } from '../../src/api/build.js';
import { decodePng, solidPng } from '../render/social-image/png.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/social-images');
const require = createRequire(import.meta.url);

/** The fixture copied to a new folder, docs.json changed by `edit`, `files` added. */
async function project(edit: (docs: Record<string, unknown>) => void = () => {}, files: Readonly<Record<string, string | Uint8Array>> = {}): Promise<string> {
  const root = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-og-')), 'docs');
  await cp(FIXTURE, root, { recursive: true });
  const docs = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
  edit(docs);
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return root;
}

async function buildAt(root: string, options: Partial<BuildOptions> = {}): Promise<{ result: BuildResult; out: string }> {
  const out = path.join(path.dirname(root), `site-${Math.random().toString(36).slice(2)}`);
  const result = await build({ root, outDir: out, cacheDir: false, ...options });
  expect(result.errorCount).toBe(0);
  return { result, out };
}

/** The images written, site-relative, sorted. */
async function images(out: string): Promise<string[]> {
  const dir = path.join(out, '_sheaf/og');
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(out, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}

/** The `og:*` and `twitter:*` meta tags of a written page, in document order. */
async function socialMeta(out: string, page: string): Promise<[string, string][]> {
  const html = await readFile(path.join(out, page), 'utf8');
  return [...html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]*)" content="([^"]*)"\/>/g)].map((m) => [m[1] as string, m[2] as string]);
}

const socialCodes = (result: BuildResult) => result.diagnostics.filter((d) => d.code.startsWith('build/social-image'));
const WRITTEN = ['_sheaf/og/guides/notes.png', '_sheaf/og/index.png', '_sheaf/og/quickstart.png'];
const SITE = 'https://docs.acme.test/';
const tagsFor = (url: string): [string, string][] => [
  ['og:image', url],
  ['og:image:height', '630'],
  ['og:image:width', '1200'],
  ['twitter:card', 'summary_large_image'],
  ['twitter:image', url],
  ['twitter:image:height', '630'],
  ['twitter:image:width', '1200'],
];

describe('social preview images: a project with `thumbnails` (dark appearance)', () => {
  let root: string;
  let first: { result: BuildResult; out: string };
  beforeAll(async () => {
    root = await project();
    first = await buildAt(root, { siteUrl: SITE });
  });

  it('writes one 1200 × 630 PNG per page, none for the page with its own og:image', async () => {
    expect(await images(first.out)).toEqual(WRITTEN);
    expect(first.result.stats?.pages).toBe(4);
    expect(first.result.stats?.socialImages).toEqual({ drawn: 3, cached: 0 });
    for (const file of WRITTEN) {
      const png = decodePng(await readFile(path.join(first.out, file)));
      expect([png.width, png.height], file).toEqual([1200, 630]);
    }
    expect(socialCodes(first.result)).toEqual([]);
  });

  it('draws the dark card: the accent stripe (colors.light), the dark background, the dark logo', async () => {
    const png = decodePng(await readFile(path.join(first.out, '_sheaf/og/quickstart.png')));
    expect(png.pixel(600, 4)).toBe('#55d799');
    expect(png.pixel(1190, 620)).toBe('#0c0d0f');
    // Inside the logo's rounded square (logo/dark.svg fills it with #55D799; light.svg with #0D9373).
    expect(png.pixel(84, 100)).toBe('#55d799');
  });

  it('names the image in <head>: og:image and twitter:image, absolute under the site URL, with their sizes', async () => {
    expect(await socialMeta(first.out, 'quickstart/index.html')).toEqual(tagsFor('https://docs.acme.test/_sheaf/og/quickstart.png'));
    expect(await socialMeta(first.out, 'guides/notes/index.html')).toEqual(tagsFor('https://docs.acme.test/_sheaf/og/guides/notes.png'));
    expect(await socialMeta(first.out, 'index.html')).toEqual(tagsFor('https://docs.acme.test/_sheaf/og/index.png'));
  });

  it('leaves a page’s own og:image alone (frontmatter wins) and draws nothing for it', async () => {
    expect(await socialMeta(first.out, 'guides/sharing/index.html')).toEqual([['og:image', 'https://cdn.example.com/sharing.png']]);
  });

  it('is byte-deterministic: a second build writes the same PNG bytes', async () => {
    const again = await buildAt(root, { siteUrl: SITE });
    for (const file of WRITTEN) {
      expect(Buffer.compare(await readFile(path.join(again.out, file)), await readFile(path.join(first.out, file))), file).toBe(0);
    }
  });

  it('caches by content hash: the next build takes every image from the cache, the same bytes', async () => {
    const cacheDir = path.join(path.dirname(root), 'cache');
    const filled = await buildAt(root, { siteUrl: SITE, cacheDir });
    expect(filled.result.stats?.socialImages).toEqual({ drawn: 3, cached: 0 });
    expect((await readdir(path.join(cacheDir, 'og'), { recursive: true })).filter((f) => f.endsWith('.png'))).toHaveLength(3);
    const hit = await buildAt(root, { siteUrl: SITE, cacheDir });
    expect(hit.result.stats?.socialImages).toEqual({ drawn: 0, cached: 3 });
    for (const file of WRITTEN) {
      expect(Buffer.compare(await readFile(path.join(hit.out, file)), await readFile(path.join(first.out, file))), file).toBe(0);
    }
  });

  it('draws a page again when its title changes, and only that page', async () => {
    const cacheDir = path.join(path.dirname(root), 'cache-title');
    await buildAt(root, { cacheDir });
    await writeFile(path.join(root, 'quickstart.mdx'), '---\ntitle: Quickstart in three steps\ndescription: Create a notebook, write your first note and share it in five minutes.\n---\n\nInstall the app.\n');
    const changed = await buildAt(root, { cacheDir });
    expect(changed.result.stats?.socialImages).toEqual({ drawn: 1, cached: 2 });
  });
});

describe('social preview images: appearance, background, URLs and what asks for them', () => {
  it('light appearance with `thumbnails.background`: the background image under the light logo, no stripe', async () => {
    const root = await project((d) => (d['thumbnails'] = { appearance: 'light', background: '/images/og-background.png' }));
    const { result, out } = await buildAt(root, { siteUrl: SITE });
    expect(await images(out)).toEqual(WRITTEN);
    expect(socialCodes(result)).toEqual([]);
    const png = decodePng(await readFile(path.join(out, '_sheaf/og/quickstart.png')));
    // The background's pale green-grey at the top right (about #dcf6e5 in the 240 × 126 source,
    // scaled 5×), where the dark card has its accent stripe; near-white at the bottom right.
    expect(png.pixel(1100, 4)).toBe('#daf5e3');
    expect(png.pixel(1190, 620)).toBe('#fefefe');
    expect(png.pixel(84, 100)).toBe('#0d9373');
  });

  it('a background image with transparent parts shows the card’s colour through them', async () => {
    const root = await project((d) => (d['thumbnails'] = { background: '/images/clear.png' }), { 'images/clear.png': solidPng(12, 6, [255, 0, 0, 0]) });
    const { result, out } = await buildAt(root, { siteUrl: SITE });
    expect(socialCodes(result)).toEqual([]);
    const png = decodePng(await readFile(path.join(out, '_sheaf/og/quickstart.png')));
    expect([png.pixel(1100, 4), png.pixel(1190, 620)]).toEqual(['#0c0d0f', '#0c0d0f']);
  });

  it('without a site URL: page-relative URLs, and an info saying social networks need absolute ones', async () => {
    const { result, out } = await buildAt(await project());
    expect(await socialMeta(out, 'guides/notes/index.html')).toEqual(tagsFor('../../_sheaf/og/guides/notes.png'));
    expect(socialCodes(result)).toEqual([
      {
        code: 'build/social-image-url',
        severity: 'info',
        message: 'The social preview images (asked for by `thumbnails`) are linked by page-relative URLs: no site URL is known, and social networks read only absolute ones.',
        file: 'docs.json',
        hint: "Pass `--site-url https://docs.example.com/` to `sheaf build`, or set `seo.metatags.canonical` to the site's URL.",
      },
    ]);
  });

  it('`seo.metatags.canonical` is the site URL when none is passed (Mintlify appends each page path to it)', async () => {
    const { result, out } = await buildAt(await project((d) => (d['seo'] = { metatags: { canonical: 'https://acme.test/docs' } })));
    expect((await socialMeta(out, 'quickstart/index.html'))[0]).toEqual(['og:image', 'https://acme.test/docs/_sheaf/og/quickstart.png']);
    expect(socialCodes(result)).toEqual([]);
  });

  it('docs.json meta tags override the generated ones key by key', async () => {
    const { out } = await buildAt(await project((d) => (d['seo'] = { metatags: { 'twitter:card': 'summary' } })), { siteUrl: SITE });
    expect(await socialMeta(out, 'quickstart/index.html')).toEqual(
      tagsFor('https://docs.acme.test/_sheaf/og/quickstart.png').map(([k, v]): [string, string] => [k, k === 'twitter:card' ? 'summary' : v]),
    );
  });

  it('`seo.metatags` twitter:card summary_large_image asks for them without `thumbnails`', async () => {
    const root = await project((d) => {
      delete d['thumbnails'];
      d['seo'] = { metatags: { 'twitter:card': 'summary_large_image' } };
    });
    const { result, out } = await buildAt(root, { siteUrl: SITE });
    expect(await images(out)).toEqual(WRITTEN);
    expect(result.stats?.socialImages).toEqual({ drawn: 3, cached: 0 });
  });

  it('a static og:image in seo.metatags replaces them all: no PNG, the static image on every page', async () => {
    const { result, out } = await buildAt(await project((d) => (d['seo'] = { metatags: { 'og:image': 'https://cdn.example.com/og.png' } })), { siteUrl: SITE });
    expect(await images(out)).toEqual([]);
    expect(result.stats?.socialImages).toBeUndefined();
    expect(await socialMeta(out, 'quickstart/index.html')).toEqual([['og:image', 'https://cdn.example.com/og.png']]);
  });

  it('a project that asks for none: no PNG, no og:image, nothing counted', async () => {
    const { result, out } = await buildAt(await project((d) => delete d['thumbnails']), { siteUrl: SITE });
    expect(await images(out)).toEqual([]);
    expect(existsSync(path.join(out, '_sheaf/og'))).toBe(false);
    expect(result.stats?.socialImages).toBeUndefined();
    expect(await socialMeta(out, 'quickstart/index.html')).toEqual([]);
    expect(socialCodes(result)).toEqual([]);
  });
});

describe('social preview images: what cannot be drawn is said, and the cards are drawn without it', () => {
  it('a background URL is not fetched; a missing logo file; a WebP background', async () => {
    const remote = await buildAt(await project((d) => (d['thumbnails'] = { background: 'https://cdn.example.com/bg.png' })), { siteUrl: SITE });
    expect(await images(remote.out)).toEqual(WRITTEN);
    expect(socialCodes(remote.result)).toMatchObject([
      {
        code: 'build/social-image-asset',
        severity: 'warning',
        message: 'The `thumbnails.background` image `https://cdn.example.com/bg.png` is not drawn on the social preview images: the build fetches nothing from the network.',
        file: 'docs.json',
        pointer: '/thumbnails/background',
        hint: 'Put the image in the project and name it by its path (e.g. `/images/og-background.png`).',
      },
    ]);
    const missing = await buildAt(await project((d) => (d['logo'] = { light: '/logo/light.svg', dark: '/logo/gone.svg' })), { siteUrl: SITE });
    expect(socialCodes(missing.result)).toMatchObject([
      { code: 'build/social-image-asset', message: 'The logo `/logo/gone.svg` is not drawn on the social preview images: there is no such file in the project.', pointer: '/logo/dark' },
    ]);
    // No logo drawn: the site name in its place, in the heading colour; no logo square.
    const named = decodePng(await readFile(path.join(missing.out, '_sheaf/og/quickstart.png')));
    const brand = named.colours(80, 80, 300, 144);
    expect([brand.has('#f4f4f5'), brand.has('#55d799')]).toEqual([true, false]);
    const webp = await buildAt(await project((d) => (d['thumbnails'] = { background: '/images/bg.webp' }), { 'images/bg.webp': 'RIFF' }), { siteUrl: SITE });
    expect(socialCodes(webp.result)).toMatchObject([
      { code: 'build/social-image-asset', message: 'The `thumbnails.background` image `/images/bg.webp` is not drawn on the social preview images: only PNG, JPEG, GIF and SVG images can be drawn.' },
    ]);
  });

  it('a file that does not decode: said once, every card drawn without it', async () => {
    const root = await project((d) => (d['logo'] = '/logo/broken.png'), { 'logo/broken.png': 'this is not a PNG' });
    const { result, out } = await buildAt(root, { siteUrl: SITE });
    expect(await images(out)).toEqual(WRITTEN);
    const said = socialCodes(result);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ code: 'build/social-image-asset', severity: 'warning', file: 'docs.json' });
    expect(said[0]?.message).toMatch(/^The file `\/logo\/broken\.png` is left out of the social preview images: they could not be drawn with it \(.+\); they are drawn without the project's images and fonts\.$/);
  });

  it('`thumbnails.fonts.family` of a Google font: Inter, and an info', async () => {
    const { result } = await buildAt(await project((d) => (d['thumbnails'] = { fonts: { family: 'Geist' } })), { siteUrl: SITE });
    expect(socialCodes(result)).toMatchObject([
      {
        code: 'build/social-image-font',
        severity: 'info',
        message: 'The social preview images are set in Inter, not `Geist`: the build fetches no font, and docs.json `fonts` names no TrueType, OpenType or WOFF file of it in the project.',
        pointer: '/thumbnails/fonts/family',
      },
    ]);
  });

  it('characters Inter has no glyph for are left out of the cards, and said once', async () => {
    const root = await project(() => {}, {
      'quickstart.mdx': '---\ntitle: 快速开始\ndescription: Create a notebook 🚀 in five minutes.\n---\n\nInstall.\n',
      'index.mdx': '---\ntitle: Введение\ndescription: Acme Notes keeps your notes.\n---\n\nWelcome.\n',
    });
    const { result, out } = await buildAt(root, { siteUrl: SITE });
    expect(await images(out)).toEqual(WRITTEN);
    expect(socialCodes(result)).toEqual([
      {
        code: 'build/social-image-font',
        severity: 'info',
        message: 'The social preview images of 1 page leave out characters Inter has no glyph for (`快`, `速`, `开`, `始`, `🚀`); a title or description with a letter Inter lacks is left out whole, a title showing the site name instead.',
        file: 'docs.json',
        hint: 'To draw them, add a font file that has them (.ttf, .otf or .woff) to the project, name it in docs.json `fonts` (`source`) and its family in `thumbnails.fonts.family`.',
      },
    ]);
  });

  it('`thumbnails.fonts.family` whose file docs.json `fonts` names in the project: drawn in it', async () => {
    const woff = await readFile(require.resolve('@fontsource/inter/files/inter-latin-800-normal.woff'));
    const root = await project(
      (d) => {
        d['thumbnails'] = { fonts: { family: 'Acme Sans' } };
        d['fonts'] = { family: 'Acme Sans', source: '/fonts/acme-sans.woff', format: 'woff', weight: 800 };
      },
      { 'fonts/acme-sans.woff': woff },
    );
    const own = await buildAt(root, { siteUrl: SITE });
    expect(socialCodes(own.result)).toEqual([]);
    const inter = await buildAt(await project(), { siteUrl: SITE });
    const [a, b] = await Promise.all([readFile(path.join(own.out, '_sheaf/og/quickstart.png')), readFile(path.join(inter.out, '_sheaf/og/quickstart.png'))]);
    expect(Buffer.compare(a, b)).not.toBe(0);
  });
});
