import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../src/model/render.js';
import type { SearchIndexData } from '../../src/model/search-index.js';
import { SEARCH_CLIENT_FILES, buildSearchIndex, excerptOf } from '../../src/emit/search-index.js';
import { clientBundle } from '../client/client-bundle.js';
import MiniSearch from 'minisearch';
import { tokenize } from '../../src/search-text/tokenize.js';
import { SEARCH_OPTIONS } from '../../src/emit/search-index.js';

/** The page's search script, as the build bundles it (src/client/search.ts). */
const SEARCH_JS = clientBundle('search');

const records: SearchRecord[] = [
  { id: '/', route: '/', anchor: '', title: 'Introduction', section: '', text: 'Acme builds rockets for developers.', version: 'v1', language: 'en' },
  { id: '/quickstart', route: '/quickstart', anchor: '', title: 'Quickstart', section: '', text: 'Get going in five minutes.', version: 'v1', language: 'en' },
  {
    id: '/quickstart#install',
    route: '/quickstart',
    anchor: 'install',
    title: 'Quickstart',
    section: 'Install the CLI',
    text: 'Run npm install acme to get the command line tool.',
    version: 'v1',
    language: 'en',
  },
  { id: '/v2/setup#install', route: '/v2/setup', anchor: 'install', title: 'Setup', section: 'Installation', text: 'Install with the new installer.', version: 'v2', language: 'en' },
  { id: '/fr/demarrage#installer', route: '/fr/demarrage', anchor: 'installer', title: 'Démarrage', section: 'Installer', text: 'Lancez npm install acme.', version: 'v1', language: 'fr' },
  { id: '/changelog', route: '/changelog', anchor: '', title: 'Changelog', section: '', text: 'Release notes; install the newest release.' },
  { id: '/zh/guide#config', route: '/zh/guide', anchor: 'config', title: '指南', section: '配置', text: '在配置文件中设置密钥。', language: 'zh' },
];

interface Hit {
  route: string;
  title: string;
  section: string;
  anchor: string;
  excerpt: string;
  terms: string[];
}
interface Engine {
  query(text: string, filter?: { version?: string; language?: string }): Hit[] | null;
  group(hits: Hit[]): { route: string; title: string; hits: Hit[] }[];
}

/** A browser-like context: minisearch's browser build, the index script, then search.js (no dialog in the DOM). */
function browser(script: string): Engine {
  const context = vm.createContext({ document: { getElementById: () => null, documentElement: {} } });
  vm.runInContext('var window = globalThis;', context);
  for (const file of SEARCH_CLIENT_FILES) vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file });
  vm.runInContext(script, context, { filename: 'search-index.js' });
  vm.runInContext(SEARCH_JS, context, { filename: 'search.js' });
  return vm.runInContext('window.SheafSearch', context) as Engine;
}

const ids = (hits: Hit[] | null): string[] => (hits ?? []).map((h) => (h.anchor ? `${h.route}#${h.anchor}` : h.route));

describe('buildSearchIndex', () => {
  const index = buildSearchIndex(records);
  const engine = browser(index.script);

  it('defines the index as a global the browser can read: data only, of the model\'s shape', () => {
    expect(index.script.startsWith('window.__SHEAF_SEARCH__={"version":2,"library":"_sheaf/index.js","options":{"idField":"id","fields":["title","section","text"],"storeFields":["p","section","a","x"]},"pages":[["/","Introduction","v1","en"],')).toBe(true);
    expect(index.script.endsWith('"};\n')).toBe(true);
    const sandbox: { window: { __SHEAF_SEARCH__?: SearchIndexData } } = { window: {} };
    vm.runInNewContext(index.script, sandbox);
    const data = sandbox.window.__SHEAF_SEARCH__;
    expect(Object.keys(data ?? {})).toEqual(['version', 'library', 'options', 'pages', 'index']);
    expect(data?.pages).toHaveLength(6);
    expect(typeof data?.index).toBe('string');
    // No code travels in the data: the tokenizer is bundled into search.js.
    expect(index.script).not.toContain('function');
  });

  it('ships minisearch\'s browser build, which defines window.MiniSearch', () => {
    expect(SEARCH_CLIENT_FILES).toHaveLength(1);
    const file = SEARCH_CLIENT_FILES[0] as string;
    expect(path.isAbsolute(file)).toBe(true);
    expect(file.endsWith(path.join('minisearch', 'dist', 'umd', 'index.js'))).toBe(true);
    const context = vm.createContext({});
    vm.runInContext(readFileSync(file, 'utf8'), context);
    expect(typeof vm.runInContext('MiniSearch.loadJSON', context)).toBe('function');
  });

  it('finds a record by a word of its text, with its section, anchor and excerpt', () => {
    const hits = engine.query('command', { version: 'v1', language: 'en' });
    expect(ids(hits)).toEqual(['/quickstart#install']);
    expect(hits?.[0]).toMatchObject({
      route: '/quickstart',
      title: 'Quickstart',
      section: 'Install the CLI',
      anchor: 'install',
      excerpt: 'Run npm install acme to get the command line tool.',
    });
  });

  it('ranks a title or section match above a text match, and matches prefixes and typos', () => {
    expect(ids(engine.query('quickstart', { version: 'v1', language: 'en' }))[0]).toMatch(/^\/quickstart/);
    expect(ids(engine.query('instal', { version: 'v1', language: 'en' }))[0]).toBe('/quickstart#install');
    expect(ids(engine.query('rokets', { version: 'v1', language: 'en' }))).toEqual(['/']);
  });

  it('keeps only records of the page\'s version and language; records without one always match', () => {
    expect(ids(engine.query('install', { version: 'v1', language: 'en' })).sort()).toEqual(['/changelog', '/quickstart#install']);
    expect(ids(engine.query('install', { version: 'v2', language: 'en' })).sort()).toEqual(['/changelog', '/v2/setup#install']);
    expect(ids(engine.query('install', { version: 'v1', language: 'fr' })).sort()).toEqual(['/changelog', '/fr/demarrage#installer']);
    expect(ids(engine.query('install', {})).length).toBe(4);
  });

  it('falls back to any word when no record has all of them', () => {
    expect(ids(engine.query('rockets zebra', { version: 'v1', language: 'en' }))).toEqual(['/']);
  });

  it('finds words inside Chinese text, which has no spaces', () => {
    expect(ids(engine.query('密钥', { language: 'zh' }))).toEqual(['/zh/guide#config']);
    expect(ids(engine.query('配置文件', { language: 'zh' }))).toEqual(['/zh/guide#config']);
  });

  it('groups hits by page, pages in order of their best hit', () => {
    const groups = engine.group(engine.query('quickstart', { version: 'v1', language: 'en' }) ?? []);
    expect(groups.map((g) => [g.route, g.hits.length])).toEqual([['/quickstart', 2]]);
  });

  it('keeps every field of every record in `records`', () => {
    expect(JSON.parse(index.records)).toEqual(records);
  });

  it('stores only what results show: the text is indexed, but only its excerpt is kept', () => {
    const long = { id: '/long', route: '/long', anchor: '', title: 'Long', section: '', text: `${'word '.repeat(100)}needle in the haystack` };
    const script = buildSearchIndex([long]).script;
    expect(script).not.toContain('needle in the haystack');
    const hits = browser(script).query('needle');
    expect(ids(hits)).toEqual(['/long']);
    expect(hits?.[0]?.excerpt).toBe(`${'word '.repeat(31)}word…`);
  });

  it('is deterministic', () => {
    expect(buildSearchIndex(records)).toEqual(index);
  });

  it('returns null until the library is loaded', () => {
    const context = vm.createContext({ document: { getElementById: () => null, documentElement: {} } });
    vm.runInContext('var window = globalThis;', context);
    vm.runInContext(index.script, context);
    vm.runInContext(SEARCH_JS, context);
    expect(vm.runInContext('window.SheafSearch.query("install")', context)).toBeNull();
  });
});

describe('excerptOf', () => {
  it('keeps short text whole and cuts long text at a word boundary', () => {
    expect(excerptOf('  Short   text. ')).toBe('Short text.');
    const cut = excerptOf(`${'alpha '.repeat(40)}`);
    expect(cut.endsWith('alpha…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(161);
  });
});

describe('the index buildSearchIndex writes is minisearch\'s own', () => {
  it('the same JSON as MiniSearch.addAll then toJSON, for text with case, punctuation, CJK, repeated and object-like terms', () => {
    const words = ['Acme', 'acme', 'ACME', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '配置文件', '설정', 'naïve', 'İstanbul', 'e-mail', "it's", '42', 'x'];
    const tricky: SearchRecord[] = Array.from({ length: 60 }, (_, i) => ({
      id: `/p${i % 7}#s${i}`,
      route: `/p${i % 7}`,
      anchor: i % 3 === 0 ? '' : `s${i}`,
      title: `Page ${i % 7} ${words[i % words.length]}`,
      section: i % 4 === 0 ? '' : `${words[(i * 3) % words.length]} section`,
      text: Array.from({ length: 5 + (i % 11) }, (_, k) => words[(i + k * k) % words.length]).join(i % 2 ? ' ' : ', '),
    }));
    for (const set of [records, tricky, []]) {
      const written = JSON.parse(vm.runInNewContext(`var window = {}; ${buildSearchIndex(set).script}; window.__SHEAF_SEARCH__.index`) as string) as unknown;
      const search = new MiniSearch({ ...SEARCH_OPTIONS, fields: [...SEARCH_OPTIONS.fields], storeFields: [...SEARCH_OPTIONS.storeFields], tokenize });
      // Page numbers as buildSearchIndex gives them: in the order of the records' first sections.
      const pages: string[] = [];
      const pageOf = (r: SearchRecord): number => {
        const key = `${r.route}\u0000${r.version ?? ''}\u0000${r.language ?? ''}`;
        if (!pages.includes(key)) pages.push(key);
        return pages.indexOf(key);
      };
      search.addAll(set.map((r, id) => ({ id, p: pageOf(r), title: r.title, section: r.section, text: r.text, a: r.anchor, x: excerptOf(r.text) })));
      expect(JSON.stringify(written)).toBe(JSON.stringify(search));
    }
  });
});
