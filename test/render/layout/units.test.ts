import { describe, expect, it } from 'vitest';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { brandStyle, luminance } from '../../../src/render/layout/brand-style.js';
import { fileHref, isExternal, linkAttributes, mintlifyHref, mintlifyRouteHref, resolveHref, routeHref } from '../../../src/render/layout/href.js';
import { renderInlineMarkdown } from '../../../src/render/layout/inline-markdown.js';
import { htmlLanguage, languageName } from '../../../src/render/layout/languages.js';
import { readLayoutConfig } from '../../../src/render/layout/layout-config.js';
import { readPageDisplay } from '../../../src/render/layout/page-display.js';
import { config } from './fixture.js';

describe('href', () => {
  it('links routes as folders relative to the page', () => {
    expect(routeHref('', '/', 'directory')).toBe('./');
    expect(routeHref('../../', '/', 'directory')).toBe('../../');
    expect(routeHref('', '/quickstart', 'directory')).toBe('quickstart/');
    expect(routeHref('../', '/a/b', 'directory')).toBe('../a/b/');
  });

  it('keeps external URLs and fragments, makes site paths relative, files as files', () => {
    expect(resolveHref('../', 'https://x.test/a', 'directory')).toBe('https://x.test/a');
    expect(resolveHref('../', 'mailto:a@b.c', 'directory')).toBe('mailto:a@b.c');
    expect(resolveHref('../', '//cdn.test/x', 'directory')).toBe('//cdn.test/x');
    expect(resolveHref('../', '#top', 'directory')).toBe('#top');
    expect(resolveHref('../', '/quickstart?x=1#y', 'directory')).toBe('../quickstart/?x=1#y');
    expect(resolveHref('../', '/guides/', 'directory')).toBe('../guides/');
    expect(resolveHref('../', 'guides', 'directory')).toBe('../guides/');
    expect(resolveHref('../', '/', 'directory')).toBe('../');
    expect(resolveHref('', '/', 'directory')).toBe('./');
    expect(resolveHref('../', '/files/spec.pdf', 'directory')).toBe('../files/spec.pdf');
    expect(fileHref('../../', './logo/a.svg')).toBe('../../logo/a.svg');
    expect(isExternal('C:/x')).toBe(true);
    expect(isExternal('logo.svg')).toBe(false);
  });

  it('writes Mintlify\'s href of a route: root-absolute, no trailing slash, encoded as links are', () => {
    expect(mintlifyRouteHref('/')).toBe('/');
    expect(mintlifyRouteHref('/en/home')).toBe('/en/home');
    expect(mintlifyRouteHref('/a b/c?')).toBe('/a%20b/c%3F');
  });

  it('writes Mintlify\'s href of an author\'s href for site paths only, query and fragment kept', () => {
    expect(mintlifyHref('/quickstart?x=1#y')).toBe('/quickstart?x=1#y');
    expect(mintlifyHref('guides/')).toBe('/guides');
    expect(mintlifyHref('./files/spec.pdf')).toBe('/files/spec.pdf');
    expect(mintlifyHref('/')).toBe('/');
    expect([mintlifyHref('https://x.test/a'), mintlifyHref('//cdn.test/x'), mintlifyHref('#top'), mintlifyHref(' '), mintlifyHref('javascript:alert(1)')]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('gives a link its relative href and, inside the site, Mintlify\'s as data-href', () => {
    expect(linkAttributes('../../', { route: '/en/home' }, 'directory')).toEqual({ href: '../../en/home/', 'data-href': '/en/home' });
    expect(linkAttributes('', { route: '/' }, 'directory')).toEqual({ href: './', 'data-href': '/' });
    expect(linkAttributes('../', { href: '/quickstart#y' }, 'directory')).toEqual({ href: '../quickstart/#y', 'data-href': '/quickstart#y' });
    expect(linkAttributes('../', { href: 'https://x.test/a' }, 'directory')).toEqual({ href: 'https://x.test/a' });
    expect(linkAttributes('../', { href: 'javascript:alert(1)' }, 'directory')).toEqual({});
  });
});

describe('renderInlineMarkdown', () => {
  it('renders links, strong, emphasis and code, escaping everything else', () => {
    expect(renderInlineMarkdown('**New**: see [*the* docs](/guide) & `a<b>` <i>x</i>', '../', 'directory')).toBe(
      '<strong>New</strong>: see <a href="../guide/" data-href="/guide"><em>the</em> docs</a> &amp; <code>a&lt;b&gt;</code> &lt;i&gt;x&lt;/i&gt;',
    );
  });

  it('escapes link targets and leaves snake_case alone', () => {
    expect(renderInlineMarkdown('[x](https://a.test/?q="1") my_var_name', '', 'directory')).toBe('<a href="https://a.test/?q=&quot;1&quot;">x</a> my_var_name');
  });
});

describe('brand style', () => {
  it('measures relative luminance', () => {
    expect(luminance('#000')).toBe(0);
    expect(luminance('#ffffff')).toBe(1);
    expect(luminance('#0D9373')).toBeCloseTo(0.2219, 3);
  });

  it('darkens a pale primary for text in light mode and uses dark text on pale buttons', () => {
    const style = brandStyle(readLayoutConfig({ ...config, colors: { primary: '#A8FF53' } }), '', defaultFeatures('cloud'));
    expect(style).toContain('--sheaf-accent:color-mix(in srgb, #A8FF53 62%, #000)');
    expect(style).toContain('--sheaf-on-primary:#0b0d0e');
  });

  it('adds background colours and fonts, sanitised', () => {
    const style = brandStyle(
      readLayoutConfig({ ...config, background: { color: { light: '#fafafa', dark: '#000000' } }, fonts: { heading: { family: 'Ev"il}</style>', source: '/fonts/a b.woff2', weight: 600 } } }),
      '../',
      defaultFeatures('cloud'),
    );
    expect(style).toBe(
      '@font-face{font-family:"Evil/style";src:url("../fonts/a%20b.woff2") format("woff2");font-weight:600;font-display:swap}\n' +
        ':root{--sheaf-primary:#0D9373;--sheaf-primary-light:#07C983;--sheaf-primary-dark:#0D9373;--sheaf-accent:#0D9373;--sheaf-on-primary:#ffffff;--sheaf-bg:#fafafa;--sheaf-font-heading:"Evil/style",var(--sheaf-font-system);--sheaf-font-weight-heading:600}\n' +
        'html.dark{--sheaf-accent:#07C983;--sheaf-bg:#000000}',
    );
  });

  it('loads a family without `source` from Google Fonts (first, in its weight), only with the network', () => {
    const both = readLayoutConfig({ ...config, fonts: { family: 'Source Sans 3' } });
    expect(brandStyle(both, '', defaultFeatures('cloud')).split('\n')[0]).toBe(
      '@import url("https://fonts.googleapis.com/css2?family=Source+Sans+3:wght@400;500;600;700&display=swap");',
    );
    const split = readLayoutConfig({ ...config, fonts: { heading: { family: 'Inter', weight: 550 }, body: { family: 'Lora', source: '/fonts/lora.woff2' } } });
    const lines = brandStyle(split, '', defaultFeatures('client-hosted')).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '@import url("https://fonts.googleapis.com/css2?family=Inter:wght@550&display=swap");',
      '@font-face{font-family:"Lora";src:url("fonts/lora.woff2") format("woff2");font-display:swap}',
    ]);
    expect(lines[2]).toContain('--sheaf-font-heading:"Inter",var(--sheaf-font-system);--sheaf-font-weight-heading:550');
    const offline = brandStyle(split, '', defaultFeatures('air-gapped'));
    expect(offline).not.toContain('googleapis');
    expect(offline).toContain('@font-face{font-family:"Lora"');
  });

  it('falls back to the default primary for an invalid colour', () => {
    expect(readLayoutConfig({ ...config, colors: { primary: 'red;}' } }).colors).toEqual({ primary: '#0D9373', light: '#0D9373', dark: '#0D9373' });
  });
});

describe('page display', () => {
  it('reads mode, noindex and hideFooterPagination; hidden pages are noindex', () => {
    expect(readPageDisplay(undefined, false)).toEqual({ mode: 'default', noindex: false, hidePagination: false });
    expect(readPageDisplay({ mode: 'wide', noindex: true, hideFooterPagination: true }, false)).toEqual({ mode: 'wide', noindex: true, hidePagination: true });
    expect(readPageDisplay({ mode: 'huge', noindex: 'yes' }, true)).toEqual({ mode: 'default', noindex: true, hidePagination: false });
  });
});

describe('languages', () => {
  it('names languages in themselves and maps codes to html lang and direction', () => {
    expect(languageName('fr')).toBe('Français');
    expect(languageName('xx')).toBe('xx');
    expect(htmlLanguage(undefined)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(htmlLanguage('cn')).toEqual({ lang: 'zh-CN', dir: 'ltr' });
    expect(htmlLanguage('ar')).toEqual({ lang: 'ar', dir: 'rtl' });
  });
});
