import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchMintlifyHrefs } from '../../src/emit/href-selectors.js';
import { buildSiteAssets } from '../../src/emit/site-assets.js';
import { CORPUS } from '../corpus/corpus-path.js';

const DIFY_CSS = path.join(CORPUS, 'mintlify', 'langgenius__dify-docs', 'style.css');

describe('matchMintlifyHrefs: selectors on Mintlify’s hrefs also match Sheaf’s data-href', () => {
  it('widens each operator whose value can name an internal href, flags and quotes kept', () => {
    const cases: [string, string][] = [
      ['a[href="/en/home"]', 'a:is([href="/en/home"],[data-href="/en/home"])'],
      ["a[href^='/en/']", "a:is([href^='/en/'],[data-href^='/en/'])"],
      ['a[href$="/home"]', 'a:is([href$="/home"],[data-href$="/home"])'],
      ['a[href$=home]', 'a:is([href$=home],[data-href$=home])'],
      ['a[href*="api-reference" i]', 'a:is([href*="api-reference" i],[data-href*="api-reference" i])'],
      ['a[href|="/en"]', 'a:is([href|="/en"],[data-href|="/en"])'],
      ['a[HREF="/x"]', 'a:is([HREF="/x"],[data-href="/x"])'],
      ['[href="/"]', ':is([href="/"],[data-href="/"])'],
      ['nav a:not([href="/x"]):hover', 'nav a:not(:is([href="/x"],[data-href="/x"])):hover'],
      ['#sidebar-content *:has(> a[href="/en/home"])', '#sidebar-content *:has(> a:is([href="/en/home"],[data-href="/en/home"]))'],
    ];
    for (const [selector, widened] of cases) expect(matchMintlifyHrefs(`${selector} { color: red; }`)).toBe(`${widened} { color: red; }`);
  });

  it('leaves what Sheaf already writes as Mintlify does, and what no data-href can match', () => {
    const kept = [
      'a[href^="https://"] { color: red; }', // external: written as on Mintlify
      'a[href^="//cdn.example.com"] { color: red; }',
      'a[href="#top"] { color: red; }', // fragments too
      'a[href="quickstart"] { color: red; }', // `=` with a relative value: no data-href is relative
      'a[href] { color: red; }', // presence
      'a[xlink|href="/x"] { color: red; }', // namespaced
      'a[data-href="/x"] { color: red; }',
      'a[href=""] { color: red; }',
    ].join('\n');
    expect(matchMintlifyHrefs(kept)).toBe(kept);
  });

  it('keeps the rest of the file byte for byte: comments, at-rules, declarations, other selectors of a list', () => {
    const css = '/* hide */\n@media (min-width: 1024px) {\n  #sidebar a[href="/a"],\n  .x > b { display: none }\n}\n\n.y{color:#fff}\n';
    expect(matchMintlifyHrefs(css)).toBe('/* hide */\n@media (min-width: 1024px) {\n  #sidebar a:is([href="/a"],[data-href="/a"]),\n  .x > b { display: none }\n}\n\n.y{color:#fff}\n');
  });

  it('returns a stylesheet postcss cannot read, and one without href, as written', () => {
    const unclosed = 'a[href="/x"] { color: red;';
    expect(matchMintlifyHrefs(unclosed)).toBe(unclosed);
    const plain = 'body { margin: 0 }';
    expect(matchMintlifyHrefs(plain)).toBe(plain);
  });

  it.skipIf(!existsSync(DIFY_CSS))('dify’s style.css: its six sidebar rules are widened, every other byte is kept', () => {
    const css = readFileSync(DIFY_CSS, 'utf8');
    const out = matchMintlifyHrefs(css);
    const widened = ['en', 'zh', 'ja'].map((l) => `a:is([href="/${l}/home"],[data-href="/${l}/home"])`);
    expect(out.split('\n').slice(17, 23)).toEqual([
      `#sidebar-content ${widened[0]},`,
      `#sidebar-content ${widened[1]},`,
      `#sidebar-content ${widened[2]},`,
      `#sidebar-content *:has(> ${widened[0]}),`,
      `#sidebar-content *:has(> ${widened[1]}),`,
      `#sidebar-content *:has(> ${widened[2]}) {`,
    ]);
    expect(out.replace(/a:is\(\[href="([^"]*)"\],\[data-href="\1"\]\)/g, 'a[href="$1"]')).toBe(css);
    // The data-current-path rules are not about href: as written.
    expect(out).toContain('html[data-current-path="/en/home"] .nav-tabs,');
  });
});

describe('buildSiteAssets: the project’s CSS', () => {
  it('goes into the site stylesheet with its href selectors widened, after Sheaf’s own', () => {
    const built = buildSiteAssets({ css: [{ file: 'style.css', text: '#sidebar-content a[href="/en/home"] { display: none; }\n' }], js: [] }, []);
    const sheet = built.files.find((f) => f.path === built.assets.css[0]);
    const content = sheet && 'content' in sheet ? String(sheet.content) : '';
    expect(content.endsWith('\n/* style.css */\n#sidebar-content a:is([href="/en/home"],[data-href="/en/home"]) { display: none; }\n')).toBe(true);
  });
});
