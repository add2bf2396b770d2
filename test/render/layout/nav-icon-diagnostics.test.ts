import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../../src/api/analyze.js';
import { build } from '../../../src/api/build.js';
import { check } from '../../../src/api/check.js';
import type { Diagnostic } from '../../../src/model/diagnostic.js';
import { CORPUS, HAS_CORPUS } from '../../corpus/corpus-path.js';
import { writeFiles } from '../../write-files.js';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-nav-icons-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const page = (title: string) => `---\ntitle: ${title}\n---\n\n${title} text.\n`;
const brief = (d: Diagnostic) => [d.code, d.severity, d.file, d.line, d.column, d.message];
const navIcons = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === 'nav/icon-substituted').map(brief);
const PRO = '(a Font Awesome Pro icon, or no icon at all: Pro cannot be shipped)';

/**
 * docs.json with Pro names on a tab (`books`), a group (`sparkles`, twice), a navbar link
 * (`{ "name": "Message-Bot" }`, object form, mixed case) and a dropdown of the mem0/trigger.dev
 * kind; free names (`rocket`, `book-open`), an image and the places the layout does not show
 * (a hidden tab and group, a GitHub brand link) alongside. One JSON key per line, so positions
 * read off the text.
 */
const DOCS = {
  name: 'Icons',
  theme: 'mint',
  colors: { primary: '#112233' },
  navbar: {
    links: [
      { label: 'Chat', href: 'https://example.com/chat', icon: { name: 'Message-Bot' } },
      { label: 'Source', href: 'https://github.com/x/y', type: 'github', icon: 'waveform' },
    ],
  },
  navigation: {
    tabs: [
      {
        tab: 'Guides',
        icon: 'books',
        groups: [
          { group: 'Start', icon: 'sparkles', pages: ['index', 'a'] },
          { group: 'More', icon: 'sparkles', pages: ['b'] },
          { group: 'Free', icon: 'rocket', pages: ['c'] },
          { group: 'Image', icon: '/icons/logo.svg', pages: ['d'] },
          { group: 'Secret', icon: 'rocket-launch', hidden: true, pages: ['e'] },
        ],
      },
      { tab: 'Reference', icon: 'book-open', pages: ['f'] },
      { tab: 'Old', icon: 'life-buoy', hidden: true, pages: ['g'] },
    ],
  },
};
const PAGES = Object.fromEntries(['index', 'a', 'b', 'c', 'd', 'e', 'f', 'g'].map((p) => [`${p}.mdx`, page(p.toUpperCase())]));

/** The 1-based line and column of the first `"icon": <value>` whose value text starts with `start`. */
function iconAt(text: string, start: string): [number, number] {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(`"icon": ${start}`));
  return [line + 1, (lines[line] as string).indexOf('"icon"') + 1];
}

describe('nav/icon-substituted: Pro icons of the navigation and navbar', () => {
  let root: string;
  let docsText: string;
  beforeAll(async () => {
    docsText = JSON.stringify(DOCS, null, 2);
    root = await writeFiles(path.join(tmp, 'pro'), { 'docs.json': docsText, 'icons/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>', ...PAGES });
  });

  it('one warning per distinct name shown, at its first icon key in docs.json, counting its uses; none for free names, images, hidden parts or brand links', async () => {
    const { diagnostics } = await analyze({ root });
    expect(navIcons(diagnostics)).toEqual([
      ['nav/icon-substituted', 'warning', 'docs.json', ...iconAt(docsText, '{'), `Icon \`message-bot\` is not in Font Awesome Free ${PRO}; it is shown as Tabler \`message-chatbot\` (outline).`],
      ['nav/icon-substituted', 'warning', 'docs.json', ...iconAt(docsText, '"books"'), `Icon \`books\` is not in Font Awesome Free ${PRO}; it is shown as Tabler \`books\` (outline).`],
      ['nav/icon-substituted', 'warning', 'docs.json', ...iconAt(docsText, '"sparkles"'), `Icon \`sparkles\` is not in Font Awesome Free ${PRO}; its 2 uses are shown as Lucide \`sparkles\`.`],
    ]);
    // Positions as the text has them (navbar link 1, tab 1, first group).
    expect(diagnostics.filter((d) => d.code === 'nav/icon-substituted').map((d) => [d.line, d.column])).toEqual([
      [12, 9],
      [28, 9],
      [32, 13],
    ]);
    expect(diagnostics.find((d) => d.code === 'nav/icon-substituted')?.hint).toBe('Name a free icon to choose it yourself (https://fontawesome.com/search?ic=free).');
  });

  it('sheaf check reports the same three', async () => {
    const checked = await check({ root, cacheDir: false });
    expect(navIcons(checked.diagnostics)).toEqual(navIcons((await analyze({ root })).diagnostics));
    expect(navIcons(checked.diagnostics)).toHaveLength(3);
  });

  it('a build of many pages sharing the header and sidebar reports each name once for the site, and every page shows the free icon', async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}.mdx`, page(`P${i}`)]));
    const docs = {
      ...DOCS,
      navbar: { links: [] },
      navigation: { tabs: [{ tab: 'Guides', icon: 'books', groups: [{ group: 'All', icon: 'sparkles', pages: Object.keys(many).map((f) => f.replace(/\.mdx$/, '')) }] }] },
    };
    const site = await writeFiles(path.join(tmp, 'many'), { 'docs.json': JSON.stringify(docs, null, 2), ...many });
    const out = path.join(tmp, 'many-out');
    const result = await build({ root: site, outDir: out, cacheDir: false });
    expect(result.stats?.pages).toBe(40);
    expect(navIcons(result.diagnostics)).toEqual([
      ['nav/icon-substituted', 'warning', 'docs.json', 14, 9, `Icon \`books\` is not in Font Awesome Free ${PRO}; it is shown as Tabler \`books\` (outline).`],
      ['nav/icon-substituted', 'warning', 'docs.json', 18, 13, `Icon \`sparkles\` is not in Font Awesome Free ${PRO}; it is shown as Lucide \`sparkles\`.`],
    ]);
    for (const p of ['p0', 'p39']) {
      const html = await readFile(path.join(out, p, 'index.html'), 'utf8');
      // The tab twice (header, and the sidebar's copy for phones), the group once.
      expect(html.match(/data-icon-for="(books|sparkles)"/g)).toEqual(['data-icon-for="books"', 'data-icon-for="books"', 'data-icon-for="sparkles"']);
    }
  });

  it('free names only: no warning', async () => {
    const docs = { ...DOCS, navbar: { links: [{ label: 'Chat', href: 'https://example.com', icon: 'comments' }] }, navigation: { tabs: [{ tab: 'Guides', icon: 'book', groups: [{ group: 'Start', icon: 'rocket', pages: ['index'] }] }] } };
    const site = await writeFiles(path.join(tmp, 'free'), { 'docs.json': JSON.stringify(docs, null, 2), 'index.mdx': page('Home') });
    const { diagnostics } = await analyze({ root: site });
    expect(diagnostics.map((d) => d.code)).toEqual([]);
  });
});

describe.skipIf(!HAS_CORPUS)('nav/icon-substituted on the corpus (read only: analyze writes nothing)', () => {
  const named = async (project: string) =>
    (await analyze({ root: path.join(CORPUS, 'mintlify', project) })).diagnostics
      .filter((d) => d.code === 'nav/icon-substituted')
      .map((d) => [d.file, d.line, d.column, /^Icon `([^`]+)`.* shown as (.+)\.$/.exec(d.message)?.slice(1).join(' → ')]);

  it('mem0: its Pro group icons, each once, at docs.json positions', async () => {
    expect(await named('mem0ai__mem0')).toEqual([
      ['docs.json', 115, 21, 'life-buoy → Lucide `life-buoy`'],
      ['docs.json', 166, 25, 'message-bot → Tabler `message-chatbot` (outline)'],
      ['docs.json', 448, 21, 'layers → Lucide `layers`'],
      ['docs.json', 483, 21, 'sparkles → Lucide `sparkles`'],
      ['docs.json', 542, 21, 'webhook → Lucide `webhook`'],
    ]);
  });

  it('trigger.dev: the `books` dropdown and two object-form group icons; mem0 2025 mint.json: positions in mint.json', async () => {
    // microchip-ai and webhook are object-form group icons ({ "name", "style": "regular" }): shown and reported too.
    expect(await named('triggerdotdev__trigger.dev')).toEqual([
      ['docs.json', 450, 9, 'books → Tabler `books` (outline)'],
      ['docs.json', 471, 17, 'microchip-ai → Font Awesome Free `microchip` (solid)'],
      ['docs.json', 505, 17, 'webhook → Lucide `webhook`'],
    ]);
    expect(await named('mem0ai__mem0__mintjson-2025-02')).toEqual([['mint.json', 32, 7, 'square-terminal → Lucide `square-terminal`']]);
  });

  it('mintlify__docs (Lucide names in a Lucide site) and dify: none', async () => {
    expect(await named('mintlify__docs')).toEqual([]);
    expect(await named('langgenius__dify-docs')).toEqual([]);
  });
});
