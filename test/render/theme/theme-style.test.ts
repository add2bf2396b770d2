import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeAttributes, themeStyle } from '../../../src/render/theme/theme-style.js';
import { THEME_SPECS } from '../../../src/render/theme/theme-specs.js';

const THEMES_CSS = readFileSync(new URL('../../../src/render/styles/themes.css', import.meta.url), 'utf8');

/** The declarations of one rule of `themeStyle`'s output (`:root` or `html.dark`), as a map. */
function declarations(css: string, selector: string): Map<string, string> {
  const body = new RegExp(`^${selector.replace('.', '\\.')}\\{([^}]*)\\}$`, 'm').exec(css)?.[1] ?? '';
  return new Map(body ? body.split(';').map((d) => [d.slice(0, d.indexOf(':')), d.slice(d.indexOf(':') + 1)] as [string, string]) : []);
}

/** A theme's values as CSS variables and its variants as `<html>` attributes (issue 20). */
describe('theme style', () => {
  it('writes nothing for mint, whose values are the stylesheets’ defaults', () => {
    expect(themeStyle(THEME_SPECS.mint)).toBe('');
  });

  it('writes what differs from mint: bar heights, fonts, surfaces per mode', () => {
    const linden = declarations(themeStyle(THEME_SPECS.linden), ':root');
    expect(linden.get('--sheaf-font-body')).toBe('var(--sheaf-font-mono)');
    expect(linden.get('--sheaf-tabs-h')).toBe('0px');
    expect(linden.get('--sheaf-radius-sm')).toBe('0.125rem');
    expect(linden.has('--sheaf-header-h')).toBe(false);
    expect(declarations(themeStyle(THEME_SPECS.linden), 'html.dark').get('--sheaf-bg')).toBe('#080808');

    const willow = declarations(themeStyle(THEME_SPECS.willow), ':root');
    expect([willow.get('--sheaf-header-h'), willow.get('--sheaf-sidebar-w'), willow.get('--sheaf-radius-image'), willow.get('--sheaf-sidebar-bg')]).toEqual(['3.5rem', '19rem', '0', '#f8f8f9']);

    // Almond: content sits on the panel (`--sheaf-bg`), the page around it is the ground.
    const almond = themeStyle(THEME_SPECS.almond);
    // (the light panel is white, mint's page colour: only the ground is written)
    expect([declarations(almond, ':root').get('--sheaf-bg'), declarations(almond, ':root').get('--sheaf-ground')]).toEqual([undefined, '#f5f5f6']);
    expect([declarations(almond, 'html.dark').get('--sheaf-bg'), declarations(almond, 'html.dark').get('--sheaf-ground')]).toEqual(['#09090c', '#111114']);
    expect(declarations(almond, ':root').get('--sheaf-header-border')).toBe('transparent');

    expect(declarations(themeStyle(THEME_SPECS.palm), ':root').get('--sheaf-header-bg')).toBe('#f3f3f4');
    expect(declarations(themeStyle(THEME_SPECS.palm), 'html.dark').get('--sheaf-header-bg')).toBe('#111114');
    expect(declarations(themeStyle(THEME_SPECS.aspen), ':root').get('--sheaf-group-transform')).toBe('uppercase');
    expect(declarations(themeStyle(THEME_SPECS.luma), ':root').get('--sheaf-header-h')).toBe('3rem');
  });

  it('never writes a character that could end the <style> element', () => {
    for (const spec of Object.values(THEME_SPECS)) expect(themeStyle(spec)).not.toMatch(/[<>]/);
  });

  it('gives each theme its variants', () => {
    const table = Object.fromEntries(Object.values(THEME_SPECS).map((s) => [s.name, Object.values(themeAttributes(s)).join(' | ')]));
    expect(table).toEqual({
      mint: 'full | center | row | pill | text | none | tiles | tint | bar-heading rail | plain | underline',
      maple: 'strip | sidebar | inline | rounded | text | rule | guide tiles | rail-bar | bar-accent rail | plain | underline',
      palm: 'full | center | row | text | text | rule |  | text | text-accent | plain | underline',
      willow: 'beside | end | inline | pill | text | tinted |  | edge-bar | text-accent | square | underline',
      linden: 'full | icon | inline | outlined-offset | text | none |  | prefix | prefix-accent | hard-shadow | highlight',
      almond: 'full | sidebar | inline | rounded | outlined | ground | tiles | tint | bar-heading rail | plain | underline',
      aspen: 'full | center | row | neutral-pill | grey-pill | rule | dividers chevrons | text | bar-heading rail | plain | underline',
      luma: 'full | center | row | rounded | text | rule |  | tint | bar-accent rail | plain | underline',
      sequoia: 'full | center | row | pill | text | rule |  | tint | bar-accent rail | plain | underline',
    });
  });

  it('has a rule in themes.css for every variant a theme uses that mint does not', () => {
    const mint = themeAttributes(THEME_SPECS.mint);
    const missing: string[] = [];
    for (const spec of Object.values(THEME_SPECS)) {
      for (const [name, value] of Object.entries(themeAttributes(spec))) {
        for (const word of value.split(' ').filter(Boolean)) {
          if (mint[name]?.split(' ').includes(word)) continue;
          const exact = `[${name}="${word}"]`;
          const listed = `[${name}~="${word}"]`;
          if (!THEMES_CSS.includes(exact) && !THEMES_CSS.includes(listed)) missing.push(`${spec.name}: ${exact}`);
        }
      }
    }
    // Drawn without a rule of their own: `rounded` primaries by the radius variables, the ground
    // by the surface variables, a search trigger in the sidebar by the markup (sidebar.tsx).
    expect(missing.sort()).toEqual([
      'almond: [data-sheaf-primary="rounded"]',
      'almond: [data-sheaf-search="sidebar"]',
      'almond: [data-sheaf-sidebar="ground"]',
      'luma: [data-sheaf-primary="rounded"]',
      'maple: [data-sheaf-primary="rounded"]',
      'maple: [data-sheaf-search="sidebar"]',
    ]);
  });
});
