import { describe, expect, it } from 'vitest';
import { markdownDestinations, rewriteMarkdownLinks } from '../../../src/render/links/markdown-links.js';
import { rootSiteLink, type LinkTargets } from '../../../src/render/links/site-link.js';

const targets: LinkTargets = {
  routes: new Set(['/', '/cli', '/es/cli', '/agent', '/guides/setup', '/a b']),
  files: new Set(['images/a.png', 'old/path']),
  redirects: new Set(['old/path']),
};

describe('rootSiteLink: a link as a static host must follow it, root-absolute', () => {
  it('names a page by its own path: /x/index, /x/index.mdx, /x.md, /x.mdx, /index and letter case', () => {
    const urls = ['/cli/index', '/cli/index.mdx', '/cli.md', '/cli.mdx', '/CLI', '/es/cli/index#install', '/agent/index?tab=1#a', '/index', '/index.mdx'].map((u) => rootSiteLink(u, '/guides/setup', targets));
    expect(urls).toEqual([
      { url: '/cli' },
      { url: '/cli' },
      { url: '/cli' },
      { url: '/cli' },
      { url: '/cli' },
      { url: '/es/cli#install' },
      { url: '/agent?tab=1#a' },
      { url: '/' },
      { url: '/' },
    ]);
  });

  it('keeps what already names its target, and what leaves the site', () => {
    for (const u of ['/cli', '/cli/', '/cli#x', '/', '/images/a.png', '/old/path', 'https://x.test/cli/index', '//cdn.test/a', '#top', '?q', '', 'mailto:a@b.test', '../cli', 'setup'])
      expect([u, rootSiteLink(u, '/guides/setup', targets)]).toEqual([u, undefined]);
  });

  it('a relative link is rewritten only when it names a page by another path, or with absolute (llms-full.txt)', () => {
    expect(rootSiteLink('./setup/index', '/guides/setup', targets)).toEqual({ url: '/guides/setup' });
    expect(rootSiteLink('../cli', '/guides/setup', targets, true)).toEqual({ url: '/cli' });
    expect(rootSiteLink('../images/a.png', '/guides/setup', targets, true)).toEqual({ url: '/images/a.png' });
    expect(rootSiteLink('./nope#x', '/guides/setup', targets, true)).toEqual({ url: '/guides/nope#x', missing: 'guides/nope' });
    expect(rootSiteLink('./nope', '/guides/setup', targets)).toBeUndefined();
    // A route with a space is written encoded.
    expect(rootSiteLink('/a%20b/index', '/', targets)).toEqual({ url: '/a%20b' });
  });
});

describe('markdownDestinations: read as CommonMark with GFM reads them', () => {
  it('links, images and definitions, where the destination stands; never code, text or a footnote', () => {
    const md = '[a](/a "t") ![i](<./i (1).png>) [r][x] `[c](/c)` [^1]\n\n[x]: /x\\_y\n\n```\n[d](/d)\n```\n\n[^1]: /note\n';
    const found = markdownDestinations(md);
    expect(found.map((d) => [d.url, md.slice(d.start, d.end)])).toEqual([
      ['/a', '/a'],
      ['./i (1).png', './i (1).png'],
      ['/x_y', '/x\\_y'],
    ]);
  });
});

describe('rewriteMarkdownLinks: the links of a Markdown copy', () => {
  it('changes only the destinations that must change, in place, every other byte as written', () => {
    const md =
      '# CLI\n\n**[Explore CLI commands](/cli/index)** and [assistant](/agent/index "Agent").\n\n' +
      '| a | b |\n| - | - |\n| [x](/CLI) | `[y](/cli/index)` |\n\n```mdx\n<Card href="/cli/index">[z](/cli/index)</Card>\n```\n\n[ref]: </es/cli/index.mdx#a>\n';
    expect(rewriteMarkdownLinks(md, '/guides/setup', targets).copy).toBe(
      '# CLI\n\n**[Explore CLI commands](/cli)** and [assistant](/agent "Agent").\n\n' +
        '| a | b |\n| - | - |\n| [x](/cli) | `[y](/cli/index)` |\n\n```mdx\n<Card href="/cli/index">[z](/cli/index)</Card>\n```\n\n[ref]: </es/cli#a>\n',
    );
  });

  it('returns the input itself when nothing changes', () => {
    const md = '[a](/cli) [b](./x) ![c](/images/a.png)\n';
    expect(rewriteMarkdownLinks(md, '/guides/setup', targets).copy).toBe(md);
    expect(rewriteMarkdownLinks('no links at all', '/', targets)).toEqual({ copy: 'no links at all', full: 'no links at all' });
  });

  it('full (llms-full.txt): relative links and images become root-absolute, resolved against the page URL; the copy keeps them', () => {
    expect(rewriteMarkdownLinks('[s](./setup) [c](../cli#x) ![i](../images/a.png) [n](nope) [x](/cli/index)\n', '/guides/setup', targets)).toEqual({
      copy: '[s](./setup) [c](../cli#x) ![i](../images/a.png) [n](nope) [x](/cli)\n',
      full: '[s](/guides/setup) [c](/cli#x) ![i](/images/a.png) [n](/guides/nope) [x](/cli)\n',
      urls: { copy: ['./setup', '../cli#x', '../images/a.png', 'nope', '/cli'], full: ['/guides/setup', '/cli#x', '/images/a.png', '/guides/nope', '/cli'] },
    });
  });

  it('knows the URLs of both texts, as reading them finds them, when the text ends at the top level; not when a block stays open', () => {
    for (const md of ['[a](</cli/index#a b(c)\\<d\\>&amp;e\\\\f>) [b](/cli/index#(x))\n', '- [s](./setup)\n\n  > ![i](../images/a.png)\n\n[d]: ../cli/index\n', '```js\n[in code](/x)\n```\n[after](/cli/index)']) {
      const out = rewriteMarkdownLinks(md, '/guides/setup', targets);
      expect(out.urls).toEqual({ copy: markdownDestinations(out.copy).map((d) => d.url), full: markdownDestinations(out.full).map((d) => d.url) });
    }
    // An open fence, an open HTML comment: what a file puts after the text could read as part of it.
    expect(rewriteMarkdownLinks('[a](/cli)\n\n```\nopen', '/', targets).urls).toBeUndefined();
    expect(rewriteMarkdownLinks('[a](/cli)\n\n<!-- open', '/', targets).urls).toBeUndefined();
    expect(rewriteMarkdownLinks('[a](/cli)\n\n<!-- open', '/', targets).copy).toBe('[a](/cli)\n\n<!-- open');
  });

  it("writes the author's query and fragment so they stay one destination: spaces, parentheses, <, >, & and \\ cannot end it or form syntax", () => {
    const out = rewriteMarkdownLinks('[a](</cli/index#a b(c)\\<d\\>&amp;e\\\\f>) [b](/cli/index#(x))\n', '/', targets).copy;
    // The brackets of `<…>` are kept (they are not part of the destination).
    expect(out).toBe('[a](</cli#a%20b%28c%29%3Cd%3E\\&e\\\\f>) [b](/cli#%28x%29)\n');
    expect(markdownDestinations(out).map((d) => d.url)).toEqual(['/cli#a%20b%28c%29%3Cd%3E&e\\f', '/cli#%28x%29']);
  });
});
