import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer, markdownToText } from '../../../src/render/operation/markdown-html.js';

describe('createMarkdownRenderer', () => {
  const md = createMarkdownRenderer();

  it('renders CommonMark and GFM (tables, autolinks, strikethrough)', () => {
    expect(md('A *b* `c` [d](https://e.example)')).toBe('<p>A <em>b</em> <code>c</code> <a href="https://e.example">d</a></p>');
    expect(md('See https://x.example and ~~old~~')).toBe('<p>See <a href="https://x.example">https://x.example</a> and <del>old</del></p>');
    expect(md('| a |\n| - |\n| 1 |')).toContain('<table>');
  });

  it('gives plain text the same HTML as the parser would (the fast path)', () => {
    const viaParser = createMarkdownRenderer();
    // `*x*` forces the parser; the same sentence without it takes the fast path.
    expect(md('The name of the repository, not case sensitive.')).toBe('<p>The name of the repository, not case sensitive.</p>');
    expect(viaParser('The name of the *repository*.').replace(/<\/?em>/g, '')).toBe(md('The name of the repository.'));
    expect(md("  It's \"quoted\" (really).  ")).toBe('<p>It&#39;s &quot;quoted&quot; (really).</p>');
    expect(md('1. one')).toBe('<ol>\n<li>one</li>\n</ol>');
    expect(md('- item')).toBe('<ul>\n<li>item</li>\n</ul>');
    expect(md('')).toBe('');
  });

  it('sanitizes: no script, style or iframe, no event handlers, no javascript: or non-image data: URLs', () => {
    expect(md('<script>alert(1)</script>\n\nok')).toBe('<p>ok</p>');
    expect(md('<style>p{}</style>\n\nok')).toBe('<p>ok</p>');
    expect(md('<iframe src="https://x"></iframe>')).toBe('');
    expect(md('<img src="x.png" onerror="alert(1)">')).toBe('<img src="x.png">');
    expect(md('[a](javascript:alert(1)) <a href="JAVASCRIPT:x" onclick="y">b</a>')).toBe('<p><a>a</a> <a>b</a></p>');
    expect(md('![a](data:image/png;base64,AA) ![b](data:text/html;base64,AA)')).toBe('<p><img src="data:image/png;base64,AA" alt="a"> <img alt="b"></p>');
    expect(md('Line<br>break and <b>bold</b>')).toBe('<p>Line<br>break and <b>bold</b></p>');
  });

  it('memoises in the given cache', () => {
    const cache = new Map<string, string>();
    const render = createMarkdownRenderer(cache);
    render('*a*');
    expect([...cache.entries()]).toEqual([['*a*', '<p><em>a</em></p>']]);
    cache.set('*a*', 'cached');
    expect(render('*a*')).toBe('cached');
  });
});

describe('createMarkdownRenderer on a description over 200,000 characters', () => {
  // FUZZ_SEED=396057756 case 326: 3,000,000 characters of `<b>` took 27 s of `sheaf check` and
  // ended in 'Maximum call stack size exceeded' (openapi/operation-skipped).
  it('shows it as escaped text, unparsed; one character less is still parsed', () => {
    const render = createMarkdownRenderer();
    const long = '<b>'.repeat(66_667);
    expect(long.length).toBe(200_001);
    expect(render(long)).toBe(`<p>${'&lt;b&gt;'.repeat(66_667)}</p>`);
    expect(render(`**x** ${'y'.repeat(199_990)}`)).toMatch(/^<p><strong>x<\/strong> y/);
  });
});

describe('markdownToText', () => {
  it('drops markup and collapses whitespace', () => {
    expect(markdownToText('**Note:** see [the docs](https://x) and `code`\n\n<br>next')).toBe('Note: see the docs and code next');
    expect(markdownToText('The form `Bearer <token>`, where `<token>` is <b>your</b> token; `a_b*c`')).toBe('The form Bearer <token>, where <token> is your token; a_b*c');
  });
});
