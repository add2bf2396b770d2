import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/emit/search-index.js';
import type { SearchRecord } from '../../src/model/render.js';
import { highlight, patternOf } from '../../src/client/search/highlight.js';
import { startSearch } from '../../src/client/search/start-search.js';
import { MAX_GROUPS, MAX_PER_GROUP, createSearchEngine, groupHits, type SearchHit } from '../../src/client/search/search-engine.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import { $, click, key, pages } from './page-window.js';

const page = pages();

const records: SearchRecord[] = [
  { id: '/', route: '/', anchor: '', title: 'Introduction', section: '', text: 'Acme builds rockets for developers.', version: 'v1', language: 'en' },
  { id: '/quickstart', route: '/quickstart', anchor: '', title: 'Quickstart', section: '', text: 'Get going in five minutes.', version: 'v1', language: 'en' },
  { id: '/quickstart#install', route: '/quickstart', anchor: 'install', title: 'Quickstart', section: 'Install the CLI', text: 'Run npm install acme to get the command line tool.', version: 'v1', language: 'en' },
  { id: '/v2/setup#install', route: '/v2/setup', anchor: 'install', title: 'Setup', section: 'Installation', text: 'Install with the new installer.', version: 'v2', language: 'en' },
  { id: '/fr/demarrage#installer', route: '/fr/demarrage', anchor: 'installer', title: 'Démarrage', section: 'Installer', text: 'Lancez npm install acme.', version: 'v1', language: 'fr' },
  { id: '/changelog', route: '/changelog', anchor: '', title: 'Changelog', section: '', text: 'Release notes; install the newest release.' },
];

/** A page with the index script the build writes (run as the page would) and, unless `library` is false, minisearch loaded. */
function searchPage(options: { body?: string; root?: Record<string, string>; library?: boolean } = {}): BrowserWindow {
  const win = page({ scripts: true, body: options.body ?? '', root: { 'data-base': '../', 'data-version': 'v1', 'data-language': 'en', ...options.root } });
  const script = win.document.createElement('script');
  script.textContent = buildSearchIndex(records).script;
  win.document.head.appendChild(script);
  if (options.library !== false) win.MiniSearch = MiniSearch;
  return win;
}

const ids = (hits: readonly SearchHit[] | null) => (hits ?? []).map((h) => (h.anchor ? `${h.route}#${h.anchor}` : h.route));
const hit = (route: string, n: number): SearchHit => ({ route, title: route, section: `s${n}`, anchor: `a${n}`, excerpt: '', terms: [], score: 100 - n });

describe('the query engine over the build’s index', () => {
  it('answers null until minisearch is loaded', () => {
    const win = searchPage({ library: false });
    expect(createSearchEngine(win).query('install')).toBeNull();
  });

  it('finds by a word of the text, with section, anchor, excerpt and matched terms', () => {
    const engine = createSearchEngine(searchPage());
    const hits = engine.query('command', { version: 'v1', language: 'en' });
    expect(hits?.map(({ score: _s, ...rest }) => rest)).toEqual([
      {
        route: '/quickstart',
        title: 'Quickstart',
        section: 'Install the CLI',
        anchor: 'install',
        excerpt: 'Run npm install acme to get the command line tool.',
        terms: ['command'],
      },
    ]);
  });

  it('ranks a section match above text matches; matches prefixes and typos; keeps the page’s version and language', () => {
    const engine = createSearchEngine(searchPage());
    expect(ids(engine.query('install', { version: 'v1', language: 'en' }))).toEqual(['/quickstart#install', '/changelog']);
    expect(ids(engine.query('instal', { version: 'v1', language: 'en' }))).toEqual(['/quickstart#install', '/changelog']);
    expect(ids(engine.query('rokets', { version: 'v1', language: 'en' }))).toEqual(['/']);
    expect(ids(engine.query('install', { version: 'v2', language: 'en' }))).toEqual(['/v2/setup#install', '/changelog']);
    expect(ids(engine.query('install', null))).toEqual(['/quickstart#install', '/v2/setup#install', '/fr/demarrage#installer', '/changelog']);
  });

  it('wants every word, and takes any word when no record has them all', () => {
    const engine = createSearchEngine(searchPage());
    expect(ids(engine.query('install acme', { version: 'v1', language: 'en' }))).toEqual(['/quickstart#install']);
    expect(ids(engine.query('rockets changelog', { version: 'v1', language: 'en' })).sort()).toEqual(['/', '/changelog']);
  });
});

describe('grouping', () => {
  it('groups hits by page in order of each page’s best hit', () => {
    const groups = groupHits([hit('/b', 1), hit('/a', 2), hit('/b', 3)]);
    expect(groups.map((g) => [g.route, g.hits.map((h) => h.anchor)])).toEqual([
      ['/b', ['a1', 'a3']],
      ['/a', ['a2']],
    ]);
  });

  it(`keeps ${MAX_GROUPS} pages of ${MAX_PER_GROUP} hits at most`, () => {
    const many = Array.from({ length: 15 }, (_, i) => hit(`/p${i}`, i)).concat(Array.from({ length: 6 }, (_, i) => hit('/p0', 20 + i)));
    const groups = groupHits(many);
    expect(groups.map((g) => g.route)).toEqual(['/p0', '/p1', '/p2', '/p3', '/p4', '/p5', '/p6', '/p7', '/p8', '/p9']);
    expect(groups[0]?.hits.map((h) => h.anchor)).toEqual(['a0', 'a20', 'a21', 'a22']);
  });
});

describe('highlighting', () => {
  it('marks the matched terms and typed words, longest first, any case', () => {
    const pattern = patternOf([{ ...hit('/', 1), terms: ['install', 'acme'] }], 'inst Acme', (t) => t.toLowerCase().split(' '));
    expect(pattern?.source).toBe('install|acme|inst');
    const win = page();
    const p = win.document.createElement('p');
    highlight(p, 'Run npm install ACME, then instantly go.', pattern);
    expect(p.innerHTML).toBe('Run npm <mark>install</mark> <mark>ACME</mark>, then <mark>inst</mark>antly go.');
    expect(patternOf([], '   ', null)).toBeNull();
    const plain = win.document.createElement('p');
    highlight(plain, 'a < b', null);
    expect(plain.innerHTML).toBe('a &lt; b');
  });
});

const DIALOG = `<button data-sheaf-search-open>Search <kbd data-sheaf-shortcut>Ctrl K</kbd></button>
  <dialog id="sheaf-search"><input id="search-input"><div id="sheaf-search-results"></div><p class="sheaf-search-status"></p>
  <a class="sheaf-search-item" data-sheaf-search-action hidden id="ask">Ask AI: <span data-sheaf-search-query></span></a>
  <button data-sheaf-search-close>Close</button></dialog>`;

function type(win: BrowserWindow, text: string): void {
  const input = $(win, '#search-input') as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new win.Event('input'));
}

describe('the search dialog', () => {
  it('opens on Ctrl+K and lists the results by page, linked from this page, the first page selected', () => {
    const win = searchPage({ body: DIALOG });
    startSearch(win);
    expect(win.SheafSearch).toBeDefined();
    key(win, win.document.body, 'k', { ctrlKey: true });
    expect($(win, '#sheaf-search').hasAttribute('open')).toBe(true);
    type(win, 'install');
    const results = $(win, '#sheaf-search-results');
    expect([...results.querySelectorAll('.sheaf-search-group-title')].map((t) => t.textContent)).toEqual(['Quickstart', 'Changelog']);
    expect([...results.querySelectorAll('a.sheaf-search-item')].map((a) => [a.id, a.getAttribute('href'), a.textContent])).toEqual([
      ['ask', null, 'Ask AI: install'],
      ['sheaf-search-option-1', '../quickstart/#install', '#Install the CLIRun npm install acme to get the command line tool.'],
      ['sheaf-search-option-2', '../changelog/', '¶ChangelogRelease notes; install the newest release.'],
    ]);
    expect(results.querySelector('#sheaf-search-option-1 .sheaf-search-item-title')?.innerHTML).toBe('<mark>Install</mark> the CLI');
    const input = $(win, '#search-input');
    expect([input.getAttribute('aria-expanded'), input.getAttribute('aria-activedescendant')]).toEqual(['true', 'sheaf-search-option-1']);
    key(win, input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe('sheaf-search-option-2');
    key(win, input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe('ask');
    let asked = 0;
    $(win, '#ask').addEventListener('click', () => asked++);
    key(win, input, 'Enter');
    expect(asked).toBe(1);
    key(win, input, 'Escape');
    expect($(win, '#sheaf-search').hasAttribute('open')).toBe(false);
  });

  it('says when nothing matches, and opens on `/` outside fields only', () => {
    const win = searchPage({ body: `${DIALOG}<input id="other">` });
    startSearch(win);
    expect(key(win, $(win, '#other'), '/').defaultPrevented).toBe(false);
    key(win, win.document.body, '/');
    expect($(win, '#sheaf-search').hasAttribute('open')).toBe(true);
    type(win, 'zzzzqqq');
    expect($(win, '.sheaf-search-status').textContent).toBe('No results for “zzzzqqq”');
    click(win, $(win, '[data-sheaf-search-close]'));
    expect($(win, '#sheaf-search').hasAttribute('open')).toBe(false);
  });

  it('loads minisearch from the base on first use, saying so meanwhile', () => {
    const win = searchPage({ body: DIALOG, library: false });
    const loading: HTMLScriptElement[] = [];
    win.document.head.appendChild = <T extends Node>(node: T): T => {
      loading.push(node as unknown as HTMLScriptElement);
      return node;
    };
    startSearch(win);
    click(win, $(win, '[data-sheaf-search-open]'));
    type(win, 'install');
    expect($(win, '.sheaf-search-status').textContent).toBe('Loading search…');
    expect(loading.map((s) => s.getAttribute('src'))).toEqual(['../_sheaf/index.js']);
    win.MiniSearch = MiniSearch;
    (loading[0] as HTMLScriptElement).dispatchEvent(new win.Event('load'));
    expect($(win, '.sheaf-search-status').textContent).toBe('');
    expect(win.document.querySelectorAll('#sheaf-search-results a[role="option"]').length).toBe(2);
  });
});
