import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';
import { expectGolden as expectGoldenFile } from '../golden.js';
import { extract, hasElement, pretty } from '../render/layout/golden.js';

/**
 * docs.json `background.decoration`, `background.image`, `banner.color`, `interaction.drilldown`
 * and `navigation.directory` through `build`, one fixture each (test/fixtures/settings-*), written
 * as Mintlify documents them: the pages' exact HTML, the copied images, the site stylesheet.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name: string): string => path.join(REPO, 'test/fixtures', name);
const GOLDENS = path.join(REPO, 'test/api/goldens');
const expectGolden = (name: string, html: string): void => expectGoldenFile(path.join(GOLDENS, `${name}.html`), pretty(html), `goldens/${name}.html`);

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-layout-settings-'));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Builds a project into a fresh folder; `read` gives a written file's text. */
async function built(root: string, name: string, options: { deployment?: 'cloud' | 'air-gapped' } = {}) {
  const out = path.join(tmp, name);
  const result: BuildResult = await build({ root, outDir: out, cacheDir: false, ...options });
  const read = (file: string): Promise<string> => readFile(path.join(out, file), 'utf8');
  const css = async (): Promise<string> => {
    const file = (await readdir(path.join(out, '_sheaf'))).find((f) => /^sheaf\.[0-9a-f]{10}\.css$/.test(f));
    return read(`_sheaf/${file}`);
  };
  return { result, out, read, css };
}

/** The codes of a build's errors and warnings (its infos are other settings' business). */
const problems = (result: BuildResult): string[] => result.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code);

describe('background.decoration: settings-background-decoration ("gradient")', () => {
  it('draws the layer on every page, and the stylesheet has the three decorations', async () => {
    const { result, read, css } = await built(fixture('settings-background-decoration'), 'decoration');
    expect(problems(result)).toEqual([]);
    for (const file of ['index.html', 'quickstart/index.html']) {
      expect(await read(file)).toContain(
        '<a class="sheaf-skip-link" href="#content-area">Skip to content</a>\n<div id="background-color" data-decoration="gradient" aria-hidden="true" class="sheaf-background"></div>\n',
      );
    }
    const sheet = await css();
    for (const decoration of ['gradient', 'grid', 'windows']) expect(sheet).toContain(`.sheaf-background[data-decoration='${decoration}']::before {`);
    // CSS only: the decorations load nothing (the windows mask is an inline SVG).
    const rules = sheet.slice(sheet.indexOf('.sheaf-background {'), sheet.indexOf('@media print {\n  .sheaf-background'));
    expect([...rules.matchAll(/url\("([^"]*)"\)/g)].map((m) => m[1]?.slice(0, 19))).toEqual(['data:image/svg+xml,', 'data:image/svg+xml,']);
  });
});

describe('background.image: settings-background-image ({light, dark} project files)', () => {
  it('shows the copied images per mode, relative to each page', async () => {
    const { result, read, out } = await built(fixture('settings-background-image'), 'image');
    expect(problems(result)).toEqual([]);
    expect(extract(await read('guide/intro/index.html'), '<div class="sheaf-background"')).toBe(
      '<div id="background-color" aria-hidden="true" class="sheaf-background">' +
        '<div style="background-image:url(&quot;../../images/background-light.svg&quot;)" class="sheaf-background-image sheaf-background-image-light"></div>' +
        '<div style="background-image:url(&quot;../../images/background-dark.svg&quot;)" class="sheaf-background-image sheaf-background-image-dark"></div>' +
        '</div>',
    );
    expect(await read('index.html')).toContain('<div style="background-image:url(&quot;images/background-light.svg&quot;)"');
    expect(existsSync(path.join(out, 'images/background-light.svg'))).toBe(true);
    expect(existsSync(path.join(out, 'images/background-dark.svg'))).toBe(true);
  });

  it('keeps a remote image out of an air-gapped build (and in a cloud one)', async () => {
    const root = path.join(tmp, 'remote-image');
    await cp(fixture('settings-background-image'), root, { recursive: true });
    const docs = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...docs, background: { image: 'https://cdn.example.test/bg.png', decoration: 'grid' } }));
    const cloud = await built(root, 'remote-cloud');
    expect(extract(await cloud.read('index.html'), '<div class="sheaf-background"')).toBe(
      '<div id="background-color" data-decoration="grid" aria-hidden="true" class="sheaf-background">' +
        '<div style="background-image:url(&quot;https://cdn.example.test/bg.png&quot;)" class="sheaf-background-image sheaf-background-image-light"></div>' +
        '</div>',
    );
    const airGapped = await built(root, 'remote-air-gapped', { deployment: 'air-gapped' });
    for (const file of ['index.html', 'guide/intro/index.html']) {
      const html = await airGapped.read(file);
      expect(html).not.toContain('cdn.example.test');
      expect(extract(html, '<div class="sheaf-background"')).toBe('<div id="background-color" data-decoration="grid" aria-hidden="true" class="sheaf-background"></div>');
    }
  });
});

describe('banner.color: settings-banner-color (one hex string for both modes)', () => {
  it('builds the documented string form and colours the banner, its text white as on Mintlify', async () => {
    const { result, read } = await built(fixture('settings-banner-color'), 'banner');
    expect(result.errorCount).toBe(0);
    expect(problems(result)).toEqual([]);
    const html = await read('index.html');
    const banner = extract(html, '<div class="sheaf-banner');
    expect(banner.slice(0, banner.indexOf('>') + 1)).toBe('<div id="banner" role="region" aria-label="Announcement" class="sheaf-banner sheaf-banner-critical sheaf-banner-custom">');
    expect(html).toContain(
      '<style>:root{--sheaf-primary:#0D9373;--sheaf-primary-light:#0D9373;--sheaf-primary-dark:#0D9373;--sheaf-accent:#0D9373;--sheaf-on-primary:#ffffff;--sheaf-banner-bg:#FDE047;--sheaf-banner-fg:#ffffff}\n' +
        'html.dark{--sheaf-accent:#0D9373;--sheaf-banner-bg:#FDE047;--sheaf-banner-fg:#ffffff}</style>',
    );
  });
});

describe('interaction.drilldown: settings-interaction-drilldown (true)', () => {
  it('marks the page tree for nav.js on every page', async () => {
    const { result, read } = await built(fixture('settings-interaction-drilldown'), 'drilldown');
    expect(problems(result)).toEqual([]);
    for (const file of ['index.html', 'guides/deploy/docker/index.html', 'guides/plugins/index.html']) {
      expect(await read(file)).toContain('<nav aria-label="Pages" data-sheaf-drilldown class="sheaf-nav">');
    }
    // The closed group's first link, which drilldown follows, is its first page.
    const tree = extract(await read('index.html'), '<nav class="sheaf-nav"');
    const deploy = extract(tree.slice(tree.indexOf('Deploy') - 200), '<details class="sheaf-nav-group');
    expect(/<a href="([^"]*)"/.exec(deploy)?.[1]).toBe('guides/deploy/docker/');
  });
});

describe('navigation.directory: settings-navigation-directory (the documented Help Center example, a card tab)', () => {
  let read: (file: string) => Promise<string>;
  beforeAll(async () => {
    const b = await built(fixture('settings-navigation-directory'), 'directory');
    expect(problems(b.result)).toEqual([]);
    read = b.read;
  });

  it('accordion on Help Center, inherited by Getting Started (goldens)', async () => {
    expectGolden('directory-help-center', extract(await read('help/index.html'), '<nav class="sheaf-directory"'));
    expectGolden('directory-getting-started', extract(await read('help/getting-started/index.html'), '<nav class="sheaf-directory"'));
  });

  it('none on API Reference overrides the inherited accordion; other pages have no listing', async () => {
    for (const file of ['help/api/index.html', 'help/faq/index.html', 'guides/first-steps/index.html', 'guides/other/index.html']) {
      expect(hasElement(await read(file), '<nav class="sheaf-directory"'), file).toBe(false);
    }
  });

  it('card from the tab on the Guides root page, the hidden page left out (golden)', async () => {
    const listing = extract(await read('guides/index.html'), '<nav class="sheaf-directory"');
    expectGolden('directory-guides-cards', listing);
    expect([...listing.matchAll(/<span class="sheaf-directory-card-text">([^<]*)</g)].map((m) => m[1])).toEqual(['First steps', 'Configuration', 'SDKs']);
    expect(listing).not.toContain('Secret');
  });
});
