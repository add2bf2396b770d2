import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/api/analyze.js';
import { cardText, startSocialImages } from '../../src/emit/social-images.js';
import type { OutputFile } from '../../src/emit/output-file.js';
import type { RenderPool } from '../../src/render/render-pool.js';
import { createImageCache } from '../../src/render/social-image/image-cache.js';
import { interCoverage } from '../../src/render/social-image/social-image-assets.js';
import type { SocialImageTask } from '../../src/render/social-image/social-image-task.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/social-images');

/** A pool that draws nothing: every image fails with `reason`, and the tasks are kept. */
function failingPool(reason: string): RenderPool & { tasks: SocialImageTask[] } {
  const tasks: SocialImageTask[] = [];
  return {
    tasks,
    run: () => Promise.reject(new Error('no MDX here')),
    prepareGenerated: () => {},
    generated: () => Promise.reject(new Error('no API pages here')),
    image: async (task) => {
      tasks.push(task);
      return { ok: false, reason };
    },
    warm: () => {},
    close: async () => {},
  };
}

describe('startSocialImages', () => {
  it('a card that cannot be drawn: a warning on the page, no file, and the page is told it has no image', async () => {
    const { project, site } = await analyze({ root: FIXTURE });
    if (!project || !site) throw new Error('the fixture did not load');
    const written: OutputFile[] = [];
    const pool = failingPool('satori: unsupported glyph table');
    const images = await startSocialImages({ project, site, pool, cache: createImageCache(undefined), writer: { write: async (f) => void written.push(f), keep: async () => false, stats: () => ({ files: 0, bytes: 0 }), stamps: () => new Map() }, siteUrl: 'https://docs.acme.test/', concurrency: 2 });
    if (!images) throw new Error('the fixture asks for images');
    expect(await images.has('/quickstart')).toBe(false);
    const done = await images.done;
    expect(written).toEqual([]);
    expect(pool.tasks.map((t) => t.text.title).sort()).toEqual(['Introduction', 'Quickstart', 'Working with notes, notebooks and tags across every device your team uses']);
    expect(done.drawn).toBe(0);
    expect(done.diagnostics.find((d) => d.file === 'quickstart.mdx')).toEqual({
      code: 'build/social-image-failed',
      severity: 'warning',
      message: 'The social preview image of `/quickstart` could not be drawn (satori: unsupported glyph table); the page has no `og:image`.',
      file: 'quickstart.mdx',
      hint: 'This is a bug in Sheaf: report the message with the page title. The page is complete otherwise.',
    });
    expect(done.diagnostics.map((d) => d.code)).toEqual(['build/social-image-failed', 'build/social-image-failed', 'build/social-image-failed']);
  });

  it('asks nothing of the pool for a project without `thumbnails`', async () => {
    const { project, site } = await analyze({ root: FIXTURE });
    if (!project || !site) throw new Error('the fixture did not load');
    const config = { ...project.config, config: { ...project.config.config, thumbnails: undefined } };
    const pool = failingPool('never');
    const images = await startSocialImages({ project: { ...project, config }, site, pool, cache: createImageCache(undefined), writer: { write: async () => {}, keep: async () => false, stats: () => ({ files: 0, bytes: 0 }), stamps: () => new Map() }, concurrency: 2 });
    expect(images).toBeUndefined();
    expect(pool.tasks).toEqual([]);
  });

  it('the card text: title and description on one line each, capped; the outermost group; the site name', async () => {
    const { site } = await analyze({ root: FIXTURE });
    if (!site) throw new Error('the fixture did not load');
    const page = site.pages.find((p) => p.route === '/guides/notes');
    if (!page) throw new Error('no /guides/notes');
    expect(cardText(page, site, 'Acme Notes')).toEqual({
      text: {
        title: 'Working with notes, notebooks and tags across every device your team uses',
        description:
          'Notes hold Markdown, images and files; notebooks group them; tags cut across notebooks. This guide shows each, with the keyboard shortcuts that make them quick to reach from anywhere in the app.',
        eyebrow: 'Guides',
        siteName: 'Acme Notes',
      },
      missing: [],
    });
    const long = cardText({ ...page, title: `A\n  ${'x'.repeat(400)}`, description: undefined }, site, 'Acme Notes').text;
    expect([long.title.length, long.title.slice(0, 4), long.title.endsWith('…'), 'description' in long]).toEqual([300, 'A xx', true, false]);
  });

  it('leaves out what Inter cannot draw, never as boxes: an emoji alone, a text with a CJK letter whole (a title: the site name)', async () => {
    const { site } = await analyze({ root: FIXTURE });
    const page = site?.pages.find((p) => p.route === '/quickstart');
    if (!site || !page) throw new Error('no /quickstart');
    const covers = await interCoverage();
    expect([covers(0x41), covers(0x416), covers(0x3b1), covers(0x1ea1), covers(0x4e2d), covers(0x1f680)]).toEqual([true, true, true, true, false, false]);
    expect(cardText({ ...page, title: 'Deploy 🚀 to Łódź', description: 'Привет — ready ✔️' }, site, 'Acme Notes', covers)).toEqual({
      text: { title: 'Deploy to Łódź', description: 'Привет — ready', eyebrow: 'Get started', siteName: 'Acme Notes' },
      missing: ['🚀', '✔'],
    });
    expect(cardText({ ...page, title: '快速开始', description: '几分钟内' }, site, 'Acme Notes', covers)).toEqual({
      text: { title: 'Acme Notes', eyebrow: 'Get started', siteName: 'Acme Notes' },
      missing: ['快', '速', '开', '始', '几', '分', '钟', '内'],
    });
    // A text with one letter Inter lacks is left out whole: never "AI" for "AI 原生文档".
    expect(cardText({ ...page, title: 'AI 原生文档', description: '了解 AI agent 和 MCP' }, site, 'Acme Notes', covers)).toEqual({
      text: { title: 'Acme Notes', eyebrow: 'Get started', siteName: 'Acme Notes' },
      missing: ['原', '生', '文', '档', '了', '解', '和'],
    });
  });
});

/** Every .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('satori and resvg load only for a build that draws an image', () => {
  it('one module imports them, and it is only ever imported dynamically', () => {
    const files = sources(path.join(REPO, 'src'));
    const importing = files.filter((f) => /from '(satori|@resvg\/resvg-wasm)'|import\('(satori|@resvg\/resvg-wasm)'\)/.test(readFileSync(f, 'utf8')));
    expect(importing.map((f) => path.relative(REPO, f))).toEqual(['src/render/social-image/render-social-image.ts']);
    const naming = files.filter((f) => readFileSync(f, 'utf8').includes('render-social-image.js'));
    expect(naming.map((f) => path.relative(REPO, f))).toEqual(['src/render/social-image/social-image-runner.ts']);
    expect(readFileSync(path.join(REPO, 'src/render/social-image/social-image-runner.ts'), 'utf8')).toContain("import('./render-social-image.js')");
  });
});
