import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../../src/config/loaded-config.js';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { brandStyle, contrast, luminance, readableOn } from '../../../src/render/layout/brand-style.js';
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

  it('picks the text colour with the higher contrast: Mintlify’s white on dark colours, near-black on light ones', () => {
    expect(readableOn('#1D4ED8')).toBe('#ffffff');
    expect(readableOn('#dc2626')).toBe('#ffffff');
    expect(readableOn('#000')).toBe('#ffffff');
    expect(readableOn('#FDE047')).toBe('#0b0d0e');
    expect(readableOn('#f59e0b')).toBe('#0b0d0e');
    expect(readableOn('#ffffff')).toBe('#0b0d0e');
    // The switch sits where both contrasts are equal: #777 (luminance 0.184) keeps white, #888 (0.246) does not.
    expect(readableOn('#777777')).toBe('#ffffff');
    expect(readableOn('#888888')).toBe('#0b0d0e');
    // On every grey the chosen text has the better of the two contrasts, never below 4.4:1 (the
    // worst case is where both are equal, about #777-#787878).
    let worst = 21;
    for (let v = 0; v < 256; v += 1) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      const bg = luminance(hex);
      const chosen = contrast(luminance(readableOn(hex)), bg);
      expect(chosen, hex).toBe(Math.max(contrast(1, bg), contrast(luminance('#0b0d0e'), bg)));
      worst = Math.min(worst, chosen);
    }
    expect(worst).toBeGreaterThan(4.4);
  });

  it('sets the banner variables per mode in the brand style', () => {
    const style = brandStyle(readLayoutConfig(withColor({ light: '#FDE047', dark: '#1D4ED8' })), '', defaultFeatures('cloud'));
    expect(style).toBe(
      ':root{--sheaf-primary:#0D9373;--sheaf-primary-light:#07C983;--sheaf-primary-dark:#0D9373;--sheaf-accent:#0D9373;--sheaf-on-primary:#ffffff;' +
        '--sheaf-banner-bg:#FDE047;--sheaf-banner-fg:#0b0d0e}\n' +
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
