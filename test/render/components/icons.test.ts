import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { components, createIconStore } from '../../../src/render/components/index.js';
import { iconFiles } from '../../../src/render/components/icons/icon-files.js';
import { parseSvg, svgMarkup } from '../../../src/render/components/icons/svg.js';
import { renderHtml } from './helpers.js';

/** Icons from the installed packages (the real store, not the golden stub). */

const Icon = (components as Record<string, any>)['Icon'];
const real = createIconStore();

function icon(props: Record<string, unknown>, library?: 'fontawesome' | 'lucide' | 'tabler'): string {
  return renderHtml(h(Icon, props), { icons: real, ...(library ? { iconLibrary: library } : {}) });
}

describe('Icon with the installed libraries', () => {
  it('renders Font Awesome `rocket` (solid: Free has no regular rocket) as an inline <svg> by default', () => {
    const html = icon({ icon: 'rocket' });
    expect(html).toMatch(/^<span data-icon="rocket" data-icon-library="fontawesome" aria-hidden="true" class="sheaf-icon icon"><svg /);
    expect(html).toContain('viewBox="0 0 512 512"');
    expect(html).toContain('fill="currentColor"');
  });

  it('finds brands (`github`) without an iconType, and keeps the aspect ratio', () => {
    const html = icon({ icon: 'github' });
    expect(html).toContain('data-icon="github" data-icon-library="fontawesome"');
    const svg = parseSvg(html);
    expect(svg?.viewBox[2]).toBeGreaterThan(0);
    expect(html).toMatch(/width="0\.\d+em" height="1em"|width="1em" height="1em"/);
  });

  it('defaults to the regular style where Free has it (Mintlify\'s default style), iconType="solid" picks solid', () => {
    const plain = icon({ icon: 'star' });
    const regular = icon({ icon: 'star', iconType: 'regular' });
    const solid = icon({ icon: 'star', iconType: 'solid' });
    expect(plain).toBe(regular);
    expect(solid).not.toBe(regular);
    // Filled Pro styles fall back to solid, outline ones to regular.
    expect(icon({ icon: 'star', iconType: 'duotone' })).toBe(solid);
    expect(icon({ icon: 'star', iconType: 'light' })).toBe(regular);
  });

  it('renders a lucide name with icons.library = lucide', () => {
    const html = icon({ icon: 'text-align-start' }, 'lucide');
    expect(html).toContain('data-icon="text-align-start" data-icon-library="lucide"');
    expect(html).toContain('stroke="currentColor"');
  });

  it('renders a tabler name with icons.library = tabler', () => {
    const html = icon({ icon: 'brand-github' }, 'tabler');
    expect(html).toContain('data-icon="brand-github" data-icon-library="tabler"');
    const rocket = icon({ icon: 'rocket' }, 'tabler');
    expect(rocket).toContain('data-icon-library="tabler"');
  });

  it('falls back to another library for a name the configured one lacks', () => {
    expect(icon({ icon: 'panel-left-close' })).toContain('data-icon-library="lucide"');
  });

  it('size sets pixels, color sets the wrapper colour', () => {
    const html = icon({ icon: 'flag', size: 32, color: '#FF5733' }, 'lucide');
    expect(html).toContain('style="color:#FF5733"');
    expect(html).toContain('width="32" height="32"');
  });

  it('URLs and paths become <img>; unknown names render a hidden marker; path-like names are never read', () => {
    expect(icon({ icon: 'https://example.com/i.png' })).toContain('<img src="https://example.com/i.png"');
    expect(icon({ icon: '/images/logo.svg' })).toContain('<img src="/images/logo.svg"');
    expect(icon({ icon: 'two words!' })).toBe('<span data-icon-missing="two words!" hidden class="sheaf-icon icon"></span>');
    // A well-formed name that no library has gets the placeholder, never a blank.
    expect(icon({ icon: 'definitely-not-an-icon-name' })).toMatch(
      /^<span data-icon="circle-dashed" data-icon-library="lucide" data-icon-for="definitely-not-an-icon-name" aria-hidden="true" class="sheaf-icon icon"><svg /,
    );
    expect(iconFiles('../../etc/passwd', 'fontawesome')).toEqual([]);
    expect(icon({ icon: '' })).toBe('');
  });

  it('reads each file at most once per store (missing files too)', () => {
    const reads: string[] = [];
    const store = createIconStore((file) => {
      reads.push(file);
      return file.endsWith('/solid/rocket.svg') ? '<svg viewBox="0 0 10 20"><path d="M0 0"/></svg>' : undefined;
    });
    for (let i = 0; i < 3; i += 1) renderHtml(h('div', null, [h(Icon, { icon: 'rocket' }), h(Icon, { icon: 'nope' })]), { icons: store });
    expect(new Set(reads).size).toBe(reads.length);
    expect(reads.filter((r) => r.endsWith('/solid/rocket.svg'))).toHaveLength(1);
  });
});

describe('iconFiles and svgMarkup', () => {
  it('tries the configured library first, then the others', () => {
    expect(iconFiles('Rocket', 'lucide', undefined).map((f) => `${f.library}/${f.variant}`)).toEqual([
      'lucide/',
      'fontawesome/regular',
      'fontawesome/solid',
      'fontawesome/brands',
      'tabler/outline',
      'tabler/filled',
    ]);
    expect(iconFiles('fa-github', 'fontawesome', 'brands')[0]).toEqual({ library: 'fontawesome', variant: 'brands', name: 'github' });
  });

  it('keeps presentation attributes and sizes by the viewBox', () => {
    const svg = parseSvg('<svg class="x" width="24" viewBox="0 0 20 10" stroke-width="2"><!-- c --><path d="M0"/>\n  <path d="M1"/></svg>');
    expect(svg).toEqual({ viewBox: [0, 0, 20, 10], attributes: [['stroke-width', '2']], inner: '<!-- c --><path d="M0"/><path d="M1"/>' });
    expect(svgMarkup(svg!, 10)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="20" height="10" stroke-width="2" aria-hidden="true" focusable="false"><!-- c --><path d="M0"/><path d="M1"/></svg>',
    );
    expect(parseSvg('<svg><path/></svg>')).toBeUndefined();
  });
});
