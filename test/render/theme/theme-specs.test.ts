import { describe, expect, it } from 'vitest';
import { themes } from '../../../src/config/schema/docs-config.js';
import { THEME_SPECS, themeSpec } from '../../../src/render/theme/theme-specs.js';

/** The theme table (issue 20): one spec per docs.json theme, with the facts the issue names. */
describe('theme specs', () => {
  it('has one spec per docs.json theme, each named after its key; luma and sequoia inferred, the seven pictured ones seen', () => {
    expect(Object.keys(THEME_SPECS).sort()).toEqual([...themes].sort());
    for (const [name, spec] of Object.entries(THEME_SPECS)) expect(spec.name).toBe(name);
    expect(Object.values(THEME_SPECS).filter((s) => s.evidence === 'inferred').map((s) => s.name).sort()).toEqual(['luma', 'sequoia']);
  });

  it('holds the layout facts the issue names', () => {
    const where = (slot: 'search' | 'logo' | 'tabs') => Object.fromEntries(Object.values(THEME_SPECS).map((s) => [s.name, s.slots[slot]]));
    // Maple and almond: the search trigger inside the sidebar; mint, palm and aspen: centred in the header.
    expect(where('search')).toEqual({ mint: 'header-center', maple: 'sidebar', palm: 'header-center', willow: 'header-end', linden: 'header-icon', almond: 'sidebar', aspen: 'header-center', luma: 'header-center', sequoia: 'header-center' });
    // Willow: the sidebar from the top of the page, the tab bar to its right.
    expect([THEME_SPECS.willow.header.layout, THEME_SPECS.willow.sidebar.fullHeight, THEME_SPECS.willow.slots.tabs]).toEqual(['beside', true, 'bar-start']);
    // Linden: monospace throughout.
    expect(Object.values(THEME_SPECS).filter((s) => s.fonts.body === 'mono').map((s) => s.name)).toEqual(['linden']);
    // Almond: content and table of contents in one panel.
    expect(Object.values(THEME_SPECS).filter((s) => s.contentPanel).map((s) => s.name)).toEqual(['almond']);
  });

  it('falls back to mint for a theme that is none of the nine', () => {
    expect(themeSpec('aspen').name).toBe('aspen');
    expect(themeSpec('venus').name).toBe('mint');
    expect(themeSpec(undefined).name).toBe('mint');
    expect(themeSpec('toString').name).toBe('mint');
  });
});

describe('the theme on the page', () => {
  it('names docs.json’s theme on <html> (sheaf-theme-NAME), mint for one that is none of the nine', async () => {
    const { renderDocument } = await import('../../../src/render/layout/render-document.js');
    const { config, inputFor } = await import('../layout/fixture.js');
    const htmlClass = (theme: unknown) => /<html [^>]*class="([^"]*)"/.exec(renderDocument(inputFor('/', { config: { ...config, theme } as typeof config })))?.[1];
    expect(htmlClass('aspen')).toBe('sheaf-mode-default sheaf-theme-aspen sheaf-has-tabs');
    expect(htmlClass('linden')).toBe('sheaf-mode-default sheaf-theme-linden sheaf-has-tabs');
    expect(htmlClass('venus')).toBe('sheaf-mode-default sheaf-theme-mint sheaf-has-tabs');
  });
});
