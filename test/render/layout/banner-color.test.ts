import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../../src/config/loaded-config.js';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { brandStyle } from '../../../src/render/layout/brand-style.js';
import { readLayoutConfig } from '../../../src/render/layout/layout-config.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { config, inputFor } from './fixture.js';
import { extract } from './golden.js';

const content = 'Version **2.0** is out.';
/** docs.json with a banner whose `color` is written as given (the schema's output or a raw value). */
const withColor = (color: unknown): DocsConfig => ({ ...config, banner: { content, type: 'critical', color } as DocsConfig['banner'] });

describe('banner.color', () => {
  it('reads the documented forms: one hex for both modes, or {light, dark}', () => {
    expect(readLayoutConfig(withColor('#FDE047')).banner?.color).toEqual({ light: '#FDE047', dark: '#FDE047' });
    expect(readLayoutConfig(withColor({ light: '#1D4ED8', dark: '#93C5FD' })).banner?.color).toEqual({ light: '#1D4ED8', dark: '#93C5FD' });
  });

  it('reads tolerantly: one mode alone serves both, invalid colours are ignored', () => {
    expect(readLayoutConfig(withColor({ dark: '#222' })).banner?.color).toEqual({ light: '#222', dark: '#222' });
    expect(readLayoutConfig(withColor({ light: '#abc', dark: 'red' })).banner?.color).toEqual({ light: '#abc', dark: '#abc' });
    for (const bad of ['red', '#12345', '#fff;}body{display:none', {}, { light: 1 }, 7, null]) {
      expect(readLayoutConfig(withColor(bad)).banner?.color, JSON.stringify(bad)).toBeUndefined();
    }
    expect(readLayoutConfig(withColor(undefined)).banner).toEqual({ content, dismissible: false, type: 'critical' });
  });

  it('sets the banner variables per mode in the brand style, the text white as on Mintlify', () => {
    const style = brandStyle(readLayoutConfig(withColor({ light: '#FDE047', dark: '#1D4ED8' })), '', defaultFeatures('cloud'));
    expect(style).toBe(
      ':root{--sheaf-primary:#0D9373;--sheaf-primary-light:#07C983;--sheaf-primary-dark:#0D9373;--sheaf-accent:#0D9373;--sheaf-on-primary:#ffffff;' +
        '--sheaf-banner-bg:#FDE047;--sheaf-banner-fg:#ffffff}\n' +
        'html.dark{--sheaf-accent:#07C983;--sheaf-banner-bg:#1D4ED8;--sheaf-banner-fg:#ffffff}',
    );
    expect(brandStyle(readLayoutConfig(config), '', defaultFeatures('cloud'))).not.toContain('--sheaf-banner');
  });

  it('marks the banner sheaf-banner-custom only when it has a colour', () => {
    const custom = extract(renderDocument(inputFor('/', { config: withColor('#FDE047') })), '<div class="sheaf-banner');
    expect(custom.slice(0, custom.indexOf('>') + 1)).toBe('<div id="banner" role="region" aria-label="Announcement" class="sheaf-banner sheaf-banner-critical sheaf-banner-custom">');
    const plain = extract(renderDocument(inputFor('/', { config: withColor(undefined) })), '<div class="sheaf-banner');
    expect(plain.slice(0, plain.indexOf('>') + 1)).toBe('<div id="banner" role="region" aria-label="Announcement" class="sheaf-banner sheaf-banner-critical">');
  });
});
