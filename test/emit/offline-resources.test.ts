import { describe, expect, it } from 'vitest';
import { withoutRemoteResources } from '../../src/emit/offline-resources.js';

/**
 * Air-gapped pages (gap 12 of the issue 11 review): remote resources are held back by reading
 * the HTML as a browser does, never by regular expressions over it. These are the cases a
 * pattern over the text got wrong; test/bundle/gating-units.test.ts holds the basic ones.
 */
describe('withoutRemoteResources reads the HTML as a browser does', () => {
  it('leaves text that only looks like a tag: a script, an attribute value, a comment, a textarea', () => {
    const html = [
      '<script>var s = \'<img src="https://cdn.test/s.png">\';</script>',
      '<div title=\'<img src="https://cdn.test/t.png">\'>t</div>',
      '<!-- <img src="https://cdn.test/c.png"> -->',
      '<textarea><img src="https://cdn.test/ta.png"></textarea>',
    ].join('');
    expect(withoutRemoteResources(html)).toEqual({ html, removed: [] });
  });

  it('holds back what a browser would load: any letter case, unquoted values, <noscript>, <template>, SVG <image>', () => {
    const html = [
      '<IMG SRC=https://cdn.test/a.png alt=a>',
      '<noscript><img src="https://cdn.test/n.png"></noscript>',
      '<template><img src="https://cdn.test/tpl.png"></template>',
      '<svg><image href="https://cdn.test/i.svg"></image><image xlink:href="https://cdn.test/x.svg"></image></svg>',
      '<img src="images/local.png" srcset="data:image/png;base64,AA,BB 1x, https://cdn.test/2.png 2x">',
    ].join('');
    const r = withoutRemoteResources(html);
    expect(r.removed).toEqual(['https://cdn.test/a.png', 'https://cdn.test/n.png', 'https://cdn.test/tpl.png', 'https://cdn.test/i.svg', 'https://cdn.test/x.svg', 'https://cdn.test/2.png']);
    expect(r.html).toBe(
      [
        '<IMG data-sheaf-offline-src=https://cdn.test/a.png alt=a>',
        '<noscript><img data-sheaf-offline-src="https://cdn.test/n.png"></noscript>',
        '<template><img data-sheaf-offline-src="https://cdn.test/tpl.png"></template>',
        '<svg><image data-sheaf-offline-href="https://cdn.test/i.svg"></image><image data-sheaf-offline-xlink-href="https://cdn.test/x.svg"></image></svg>',
        // A comma inside a data: URL is no candidate separator; the local src stays.
        '<img src="images/local.png" data-sheaf-offline-srcset="data:image/png;base64,AA,BB 1x, https://cdn.test/2.png 2x">',
      ].join(''),
    );
  });

  it('an <a href> and a <link> to a local file stay; data: and blob: are no network', () => {
    const html = '<a href="https://x.test/">x</a><link rel="stylesheet" href="_sheaf/a.css"><img src="data:image/png;base64,AAAA"><video src="blob:https://x.test/1"></video>';
    expect(withoutRemoteResources(html)).toEqual({ html, removed: [] });
  });
});
