import { describe, expect, it } from 'vitest';
import { withoutRemoteResources } from '../../src/emit/offline-resources.js';
import { planAnalytics } from '../../src/render/layout/analytics.js';
import { withoutPlayground } from '../../src/render/layout/without-playground.js';

describe('withoutPlayground', () => {
  const playground = '<div class="sheaf-aside" data-aside="playground"><div class="a"><div>x</div></div><script type="application/json">{"s":"\\u003c/div>"}</script></div>';
  const samples = '<div class="sheaf-aside" data-aside="request"><div>curl</div></div>';

  it('removes the Try-it panel and keeps the samples after it', () => {
    expect(withoutPlayground(playground + samples)).toBe(samples);
  });

  it('is undefined when only the panel was there, and leaves other asides alone', () => {
    expect(withoutPlayground(playground)).toBeUndefined();
    expect(withoutPlayground(samples)).toBe(samples);
    expect(withoutPlayground(undefined)).toBeUndefined();
  });

  it('removes every panel when there are several', () => {
    expect(withoutPlayground(samples + playground + samples + playground)).toBe(samples + samples);
  });
});

describe('withoutRemoteResources (air-gapped pages)', () => {
  it('holds back remote src, srcset, poster, iframe and stylesheet URLs, and keeps links and local files', () => {
    const html = [
      '<p><img src="https://cdn.test/a.png" alt="a"><img src="images/b.png" alt="b"></p>',
      '<img srcset="/x.png 1x, https://cdn.test/x2.png 2x">',
      "<video poster='http://cdn.test/p.jpg' src=//cdn.test/v.mp4></video>",
      '<iframe src="https://www.youtube.com/embed/1" title="a > b"></iframe>',
      '<link rel="stylesheet" href="https://fonts.test/f.css"><a href="https://example.com">x</a>',
      '<img src="data:image/png;base64,AAAA">',
      '<code>&lt;img src="https://in.text/c.png"&gt;</code>',
    ].join('');
    const r = withoutRemoteResources(html);
    expect(r.removed).toEqual([
      'https://cdn.test/a.png',
      'https://cdn.test/x2.png',
      'http://cdn.test/p.jpg',
      '//cdn.test/v.mp4',
      'https://www.youtube.com/embed/1',
      'https://fonts.test/f.css',
    ]);
    expect(r.html).toBe(
      [
        '<p><img data-sheaf-offline-src="https://cdn.test/a.png" alt="a"><img src="images/b.png" alt="b"></p>',
        '<img data-sheaf-offline-srcset="/x.png 1x, https://cdn.test/x2.png 2x">',
        "<video data-sheaf-offline-poster='http://cdn.test/p.jpg' data-sheaf-offline-src=//cdn.test/v.mp4></video>",
        '<iframe data-sheaf-offline-src="https://www.youtube.com/embed/1" title="a > b"></iframe>',
        '<link rel="stylesheet" data-sheaf-offline-href="https://fonts.test/f.css"><a href="https://example.com">x</a>',
        '<img src="data:image/png;base64,AAAA">',
        '<code>&lt;img src="https://in.text/c.png"&gt;</code>',
      ].join(''),
    );
  });

  it('returns the same string when nothing is remote', () => {
    const html = '<p><img src="a.png"></p>';
    expect(withoutRemoteResources(html)).toEqual({ html, removed: [] });
  });
});

describe('planAnalytics (docs.json integrations)', () => {
  it('renders the supported providers from fixed script URLs, sorted by provider', () => {
    const plan = planAnalytics({
      integrations: {
        plausible: { domain: 'docs.acme.test' },
        ga4: { measurementId: 'G-ABCD1234' },
        fathom: { siteId: 'ABCDEF' },
        gtm: { tagId: 'GTM-AB12CD' },
        posthog: { apiKey: 'phc_0123456789abcdef' },
        telemetry: { enabled: false },
      },
    });
    expect(plan.scripts.map((s) => [s.provider, s.src ?? 'inline'])).toEqual([
      ['fathom', 'https://cdn.usefathom.com/script.js'],
      ['ga4', 'https://www.googletagmanager.com/gtag/js?id=G-ABCD1234'],
      ['ga4', 'inline'],
      ['gtm', 'inline'],
      ['gtm', 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD'],
      ['plausible', 'https://plausible.io/js/script.js'],
      ['posthog', 'https://us-assets.i.posthog.com/static/array.js'],
      ['posthog', 'inline'],
    ]);
    expect(plan.scripts.find((s) => s.provider === 'plausible')?.attributes).toEqual({ 'data-domain': 'docs.acme.test' });
    expect(plan.unsupported).toEqual([]);
    expect(plan.invalid).toEqual([]);
  });

  it('refuses values that could break out of a tag, and names providers it does not render', () => {
    const plan = planAnalytics({
      integrations: {
        ga4: { measurementId: 'G-1"><script>alert(1)</script>' },
        plausible: { domain: 'docs.acme.test', server: 'javascript:alert(1)' },
        posthog: { apiKey: 'phc_0123456789abcdef', apiHost: 'http://plain.test' },
        hotjar: { hjid: '1"><script>', hjsv: '6' },
        segment: { key: 'k' },
        // A key the schema may add before Sheaf renders it.
        ...({ newtool: { id: 'x' } } as unknown as Record<string, never>),
      },
    });
    expect(plan.scripts).toEqual([]);
    expect(plan.unsupported).toEqual(['newtool']);
    expect(plan.invalid).toEqual([
      { provider: 'ga4', reason: '`measurementId` must look like `G-XXXXXXX`' },
      { provider: 'hotjar', reason: '`hjid` must be 1 to 12 digits' },
      { provider: 'plausible', reason: '`server` must be a host name (such as `plausible.example.com`) or an https URL' },
      { provider: 'posthog', reason: '`apiHost` must be an https URL' },
      { provider: 'segment', reason: '`key` must be the write key (letters and digits)' },
    ]);
  });

  it('has nothing to render without integrations', () => {
    expect(planAnalytics({})).toEqual({ scripts: [], unsupported: [], invalid: [], partial: [] });
  });
});
