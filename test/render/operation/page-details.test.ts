import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import { describe, expect, it } from 'vitest';
import { expectGolden, find, loadFixture, renderEntry, renderFixture } from './helpers.js';
import { expectGolden as expectGoldenFile } from '../../golden.js';
import path from 'node:path';
import { fixtureDir } from './helpers.js';

/**
 * Issue 15, items 3, 4 (as amended) and 7 on the page: an operation's `externalDocs` as a link
 * with its description (page and Markdown copy), a webhook's `summary` and `description` on its
 * page (the title stays the key's, as on Mintlify), and the Authorization part for security
 * alternatives (combined schemes, `{}` as `None`) and `security: []` ("No authentication.").
 * Fixture: test/fixtures/operation-details/openapi.yaml.
 */

function elements(node: Root | Element): Element[] {
  return node.children.flatMap((child: RootContent) => (child.type === 'element' ? [child, ...elements(child)] : []));
}

/** Elements whose class list holds `className`. */
function byClass(html: string, className: string): Element[] {
  return elements(fromHtml(html, { fragment: true })).filter((el) => {
    const classes = el.properties['className'];
    return Array.isArray(classes) && classes.includes(className);
  });
}

async function page(ref: string) {
  const loaded = await loadFixture('details');
  return renderEntry(loaded, find(loaded, ref));
}

/** The Authorization section's Markdown (from its heading to the next `## `). */
function authMarkdown(markdown: string): string {
  return /## Authorization\n\n[\s\S]*?(?=\n\n## |\n$)/.exec(markdown)?.[0] ?? '(none)';
}

describe('externalDocs (item 3)', () => {
  it('is a link with its description after the operation description', async () => {
    const body = await page('GET /pets');
    const [line, ...more] = byClass(body.html, 'sheaf-op-external-docs');
    expect(more).toHaveLength(0);
    expect(line && toText(line)).toBe('External documentation The pets guide');
    const links = line ? elements(line).filter((el) => el.tagName === 'a') : [];
    expect(links.map((a) => [a.properties['href'], toText(a)])).toEqual([['https://docs.example.com/guides/pets', 'The pets guide']]);
    // Right after the description, inside the page's header.
    expect(body.html).toMatch(/<div class="sheaf-op-description"><p>Lists the pets of the store\.<\/p>\n?<\/div><p class="sheaf-op-external-docs">/);
    expect(body.markdown).toContain('Lists the pets of the store.\n\nExternal documentation: [The pets guide](<https://docs.example.com/guides/pets>)\n\nServers:');
    expect(body.sections[0]?.text).toBe('GET /pets List pets Lists the pets of the store. The pets guide https://api.example.com');
  });

  it('without a description, the URL is the link text', async () => {
    const body = await page('GET /plain-link');
    const links = byClass(body.html, 'sheaf-op-external-docs-link');
    expect(links.map((a) => [a.properties['href'], toText(a)])).toEqual([['https://docs.example.com/plain?a=1&b=2', 'https://docs.example.com/plain?a=1&b=2']]);
    expect(body.markdown).toContain('External documentation: [https://docs.example.com/plain?a=1&b=2](<https://docs.example.com/plain?a=1&b=2>)');
  });

  it('a relative or script URL is never a link (code instead), on the page and in the copy', async () => {
    for (const [ref, text, markdown] of [
      ['GET /relative-link', 'External documentation The [pets] guide: /guides/pets', 'External documentation: The [pets] guide: `/guides/pets`'],
      ['GET /script-link', 'External documentation Click me: javascript:alert(1)', 'External documentation: Click me: `javascript:alert(1)`'],
    ] as const) {
      const body = await page(ref);
      const [line] = byClass(body.html, 'sheaf-op-external-docs');
      expect(line && toText(line)).toBe(text);
      expect(line ? elements(line).filter((el) => el.tagName === 'a') : ['no line']).toEqual([]);
      expect(body.markdown).toContain(markdown);
    }
  });

  it('a callback operation shows its own externalDocs', async () => {
    const body = await page('POST /jobs');
    const [callback] = byClass(body.html, 'sheaf-op-callback-body');
    const links = callback ? elements(callback).filter((el) => el.tagName === 'a' && el.properties['href'] !== undefined && !String(el.properties['href']).startsWith('#')) : [];
    expect(links.map((a) => [a.properties['href'], toText(a)])).toEqual([['https://docs.example.com/callbacks', 'Callback guide']]);
    // The operation itself has none.
    expect(byClass(body.html, 'sheaf-op-external-docs')).toHaveLength(1);
  });
});

describe('webhooks: summary and description on the page (item 4 as amended)', () => {
  it('shows the summary under the endpoint line, then the description, externalDocs; the copy too', async () => {
    const body = await page('WEBHOOK newThing');
    const summaries = byClass(body.html, 'sheaf-op-summary').map((el) => toText(el));
    expect(summaries).toEqual(['A new thing was made']);
    expect(body.html).toContain('<code class="sheaf-op-path">newThing</code></div><p class="sheaf-op-summary">A new thing was made</p><div class="sheaf-op-description"><p>Sent when <strong>a thing</strong> is made.</p>');
    expect(body.markdown.split('\n\n').slice(1, 5)).toEqual([
      '`WEBHOOK POST newThing`',
      'A new thing was made',
      'Sent when **a thing** is made.',
      'External documentation: [https://docs.example.com/webhooks](<https://docs.example.com/webhooks>)',
    ]);
  });

  it('a webhook without a summary has no summary line; operations never get one (their summary is the title)', async () => {
    expect(byClass((await page('WEBHOOK noSummary')).html, 'sheaf-op-summary')).toEqual([]);
    expect(byClass((await page('GET /pets')).html, 'sheaf-op-summary')).toEqual([]);
  });
});

describe('Authorization alternatives and no authentication (item 7)', () => {
  /** The Authorization part: its tab titles and the text of each note. */
  async function auth(ref: string) {
    const body = await page(ref);
    const [section] = elements(fromHtml(body.html, { fragment: true })).filter((el) => el.tagName === 'section' && el.properties['dataPart'] === 'authorization');
    if (!section) return { tabs: ['(no section)'], notes: [], fields: [], markdown: authMarkdown(body.markdown) };
    const all = elements(section);
    const tabs = all.filter((el) => el.properties['role'] === 'tab').map((el) => toText(el));
    const notes = all.filter((el) => Array.isArray(el.properties['className']) && el.properties['className'].includes('sheaf-op-note')).map((el) => toText(el));
    const fields = all.filter((el) => Array.isArray(el.properties['className']) && el.properties['className'].includes('sheaf-field-name')).map((el) => toText(el));
    return { tabs, notes, fields, markdown: authMarkdown(body.markdown) };
  }

  it('security: [] says "No authentication." on the page and in the copy', async () => {
    expect(await auth('GET /public')).toEqual({ tabs: [], notes: ['No authentication.'], fields: [], markdown: '## Authorization\n\nNo authentication.' });
  });

  it('security: [{}] says the same', async () => {
    expect(await auth('GET /only-empty')).toEqual({ tabs: [], notes: ['No authentication.'], fields: [], markdown: '## Authorization\n\nNo authentication.' });
  });

  it('a requirement naming only unknown schemes is not turned into "no authentication"', async () => {
    expect(await auth('GET /unknown-scheme')).toEqual({ tabs: ['(no section)'], notes: [], fields: [], markdown: '(none)' });
  });

  it('one scheme or None: a tab each, None saying there is no authentication', async () => {
    expect(await auth('GET /optional')).toEqual({
      tabs: ['headerKey', 'None'],
      notes: ['Authentication is optional. Any one of:', 'No authentication.'],
      fields: ['X-API-Key'],
      markdown: '## Authorization\n\nOptional. Any one of these:\n\n- **headerKey**: API key `X-API-Key` in header\n- **None**: no authentication.',
    });
  });

  it('a combined alternative is one tab with both schemes, said to go together', async () => {
    expect(await auth('GET /combined')).toEqual({
      tabs: ['headerKey + bearer', 'queryKey', 'None'],
      notes: ['Authentication is optional. Any one of:', 'All of these, together.', 'No authentication.'],
      fields: ['X-API-Key', 'Authorization', 'api_key'],
      markdown:
        '## Authorization\n\nOptional. Any one of these:\n\n- All of these, together:\n  - **headerKey**: API key `X-API-Key` in header\n  - **bearer**: HTTP bearer in the `Authorization` header\n- **queryKey**: API key `api_key` in query\n- **None**: no authentication.',
    });
  });

  it('the global requirement alone: its fields, no tabs', async () => {
    expect(await auth('GET /pets')).toEqual({ tabs: [], notes: [], fields: ['Authorization'], markdown: '## Authorization\n\n- **bearer**: HTTP bearer in the `Authorization` header' });
  });
});

describe('golden pages of the details fixture', () => {
  it('expected.html (every page) and expected.md (the combined page)', async () => {
    expectGolden('details', await renderFixture('details'));
    const loaded = await loadFixture('details');
    expectGoldenFile(path.join(fixtureDir('details'), 'expected.md'), renderEntry(loaded, find(loaded, 'GET /combined')).markdown);
  });
});
