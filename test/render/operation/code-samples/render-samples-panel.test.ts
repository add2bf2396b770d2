import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { codeSamplesFor, renderSamplesPanel, responseExamples } from '../../../../src/render/operation/code-samples/index.js';
import { loadFixture, modelOf, settings } from './helpers.js';

const request = [
  { label: 'cURL', language: 'bash', code: "curl --request GET \\\n  --url 'https://api.example.com/a?b=1&c=2'" },
  { label: 'Python', language: 'python', code: 'import requests\nprint("hi")' },
];
const responses = [{ status: '200', language: 'json', code: '{\n  "id": 1\n}' }];

describe('renderSamplesPanel: markup', () => {
  const html = renderSamplesPanel(request, responses);

  it('wraps requests and responses in the aside code groups that components.js turns into tabs', () => {
    expect(html.startsWith('<div data-aside="request" class="sheaf-aside"><div data-tabs data-sync data-default-tab="0" class="sheaf-code-group code-group">')).toBe(true);
    expect(html).toContain('<div data-aside="response" class="sheaf-aside"><div data-tabs data-sync data-default-tab="0" class="sheaf-code-group code-group">');
    expect(html.match(/class="sheaf-tab sheaf-code-group-panel"/g)).toHaveLength(3);
    expect(html.match(/role="tab"/g)).toHaveLength(3);
    expect(html).toContain('<button type="button" role="tab" data-tab-title="cURL" aria-selected="true" tabindex="0" class="sheaf-tabs-tab"><span>cURL</span></button>');
    expect(html).toContain('<div data-tab-title="200" class="sheaf-tab sheaf-code-group-panel">');
  });

  it('writes each sample in the MDX pipeline’s code-block markup, one span.line per line', () => {
    expect(html).toContain(
      '<div data-language="python" class="code-block"><div class="code-header"><span class="code-title">Python</span>' +
        '<button type="button" class="copy-button code-block-copy-button" aria-label="Copy code">Copy</button></div>' +
        '<pre class="shiki" style="background-color:#fff;--shiki-dark-bg:#24292e;color:#24292e;--shiki-dark:#e1e4e8" tabindex="0"><code>' +
        '<span class="line"><span style="color:#D73A49;--shiki-dark:#F97583">import</span> requests</span>\n' +
        '<span class="line"><span style="color:#D73A49;--shiki-dark:#F97583">print</span>(<span style="color:#032F62;--shiki-dark:#9ECBFF">&quot;hi&quot;</span>)</span></code></pre></div>',
    );
  });

  it('gives no group for an empty list, and nothing for two', () => {
    expect(renderSamplesPanel([], responses)).not.toContain('data-aside="request"');
    expect(renderSamplesPanel(request, [])).not.toContain('data-aside="response"');
    expect(renderSamplesPanel([], [])).toBe('');
  });
});

describe('renderSamplesPanel: hostile strings come out inert', () => {
  const loaded = loadFixture('samples-injection');
  const model = modelOf(loaded, 'hostile');
  const samples = codeSamplesFor(model, loaded.document, settings());
  const html = renderSamplesPanel(samples, responseExamples(model, loaded.document));

  it('carries the hostile text (escaped) so the test is meaningful', () => {
    expect(samples.length).toBe(4);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;onerror=alert(1)');
  });

  it('parses to no script or img element and no event-handler attribute', () => {
    const elements: Element[] = [];
    visit(fromHtml(html, { fragment: true }), 'element', (e) => {
      elements.push(e);
    });
    expect(elements.length).toBeGreaterThan(20);
    expect(elements.filter((e) => e.tagName === 'script' || e.tagName === 'img')).toEqual([]);
    const handlers = elements.flatMap((e) => Object.keys(e.properties).filter((k) => /^on/i.test(k)));
    expect(handlers).toEqual([]);
    expect(html).not.toMatch(/<\/?script/i);
    expect(html).not.toMatch(/"onerror=/i);
  });

  it('keeps every tag the panel opens one of its own', () => {
    const tags = new Set([...html.matchAll(/<([a-z]+)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['button', 'code', 'div', 'pre', 'span']);
  });
});
