import { describe, expect, it, vi } from 'vitest';
import { highlightCode } from '../../../src/render/mdx/code/highlight-code.js';
import { createMdxCache } from '../../../src/render/mdx/mdx-cache.js';

/** The highlighted lines of `code` in `cache`, after highlighting `before` blocks in it. */
async function linesAfter(before: readonly [string, string][], lang: string, code: string): Promise<readonly string[]> {
  const cache = createMdxCache();
  for (const [l, c] of before) await highlightCode(cache, l, c);
  const key = await highlightCode(cache, lang, code);
  return cache.highlights.get(key)?.lines ?? [];
}

describe('highlighting does not depend on what was highlighted before', () => {
  it('HTML after a Vue block (vue injects into HTML)', async () => {
    const html = '<div v-if="seen">{{ message }}</div>\n<style>a { color: red }</style>';
    const alone = await linesAfter([], 'html', html);
    const afterVue = await linesAfter([['vue', '<template><p>{{ x }}</p></template>']], 'html', html);
    expect(afterVue).toEqual(alone);
    expect(alone.join('')).toContain('<span');
  }, 30_000);

  it('Markdown with a fenced block after that language was loaded', async () => {
    const md = '# Title\n\n```js\nconst a = 1;\n```\n';
    const alone = await linesAfter([], 'markdown', md);
    const afterJs = await linesAfter([['js', 'let b = 2;']], 'markdown', md);
    expect(afterJs).toEqual(alone);
  }, 30_000);

  it('TypeScript after ts-tags (which injects into TS)', async () => {
    const ts = 'const q = sql`select * from t`;\nconst s = css`a { color: red }`;';
    const alone = await linesAfter([], 'ts', ts);
    const after = await linesAfter([['ts-tags', 'const x = html`<b>x</b>`;']], 'ts', ts);
    expect(after).toEqual(alone);
  }, 30_000);

  it('an unknown language is plain text', async () => {
    expect(await linesAfter([], 'no-such-language', 'a < b')).toEqual(["<span>a &#x3C; b</span>"]);
  }, 30_000);

  // Two builds of the same code differed when a busy machine let a line pass shiki's default
  // 500 ms per line (tokenizing stopped part-way, for one theme only). The clock jumps 100 ms at
  // each reading here (a few dozen readings a line): the colours must be those of a calm machine.
  it('a slow machine (the clock jumping 100 ms per reading) gives the same colours', async () => {
    const tsx = 'export function App() {\n  return <div className="a">{items.map((i) => <Item key={i} />)}</div>;\n}\n';
    const calm = await linesAfter([], 'tsx', tsx);
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 100));
    try {
      expect(await linesAfter([], 'tsx', tsx)).toEqual(calm);
    } finally {
      clock.mockRestore();
    }
    expect(calm.join('')).toContain('--shiki-dark');
  }, 30_000);
});
