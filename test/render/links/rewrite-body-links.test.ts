import { describe, expect, it } from 'vitest';
import { rewriteBodyLinks } from '../../../src/render/links/rewrite-body-links.js';
import { resolveSiteLink } from '../../../src/render/links/site-link.js';
import { formatSrcset, parseSrcset } from '../../../src/render/links/srcset.js';

const targets = {
  routes: new Set(['/', '/quickstart', '/api/get-user', '/telephony/daily-sip', '/telephony/exotel-websockets', '/deploy/ci', '/guides']),
  files: new Set(['images/logo.png', 'old/path', 'telephony/images/open-source-cloud.png', 'images/a 1.png', 'images/b.png']),
  redirects: new Set(['old/path']),
};

describe('rewriteBodyLinks: hostile values', () => {
  it('reads links as HTML, writes them encoded, and never lets a path become a scheme', () => {
    const routes = new Set(['/', '/a&b', '/javascript:alert(1)']);
    const { html, broken } = rewriteBodyLinks(
      '<a href="/a&#x26;b">1</a><a href="/a%26b?x=1&amp;y=2#h">2</a><a href="/javascript:alert(1)">3</a><a href="/javascript:alert(2)">4</a><a href="/x&quot;y">5</a>',
      { route: '/', base: '', style: 'directory' },
      { routes, files: new Set(), redirects: new Set() },
    );
    expect(html).toBe(
      '<a href="a%26b/">1</a><a href="a%26b/?x=1&amp;y=2#h">2</a><a href="javascript%3Aalert%281%29/">3</a><a href="javascript%3Aalert%282%29">4</a><a href="x%22y">5</a>',
    );
    expect(broken).toEqual([
      { attribute: 'href', target: '/javascript:alert(2)', path: 'javascript:alert(2)' },
      { attribute: 'href', target: '/x"y', path: 'x"y' },
    ]);
  });
});

describe('rewriteBodyLinks: only attributes of elements the HTML tree holds (read with the tokenizer, as the tree builder would)', () => {
  const broken = (html: string) => rewriteBodyLinks(html, { route: '/a/b', base: '../../', style: 'directory' }, { routes: new Set(['/']), files: new Set(), redirects: new Set() }).broken.map((b) => b.target);

  it('raw text (script, style, textarea, title) holds no links; inside SVG and MathML, style and title are elements, CDATA is text', () => {
    expect(
      broken(
        '<svg><style>a{}</style><a xlink:href="/x">x</a><title><a href="/in-title">t</a></title></svg>\n<script/><a href="/after-self-closed-script">z</a></script><a href="/after-script">y</a>\n' +
          '<math><mi><![CDATA[<a href="/cdata">]]></mi></math><noscript><a href="/noscript">n</a></noscript>\n<textarea><a href="/ta"></textarea><img srcset="/a.png 1x, /b.png 2x" src=/c.png><a HREF=\'/upper\' href="/dup">u</a>\n' +
          '<select><a href="/in-select">s</a></select><table><a href="/foster">f</a></table><object data="/obj"></object><form action="/act"><button formaction="/fa"></button></form>\n' +
          '<p><svg><foreignObject><style><a href="/fo-style"></style></foreignObject></svg><svg><p><style><a href="/breakout"></style>',
      ),
    ).toEqual(['/x', '/in-title', '/after-script', '/noscript', '/a.png', '/b.png', '/c.png', '/upper', '/foster', '/obj', '/act', '/fa']);
  });

  it('what the tree builder closes, drops or keeps apart in SVG, MathML, <select> and <template>: as the tree reads it (the tree when the tokenizer alone might not)', () => {
    const cases: [string, string[]][] = [
      ["<div><svg></div><style><a href=\"/x\"></style>",[]],
      ["<svg></p><style><a href=\"/x\"></style>",[]],
      ["<svg></br><style><a href=\"/x\"></style>",[]],
      ["<template><svg></template><style><a href=\"/x\"></style>",[]],
      ["<math><mtext><p></mtext><style><a href=\"/x\">",[]],
      ["<svg><foreignObject><p></foreignObject><style><a href=\"/x\"></style>",[]],
      ["<math><annotation-xml encoding=\"text/html\"><style><a href=\"/x\"></style>",[]],
      ["<svg><math><mi><style><a href=\"/x\">",["/x"]],
      ["<math><svg><desc><style><a href=\"/x\">",["/x"]],
      ["<select><script src=\"/x\"></script></select>",["/x"]],
      ["<select><select><a href=\"/x\">",["/x"]],
      ["<table><tr><td><select><td><a href=\"/x\">",["/x"]],
      ["<select><style></select><a href=\"/x\">",["/x"]],
      ["<select><svg></select><style><a href=\"/x\">",[]],
      ["<select id=\"s\"><option value=\"0\" selected>a</option><optgroup label=\"g\"><option data=\"/o\">b</option></optgroup></select><a href=\"/x\">",["/o","/x"]],
      ["<svg><foreignObject></svg><svg><title><a href=\"/t\"></a></title></svg><a href=\"/x\">",["/t","/x"]],
      ["<select><option>a</option></select><select><option><a href=\"/in\">b</a></option></select><a href=\"/x\">",["/x"]],
      ["<svg><a formaction=\"/x\"></a></svg><svg><image srcset=\"/x 1x\"/></svg>",[]],
      ["<math><mi><mglyph><![CDATA[ x > <a href=\"/x\"> ]]>",[]],
      ["<p><svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"/></svg><a href=\"/ok\">ok</a><svg><use href=\"/sprite.svg#i\"></use></svg><svg href=\"/x\" srcset=\"/y 1x\"><g><circle r=\"1\"/></g></svg>",["/ok","/sprite.svg#i","/x"]],
    ];
    for (const [html, targets] of cases) expect([html, broken(html)]).toEqual([html, targets]);
  });

  it('a body whose links all stay as written is returned untouched; anything that may be a site link is read, however it is spelled', () => {
    const stays = '<a href="#top">t</a><a href="https://x.test/a?b=1&amp;c=2">x</a><a href=" //cdn.test/x">c</a><a href="">e</a><img src="data:image/png;base64,AA"><p data-x="/not-a-link">';
    expect(rewriteBodyLinks(stays, { route: '/a/b', base: '../../', style: 'directory' }, { routes: new Set(['/']), files: new Set(), redirects: new Set() })).toEqual({ html: stays, broken: [] });
    const cases: [string, string[]][] = [
      ['<a HREF="/upper">u</a>', ['/upper']],
      ['<a href="&#47;ref">r</a>', ['/ref']],
      ['<a href="https&#58;//x.test">r</a><a href="&#35;top">t</a>', []],
      ['<a title=\'href="\' href="/hidden">h</a>', ['/hidden']],
      ['<a href="\u00a0https://x.test">n</a>', ['https://x.test']],
      ['<a href = /spaced>s</a>', ['/spaced']],
      ['<img srcset="https://x.test/a.png 1x, /b.png 2x">', ['/b.png']],
      ['<form><button formaction="/fa"></button></form><svg><a xlink:href="/xl"></a></svg>', ['/fa', '/xl']],
    ];
    for (const [html, expected] of cases) expect([html, broken(html)]).toEqual([html, expected]);
  });

  it('an SVG element left open ends with its </svg>; a <template> holds its content apart, to its end', () => {
    expect(broken('<svg><g><style>x</svg><script><a href="/in-script"></script><a href="/ok">')).toEqual(['/ok']);
    expect(broken('<template><a href="/in-template">t</a></template><a href="/after">a</a><template/><a href="/in-open-template">')).toEqual(['/after']);
  });
});

describe('rewriteBodyLinks: site-absolute links', () => {
  it('makes them relative to the written file, keeping queries and anchors', () => {
    const { html, broken } = rewriteBodyLinks(
      '<a href="/quickstart#step-2">q</a><a href="/">home</a><img src="/images/logo.png"><a href="/api/get-user/">u</a><a href="https://x.test/a">x</a><a href="#top">t</a><a href="//cdn.test/x">c</a><a href="/old/path">o</a>',
      { route: '/a/b', base: '../../', style: 'directory' },
      targets,
    );
    expect(html).toBe(
      '<a href="../../quickstart/#step-2">q</a><a href="../../">home</a><img src="../../images/logo.png"><a href="../../api/get-user/">u</a><a href="https://x.test/a">x</a><a href="#top">t</a><a href="//cdn.test/x">c</a><a href="../../old/path">o</a>',
    );
    expect(broken).toEqual([]);
  });

  it('accepts .mdx suffixes and case differences of routes, and reports what exists nowhere', () => {
    const { html, broken } = rewriteBodyLinks(
      '<a href="/Quickstart">a</a><a href="/quickstart.mdx">b</a><a href="/nope">c</a><img src="/images/missing.png"><a href="/index">h</a><a href="/api/get-user/index.mdx#x">i</a>',
      { route: '/', base: '', style: 'directory' },
      targets,
    );
    expect(html).toBe(
      '<a href="quickstart/">a</a><a href="quickstart/">b</a><a href="nope">c</a><img src="images/missing.png"><a href="./">h</a><a href="api/get-user/#x">i</a>',
    );
    expect(broken).toEqual([
      { attribute: 'href', target: '/nope', path: 'nope' },
      { attribute: 'src', target: '/images/missing.png', path: 'images/missing.png' },
    ]);
  });
});

describe('rewriteBodyLinks: relative links resolve against the page URL without a trailing slash', () => {
  // The issue's own example: `./exotel-websockets` on /telephony/daily-sip is /telephony/exotel-websockets.
  it('./x, ../x and bare x on /telephony/daily-sip', () => {
    const { html, broken } = rewriteBodyLinks(
      '<a href="./exotel-websockets">e</a><img src="./images/open-source-cloud.png"><a href="../deploy/ci#x">d</a><a href="exotel-websockets?a=1">b</a><a href="../../../quickstart">clamped</a><a href="./gone">g</a>',
      { route: '/telephony/daily-sip', base: '../../', style: 'directory' },
      targets,
    );
    expect(html).toBe(
      '<a href="../../telephony/exotel-websockets/">e</a><img src="../../telephony/images/open-source-cloud.png"><a href="../../deploy/ci/#x">d</a><a href="../../telephony/exotel-websockets/?a=1">b</a><a href="../../quickstart/">clamped</a><a href="../../telephony/gone">g</a>',
    );
    expect(broken).toEqual([{ attribute: 'href', target: './gone', path: 'telephony/gone' }]);
  });

  it('an index page (route /guides from guides/index.mdx) resolves as the browser does: ./x is /x (the amendment, not the source folder)', () => {
    expect(resolveSiteLink('./quickstart', { route: '/guides', base: '../', style: 'directory' }, targets)).toEqual({ url: '../quickstart/', route: '/quickstart' });
    expect(resolveSiteLink('deploy/ci', { route: '/', base: '', style: 'directory' }, targets)).toEqual({ url: 'deploy/ci/', route: '/deploy/ci' });
  });

  it('in the html URL style, links name the pages\' files and the redirect pages\' files; other files stay as they are', () => {
    const place = { route: '/telephony/daily-sip', base: '../', style: 'html' as const };
    expect(resolveSiteLink('./exotel-websockets#a', place, targets)).toEqual({ url: '../telephony/exotel-websockets.html#a', route: '/telephony/exotel-websockets' });
    expect(resolveSiteLink('/', place, targets)).toEqual({ url: '../index.html', route: '/' });
    expect(resolveSiteLink('/guides/', place, targets)).toEqual({ url: '../guides.html', route: '/guides' });
    expect(resolveSiteLink('/old/path?x=1', place, targets)).toEqual({ url: '../old/path.html?x=1' });
    expect(resolveSiteLink('images/open-source-cloud.png', place, targets)).toEqual({ url: '../telephony/images/open-source-cloud.png' });
    expect(resolveSiteLink('/nope', place, targets)).toEqual({ url: '../nope', missing: 'nope' });
    const { html } = rewriteBodyLinks('<a href="/quickstart">q</a><a href="/deploy/ci#x">d</a><img src="/images/logo.png">', { route: '/', base: '', style: 'html' }, targets);
    expect(html).toBe('<a href="quickstart.html">q</a><a href="deploy/ci.html#x">d</a><img src="images/logo.png">');
  });

  it('the copy of a page written at the root keeps the links of the page (resolved against its route, written from the root)', () => {
    const { html } = rewriteBodyLinks('<a href="./exotel-websockets">e</a><a href="/">r</a>', { route: '/telephony/daily-sip', base: '', style: 'directory' }, targets);
    expect(html).toBe('<a href="telephony/exotel-websockets/">e</a><a href="./">r</a>');
  });

  it('leaves fragments, queries, empty values and schemes as written', () => {
    for (const value of ['#a', '?tab=2', '', '   ', 'mailto:a@b.test', 'data:image/png;base64,AA==', 'tel:+1', 'HTTPS://x.test']) {
      expect(resolveSiteLink(value, { route: '/a/b', base: '../../', style: 'directory' }, targets)).toBeUndefined();
    }
  });
});

describe('rewriteBodyLinks: only attributes change, never text', () => {
  it('keeps a code sample showing href="/components/columns" byte for byte, and the rest of the HTML as written', () => {
    const code = '<pre class="shiki"><code><span>&#x3C;Card href="/quickstart" src="./images/logo.png"></span>\n<span>[x](/quickstart)</span></code></pre>';
    const input = `<p>See <a class="x" href='/quickstart' data-x=1>q</a>.</p>${code}<br/><img alt="a &amp; b" src=/images/logo.png>`;
    const { html, broken } = rewriteBodyLinks(input, { route: '/a', base: '../', style: 'directory' }, targets);
    expect(html).toBe(`<p>See <a class="x" href="../quickstart/" data-x=1>q</a>.</p>${code}<br/><img alt="a &amp; b" src="../images/logo.png">`);
    expect(broken).toEqual([]);
  });

  it('returns the input itself when no attribute changes', () => {
    const input = '<p>No <code>href="/x"</code> links <a href="https://x.test">here</a></p>';
    expect(rewriteBodyLinks(input, { route: '/a', base: '../', style: 'directory' }, targets)).toEqual({ html: input, broken: [] });
  });

  it('rewrites srcset, poster, xlink:href and source src; reports a missing srcset image as an asset', () => {
    const { html, broken } = rewriteBodyLinks(
      '<picture><source srcset="/images/logo.png 1x, ../images/b.png 2x"><img srcset="/images/none.png 480w" src="/images/logo.png"></picture><video poster="/images/b.png"><source src="/images/b.png"></video><svg><use xlink:href="/images/logo.png#i"></use></svg>',
      { route: '/images/x', base: '../../', style: 'directory' },
      targets,
    );
    expect(html).toBe(
      '<picture><source srcset="../../images/logo.png 1x, ../../images/b.png 2x"><img srcset="../../images/none.png 480w" src="../../images/logo.png"></picture><video poster="../../images/b.png"><source src="../../images/b.png"></video><svg><use xlink:href="../../images/logo.png#i"></use></svg>',
    );
    expect(broken).toEqual([{ attribute: 'srcset', target: '/images/none.png', path: 'images/none.png' }]);
  });

  it('a file name with a space, written as %20 or as a space, is the same file', () => {
    const { html, broken } = rewriteBodyLinks('<img src="/images/a%201.png"><img src="/images/a 1.png">', { route: '/', base: '', style: 'directory' }, targets);
    expect(html).toBe('<img src="images/a%201.png"><img src="images/a%201.png">');
    expect(broken).toEqual([]);
  });
});

describe('srcset', () => {
  it('splits candidates at commas after URLs and descriptors, never inside a data: URL', () => {
    expect(parseSrcset(' a.png 1x,b.png  2x ,data:image/png;base64,AA== 3x, c.png')).toEqual([
      { url: 'a.png', descriptors: '1x' },
      { url: 'b.png', descriptors: '2x' },
      { url: 'data:image/png;base64,AA==', descriptors: '3x' },
      { url: 'c.png', descriptors: '' },
    ]);
    expect(parseSrcset('a.png,, b.png')).toEqual([
      { url: 'a.png', descriptors: '' },
      { url: 'b.png', descriptors: '' },
    ]);
    expect(formatSrcset(parseSrcset('a.png 1x,b.png'))).toBe('a.png 1x, b.png');
  });
});
