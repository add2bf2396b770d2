import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { entries, loadFixture, renderEntry } from './helpers.js';
import { operationDisplay } from '../../../src/render/operation/render-operation.js';

/** Elements that run or embed code, or submit somewhere: none may come from the document. */
const ACTIVE = new Set(['script', 'style', 'iframe', 'object', 'embed', 'form', 'frame', 'frameset', 'base', 'meta', 'link', 'template']);
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formAction', 'xLinkHref', 'poster', 'data'];

function elements(node: Root | Element): Element[] {
  return node.children.flatMap((child: RootContent) => (child.type === 'element' ? [child, ...elements(child)] : []));
}

/** Every way the rendered HTML could run script: reported as `tag attr=value` lines. */
function activeParts(html: string): string[] {
  const problems: string[] = [];
  for (const el of elements(fromHtml(html, { fragment: true }))) {
    if (ACTIVE.has(el.tagName)) problems.push(`<${el.tagName}>`);
    for (const [name, value] of Object.entries(el.properties)) {
      if (/^on/i.test(name)) problems.push(`${el.tagName} ${name}`);
      if (!URL_ATTRIBUTES.includes(name)) continue;
      const url = String(value).replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      const dataImage = el.tagName === 'img' && name === 'src' && url.startsWith('data:image/');
      if (/^(javascript|vbscript|data):/.test(url) && !dataImage) problems.push(`${el.tagName} ${name}=${String(value)}`);
    }
  }
  return problems;
}

describe('values from the document come out inert', () => {
  it('descriptions, titles, names, enums, defaults, examples, URLs, media types and statuses', async () => {
    const loaded = await loadFixture('injection');
    for (const e of entries(loaded)) {
      for (const paramsExpanded of ['closed', 'all'] as const) {
        const body = renderEntry(loaded, e, { settings: { ...operationDisplay(undefined), paramsExpanded } });
        expect(activeParts(body.html)).toEqual([]);
        // The text is still there, escaped: the reader sees what the document says.
        expect(body.html).toContain('&lt;script&gt;id&lt;/script&gt;');
        expect(body.html).toContain('&lt;script&gt;alert(&quot;enum&quot;)&lt;/script&gt;');
        expect(body.html).toContain('&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(&quot;example&quot;)&lt;/script&gt;');
        // Read off the markup too (`<` never appears unescaped in text or attribute values).
        expect(body.html).not.toMatch(/<(script|iframe|style|object|embed|form)\b/i);
      }
    }
  });

  it('the check above finds what it is looking for (it can fail)', () => {
    expect(activeParts('<p><a href=" javascript:x">a</a><img src="x" onerror="y"><script></script><img src="data:image/png;base64,AA"></p>')).toEqual([
      'a href= javascript:x',
      'img onError',
      '<script>',
    ]);
  });

  it('x-mint content and descriptions: raw HTML is filtered, not executed', async () => {
    const loaded = await loadFixture('injection');
    const [first] = entries(loaded);
    if (!first) throw new Error('no operation');
    const body = renderEntry(loaded, first, { content: '<script>alert("content")</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(2)) **ok**' });
    expect(activeParts(body.html)).toEqual([]);
    expect(body.html).toContain('<strong>ok</strong>');
    expect(body.html).toContain('<a>x</a>');
  });

  it('headings and search sections are text (escaped where they are shown)', async () => {
    const loaded = await loadFixture('injection');
    const [first] = entries(loaded);
    if (!first) throw new Error('no operation');
    const body = renderEntry(loaded, first);
    expect(body.headings.map((h) => h.text)).toContain('4XX"><script>alert(1)</script>');
    expect(body.html).toContain('4XX&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span>');
    expect(body.headings.every((h) => /^[a-z0-9_-]+$/.test(h.id))).toBe(true);
  });
});
