import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';
import type { DocsConfig, LoadedConfig } from '../../src/config/loaded-config.js';
import { backgroundImageDiagnostics } from '../../src/emit/background-image-diagnostics.js';
import { backgroundImageProblems } from '../../src/render/layout/background-layer.js';
import { extract } from '../render/layout/golden.js';

/**
 * docs.json `background.image` left out of the pages is never silent: a file the site does not
 * hold is `build/missing-asset` (a warning), a remote URL in an air-gapped build
 * `bundle/background-image-offline` (an info), each at its JSON pointer, saying what the pages
 * show instead. Builds of test/fixtures/settings-background-image (a {light, dark} pair of
 * project SVGs) with docs.json changed, and the reporting function on the other cases.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/settings-background-image');
const CODES = ['build/missing-asset', 'bundle/background-image-offline'];

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-background-image-'));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The fixture with `background` replaced, built; its background diagnostics and a page's layer. */
async function builtWith(name: string, background: unknown, deployment: 'cloud' | 'air-gapped' = 'cloud') {
  const root = path.join(tmp, `${name}-project`);
  await cp(FIXTURE, root, { recursive: true });
  const docs = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...docs, background }, null, 2));
  const out = path.join(tmp, name);
  const result: BuildResult = await build({ root, outDir: out, cacheDir: false, deployment });
  const html = await readFile(path.join(out, 'index.html'), 'utf8');
  const layer = html.includes('<div id="background-color"') ? extract(html, '<div class="sheaf-background"') : '';
  return { result, found: result.diagnostics.filter((d) => CODES.includes(d.code)), layer };
}

describe('background.image diagnostics in a build', () => {
  it('says nothing when every image shows: project files (cloud and air-gapped), a remote URL with the network', async () => {
    const files = { image: { light: '/images/background-light.svg', dark: '/images/background-dark.svg' } };
    for (const [name, background, deployment] of [
      ['good-cloud', files, 'cloud'],
      ['good-air-gapped', files, 'air-gapped'],
      ['good-remote', { image: 'https://cdn.example.test/bg.png' }, 'cloud'],
    ] as const) {
      const { result, found } = await builtWith(name, background, deployment);
      expect([name, result.errorCount, found]).toEqual([name, 0, []]);
    }
  });

  it('warns about a missing project file, at its pointer; the other mode’s image serves both', async () => {
    const { result, found, layer } = await builtWith('missing-light', { image: { light: '/images/gone.png', dark: '/images/background-dark.svg' } });
    expect(result.errorCount).toBe(0);
    expect(found).toEqual([
      {
        code: 'build/missing-asset',
        severity: 'warning',
        message: '`/images/gone.png` in `background.image.light` is not a file of the project; light mode shows the dark mode’s image instead.',
        file: 'docs.json',
        pointer: '/background/image/light',
        line: 10,
        column: 7,
        hint: 'Add the image to the project (outside `snippets/`), or fix the path (paths start at the project root).',
      },
    ]);
    expect(layer).toBe('<div id="background-color" aria-hidden="true" class="sheaf-background"><div style="background-image:url(&quot;images/background-dark.svg&quot;)" class="sheaf-background-image sheaf-background-image-light"></div></div>');
  });

  it('says that an air-gapped bundle leaves a remote image out (an info), and what the pages show', async () => {
    const { found, layer } = await builtWith('offline', { image: 'https://cdn.example.test/bg.png' }, 'air-gapped');
    expect(found).toEqual([
      {
        code: 'bundle/background-image-offline',
        severity: 'info',
        message: '`https://cdn.example.test/bg.png` in `background.image` is left out: an air-gapped bundle makes no network request; the pages have no background image.',
        file: 'docs.json',
        pointer: '/background/image',
        line: 9,
        column: 5,
        hint: 'Put the image in the project and name it by its path (e.g. `/images/background.png`), so it ships inside the bundle.',
      },
    ]);
    expect(layer).toBe('');
  });
});

describe('backgroundImageDiagnostics', () => {
  const loaded = (image: unknown): LoadedConfig => ({ file: 'docs.json', config: { name: 'A', theme: 'mint', colors: { primary: '#000000' }, background: { image } } as unknown as DocsConfig, origins: {} });
  const site = { network: true, copied: new Set(['images/bg.png']), projectFiles: ['images/bg.png', 'snippets/bg.png'] };
  const say = (image: unknown, over: Partial<typeof site> = {}) => backgroundImageDiagnostics(loaded(image), { ...site, ...over }).map((d) => [d.code, d.severity, d.pointer, d.message]);

  it('names each mode left out, why, and what shows instead', () => {
    expect(say('/images/none.png')).toEqual([['build/missing-asset', 'warning', '/background/image', '`/images/none.png` in `background.image` is not a file of the project; the pages have no background image.']]);
    expect(say({ light: 'images/bg.png', dark: 'snippets/bg.png' })).toEqual([
      ['build/missing-asset', 'warning', '/background/image/dark', '`snippets/bg.png` in `background.image.dark` is a project file the site does not copy (pages, snippets and configuration stay out of it); dark mode shows the light mode’s image instead.'],
    ]);
    expect(say('ftp://files.example.test/bg.png')).toEqual([['build/missing-asset', 'warning', '/background/image', '`ftp://files.example.test/bg.png` in `background.image` is neither a project file nor an http(s) URL; the pages have no background image.']]);
    expect(say({ light: 'https://cdn.example.test/l.png', dark: '/images/none.png' }, { network: false })).toEqual([
      ['bundle/background-image-offline', 'info', '/background/image/light', '`https://cdn.example.test/l.png` in `background.image.light` is left out: an air-gapped bundle makes no network request; the pages have no background image.'],
      ['build/missing-asset', 'warning', '/background/image/dark', '`/images/none.png` in `background.image.dark` is not a file of the project; the pages have no background image.'],
    ]);
    expect(say({ light: 'https://cdn.example.test/l.png', dark: '/images/bg.png' }, { network: false })).toEqual([
      ['bundle/background-image-offline', 'info', '/background/image/light', '`https://cdn.example.test/l.png` in `background.image.light` is left out: an air-gapped bundle makes no network request; light mode shows the dark mode’s image instead.'],
    ]);
    // The layout takes a pair only with both set: one blank leaves both out.
    expect(say({ light: '/images/bg.png', dark: ' ' })).toEqual([['build/missing-asset', 'warning', '/background/image/dark', '`background.image.dark` is empty; the pages have no background image.']]);
  });

  it('says nothing when there is no image to show or every image shows', () => {
    expect(say(undefined)).toEqual([]);
    expect(say('  ')).toEqual([]);
    expect(say('/images/bg.png', { network: false })).toEqual([]);
    expect(say({ light: './images/bg.png', dark: 'https://cdn.example.test/d.png' })).toEqual([]);
  });

  it('reads the same rules as the layer (backgroundImageProblems)', () => {
    const files = new Set(['images/bg.png']);
    expect(backgroundImageProblems({ network: true, files }, { light: '/images/bg.png', dark: '//cdn.example.test/d.png' })).toEqual({ dark: 'not-http' });
    expect(backgroundImageProblems({ network: false, files }, { light: 'https://cdn.example.test/l.png', dark: 'images/x.png' })).toEqual({ light: 'offline', dark: 'missing' });
    expect(backgroundImageProblems({ network: false, files }, { light: 'images/bg.png', dark: './images/bg.png' })).toEqual({});
  });
});
