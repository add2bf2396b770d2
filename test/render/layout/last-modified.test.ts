import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../../src/config/loaded-config.js';
import { formatDate } from '../../../src/render/layout/last-modified.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { config, inputFor } from './fixture.js';
import { extract, hasElement } from './golden.js';

/** `metadata.timestamp`: "Last modified on <date>" under the content, as Mintlify shows it (organize/pages.mdx). */

const timestamps = { ...config, metadata: { timestamp: true } } as DocsConfig;
const LINE = '<p class="sheaf-last-modified">Last modified on <time datetime="2024-05-07">May 7, 2024</time></p>';

describe('last-modified date', () => {
  it('formats a YYYY-MM-DD date in English, the same on every machine, and nothing else', () => {
    expect(['2024-05-07', '2025-12-31', '2026-01-01', '2024-02-29'].map(formatDate)).toEqual(['May 7, 2024', 'December 31, 2025', 'January 1, 2026', 'February 29, 2024']);
    expect(['2024-13-01', '2024-5-7', 'May 7, 2024', ''].map(formatDate)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('shows under the content, before the right-hand panel, with metadata.timestamp', () => {
    const html = renderDocument(inputFor('/quickstart', { config: timestamps, lastModified: '2024-05-07' }));
    expect(extract(html, '<p class="sheaf-last-modified"')).toBe(LINE);
    const article = extract(html, '<article class="sheaf-article"');
    expect(article.indexOf(LINE)).toBeGreaterThan(article.indexOf('id="content"'));
    expect(article.endsWith(`${LINE}</article>`)).toBe(true);
  });

  it('follows the page’s own timestamp flag over docs.json’s, and needs a date', () => {
    expect(renderDocument(inputFor('/quickstart', { config: timestamps, lastModified: '2024-05-07', frontmatter: { timestamp: false } }))).not.toContain('sheaf-last-modified');
    expect(extract(renderDocument(inputFor('/quickstart', { lastModified: '2024-05-07', frontmatter: { timestamp: true } })), '<p class="sheaf-last-modified"')).toBe(LINE);
    expect(renderDocument(inputFor('/quickstart', { lastModified: '2024-05-07' }))).not.toContain('sheaf-last-modified');
    expect(renderDocument(inputFor('/quickstart', { config: timestamps }))).not.toContain('sheaf-last-modified');
  });

  it('shows on API pages (the document’s date), never in custom and frame pages', () => {
    expect(hasElement(renderDocument(inputFor('/api-reference/users/list-users', { config: timestamps, lastModified: '2024-05-07' })), '<p class="sheaf-last-modified"')).toBe(true);
    for (const mode of ['custom', 'frame']) expect(renderDocument(inputFor('/quickstart', { config: timestamps, lastModified: '2024-05-07', frontmatter: { mode } }))).not.toContain('sheaf-last-modified');
  });
});
