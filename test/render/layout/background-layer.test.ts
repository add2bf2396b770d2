import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../../src/config/loaded-config.js';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { cssUrl } from '../../../src/render/layout/background-layer.js';
import { readLayoutConfig } from '../../../src/render/layout/layout-config.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { assets, config, inputFor } from './fixture.js';
import { extract, hasElement } from './golden.js';

const withBackground = (background: DocsConfig['background'], route = '/quickstart', extra: Parameters<typeof inputFor>[1] = {}): string =>
  renderDocument(inputFor(route, { config: { ...config, background }, ...extra }));
const layer = (html: string): string => extract(html, '<div class="sheaf-background"');

describe('background.decoration', () => {
  it('reads the three documented values and nothing else', () => {
    for (const decoration of ['gradient', 'grid', 'windows'] as const) {
      expect(readLayoutConfig({ ...config, background: { decoration } }).decoration).toBe(decoration);
    }
    expect(readLayoutConfig(config).decoration).toBeUndefined();
    expect(readLayoutConfig({ ...config, background: { decoration: 'stars' } } as unknown as DocsConfig).decoration).toBeUndefined();
  });

  it('draws one fixed, decorative layer right after the skip link, named by the decoration', () => {
    for (const decoration of ['gradient', 'grid', 'windows'] as const) {
      const html = withBackground({ decoration });
      expect(layer(html)).toBe(`<div id="background-color" data-decoration="${decoration}" aria-hidden="true" class="sheaf-background"></div>`);
      expect(html).toContain(`<a class="sheaf-skip-link" href="#content-area">Skip to content</a>\n<div id="background-color"`);
    }
  });

  it('adds nothing to a site without decoration or image (background.color alone changes only the variables)', () => {
    const html = withBackground({ color: { light: '#fafafa', dark: '#101010' } });
    expect(hasElement(html, '<div class="sheaf-background"')).toBe(false);
    expect(html).not.toContain('background-color"');
  });
});

describe('background.image', () => {
  const files = new Set([...assets.files, 'images/bg-light.png', 'images/bg-dark.png', 'images/a b(1).png']);

  it('reads a path for both modes or a {light, dark} pair', () => {
    expect(readLayoutConfig({ ...config, background: { image: '/images/bg.png' } }).backgroundImage).toEqual({ light: '/images/bg.png', dark: '/images/bg.png' });
    expect(readLayoutConfig({ ...config, background: { image: { light: 'a.png', dark: 'b.png' } } }).backgroundImage).toEqual({ light: 'a.png', dark: 'b.png' });
    expect(readLayoutConfig({ ...config, background: { image: '  ' } }).backgroundImage).toBeUndefined();
  });

  it('shows the copied project images relative to the page, a light and a dark one', () => {
    const html = withBackground({ image: { light: '/images/bg-light.png', dark: './images/bg-dark.png' } }, '/advanced/deploy/docker', { assets: { ...assets, files } });
    expect(layer(html)).toBe(
      '<div id="background-color" aria-hidden="true" class="sheaf-background">' +
        '<div style="background-image:url(&quot;../../../images/bg-light.png&quot;)" class=\"sheaf-background-image sheaf-background-image-light\"></div>' +
        '<div style="background-image:url(&quot;../../../images/bg-dark.png&quot;)" class=\"sheaf-background-image sheaf-background-image-dark\"></div>' +
        '</div>',
    );
  });

  it('draws one image for both modes, with the decoration over it', () => {
    const html = withBackground({ image: 'images/bg-light.png', decoration: 'grid' }, '/', { assets: { ...assets, files } });
    expect(layer(html)).toBe(
      '<div id="background-color" data-decoration="grid" aria-hidden="true" class="sheaf-background">' +
        '<div style="background-image:url(&quot;images/bg-light.png&quot;)" class=\"sheaf-background-image sheaf-background-image-light\"></div>' +
        '</div>',
    );
  });

  it('leaves out a missing project file (the other mode’s image serves both), and the layer when none is left', () => {
    const oneMissing = withBackground({ image: { light: '/images/missing.png', dark: '/images/bg-dark.png' } }, '/', { assets: { ...assets, files } });
    expect(layer(oneMissing)).toBe(
      '<div id="background-color" aria-hidden="true" class="sheaf-background">' +
        '<div style="background-image:url(&quot;images/bg-dark.png&quot;)" class=\"sheaf-background-image sheaf-background-image-light\"></div>' +
        '</div>',
    );
    expect(hasElement(withBackground({ image: '/images/missing.png' }, '/'), '<div class="sheaf-background"')).toBe(false);
  });

  it('loads a remote image only when pages may use the network: never in an air-gapped build', () => {
    const remote = { image: 'https://cdn.acme.test/bg.png' };
    expect(layer(withBackground(remote, '/'))).toContain('style="background-image:url(&quot;https://cdn.acme.test/bg.png&quot;)"');
    const airGapped = withBackground(remote, '/', { features: defaultFeatures('air-gapped') });
    expect(hasElement(airGapped, '<div class="sheaf-background"')).toBe(false);
    expect(airGapped).not.toContain('cdn.acme.test');
    // A decoration stays: it needs no file.
    expect(layer(withBackground({ ...remote, decoration: 'gradient' }, '/', { features: defaultFeatures('air-gapped') }))).toBe(
      '<div id="background-color" data-decoration="gradient" aria-hidden="true" class="sheaf-background"></div>',
    );
  });

  it('never lets a path leave its url(): quotes, parentheses, semicolons and spaces are percent-encoded', () => {
    expect(cssUrl('images/a b(1).png')).toBe('url("images/a%20b%281%29.png")');
    expect(cssUrl('x");background:url(https://evil.test/x.png);"')).toBe('url("x%22%29%3Bbackground:url%28https://evil.test/x.png%29%3B%22")');
    const html = withBackground({ image: '/images/a b(1).png' }, '/', { assets: { ...assets, files } });
    expect(layer(html)).toContain('style="background-image:url(&quot;images/a%20b%281%29.png&quot;)"');
  });

  it('ignores a javascript: or data: URL, which are neither project files nor http(s) images', () => {
    for (const image of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>']) {
      expect(hasElement(withBackground({ image }, '/'), '<div class="sheaf-background"'), image).toBe(false);
    }
  });
});
