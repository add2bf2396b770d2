import { describe, expect, it } from 'vitest';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { render404 } from '../../../src/render/layout/render-404.js';
import { renderRedirectPage } from '../../../src/render/layout/render-redirect-page.js';
import { assets, config, navigation, pages } from './fixture.js';
import { expectGolden, extract } from './golden.js';

const input = { config, navigation, base: '', urlStyle: 'directory' as const, assets, pages, features: defaultFeatures('cloud') };

describe('render404', () => {
  const html = render404(input);

  it('renders the 404 page with the site chrome (golden)', () => {
    expectGolden('not-found', extract(html, '<main'));
  });

  it('is never indexed and uses docs.json errors.404', () => {
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<title>Page not found — Acme</title>');
    const custom = render404({ ...input, config: { ...config, errors: { '404': { title: 'Lost?', description: 'Nothing here.' } } } });
    expect(custom).toContain('<h1 id="page-title" class="sheaf-page-title not-found-title">Lost?</h1><p class="sheaf-page-description not-found-description">Nothing here.</p>');
  });

  it('writes every URL with the given base', () => {
    expect(render404({ ...input, base: '/docs/' })).toContain('<a href="/docs/" data-href="/" class="sheaf-button">');
    expect(html).toContain('<a href="./" data-href="/" class="sheaf-button">');
    expect(html).not.toMatch(/\s(?:href|src)="\//);
  });

  it('shows the default version\'s navigation with nothing active', () => {
    expect(html).toContain('aria-label="Version: v1"');
    expect(html).not.toContain('aria-current="page"');
    expect(html).not.toContain('data-route=');
  });
});

describe('renderRedirectPage', () => {
  it('refreshes to the target, names it canonical and links it (golden)', () => {
    expectGolden('redirect', renderRedirectPage('../new/page/'));
  });

  it('escapes the target in HTML and in the script', () => {
    const html = renderRedirectPage('../a/?q="x"&y=</script>#h');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=../a/?q=&quot;x&quot;&amp;y=&lt;/script&gt;#h">');
    expect(html).toContain('<script>location.replace("../a/?q=\\"x\\"&y=\\u003c/script>#h")</script>');
  });
});
