import { readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { markdownPathOf } from '../../emit/paths.js';
import type { SearchRecord } from '../../model/render.js';
import { createFileCache } from '../assistant/file-cache.js';
import { pageRouteIn } from '../assistant/page-texts.js';
import { createRetriever, type Retriever, type ScoredHit } from '../assistant/retriever.js';
import { findSection, markdownSections } from './markdown-sections.js';

/**
 * Where an MCP server reads a site: a built site's folder (`sheaf build`'s output, an unpacked
 * bundle, `sheaf dev`'s folder), read again when its files change.
 */
export interface SiteSource {
  /** The site's folder now (`sheaf host` switches versions, `sheaf dev` reloads into a new folder). */
  dir(): string;
  /** Resolves once the site's files are written (`sheaf dev` writes them beside the first page; its records may hold only the pages rendered so far). */
  ready?(): Promise<void>;
  /** Resolves once the search records are complete (`sheaf dev` renders pages in the background): search waits for it, nothing else. */
  searchReady?(): Promise<void>;
  /** Resolves once the Markdown copy of `route` is written (`sheaf dev` renders a page when asked). */
  pageReady?(route: string): Promise<void>;
  /** The routes of the pages that may be read (`sheaf dev`: every page, rendered or not); default: those the search records hold. */
  routes?(): ReadonlySet<string>;
}

/** What the MCP server says about a site: read from its files. */
export interface SiteInfo {
  /** docs.json `name` (the bundle's manifest, else the `# ` title of llms.txt); `Documentation` when neither says. */
  readonly name: string;
  /** The `> ` summary of llms.txt (docs.json `description`), if any. */
  readonly description?: string;
  /** Versions and languages the search records carry, sorted (empty: the site has one). */
  readonly versions: readonly string[];
  readonly languages: readonly string[];
  /** Routes of the indexed pages (the pages the server searches and reads). */
  readonly routes: ReadonlySet<string>;
}

/** A search result for an agent: where it is, and the section's Markdown. */
export interface SiteHit {
  readonly title: string;
  readonly section: string;
  /** URL path on the site, `#anchor` included (`/quickstart#create-a-note`). */
  readonly path: string;
  readonly version?: string;
  readonly language?: string;
  /** The section's Markdown from the page's copy, shortened; the record's text when the copy has no such section. */
  readonly snippet: string;
}

/** A page read for an agent. */
export interface SitePageText {
  readonly route: string;
  /** The page's Markdown copy, or the section asked for. */
  readonly markdown: string;
}

/** A file the site publishes for agents (llms.txt, skill files): an MCP resource. */
export interface SiteResourceFile {
  /** Path in the site (`llms.txt`, `.well-known/skills/payments/SKILL.md`). */
  readonly path: string;
  readonly mimeType: string;
}

export interface SiteReader {
  info(): Promise<SiteInfo>;
  search(query: string, options: { readonly limit: number; readonly version?: string | undefined; readonly language?: string | undefined }): Promise<SiteHit[]>;
  /** The route `pagePath` names (a route, URL, `.md`/`.html` path), or undefined. */
  routeOf(pagePath: string): Promise<string | undefined>;
  /** The Markdown copy of an indexed route; with `section`, only that heading's section (undefined when the page has none such). */
  page(route: string, section?: string): Promise<SitePageText | undefined>;
  /** The headings of a page's copy (for an agent that asked for a section it does not have). */
  headings(route: string): Promise<readonly string[]>;
  resources(): Promise<readonly SiteResourceFile[]>;
  /** The text of a file `resources()` listed (read inside the site folder only); undefined when it cannot be read. */
  resource(file: SiteResourceFile): Promise<string | undefined>;
}

const RECORDS = '_sheaf/search-records.json';
/** Characters of a search result's snippet at most (cut at a line end). */
const SNIPPET_CHARS = 1500;
/** Skill files listed at most, and the folder depth walked under `.well-known/skills/`. */
const MAX_SKILL_FILES = 200;
const MAX_SKILL_DEPTH = 4;

/** Reads a site for an MCP server; parsed records are cached per folder until the records file changes. */
export function createSiteReader(source: SiteSource, retriever: Retriever = createRetriever({ maxCached: 4 })): SiteReader {
  const infoOf = createFileCache((file) => loadInfo(path.dirname(path.dirname(file)), file), 4);
  const recordsFile = () => path.join(source.dir(), ...RECORDS.split('/'));
  const info = async () => {
    await source.ready?.();
    return infoOf(recordsFile());
  };
  const markdownOf = async (route: string): Promise<string | undefined> => {
    await source.pageReady?.(route);
    return readInside(source.dir(), markdownPathOf(route));
  };

  return {
    info,
    async search(query, options) {
      await source.searchReady?.();
      const { routes } = await info();
      const hits = await retriever.search(recordsFile(), { query, pageSize: options.limit, filter: { version: options.version, language: options.language } });
      return Promise.all(hits.map(async (hit) => siteHit(hit, await markdownOf(routeOfHit(hit, routes)))));
    },
    async routeOf(pagePath) {
      return pageRouteIn(source.routes?.() ?? (await info()).routes, pagePath);
    },
    async page(route, section) {
      const markdown = await markdownOf(route);
      if (markdown === undefined) return undefined;
      if (section === undefined) return { route, markdown };
      const found = findSection(markdown, section);
      return found ? { route, markdown: found.markdown } : undefined;
    },
    async headings(route) {
      const markdown = await markdownOf(route);
      return markdown === undefined ? [] : markdownSections(markdown).flatMap((s) => (s.level > 1 ? [s.heading] : []));
    },
    resources: () => resourceFiles(source.dir()),
    resource: (file) => readInside(source.dir(), file.path),
  };
}

/**
 * The text of `sitePath` in the site folder `dir`; undefined when it is not there, or when it (or
 * a link on its way) leads out of the folder: a site folder from elsewhere may hold links.
 */
async function readInside(dir: string, sitePath: string): Promise<string | undefined> {
  const root = await realpath(dir).catch(() => undefined);
  const file = await realpath(path.resolve(dir, ...sitePath.split('/'))).catch(() => undefined);
  if (root === undefined || file === undefined || !file.startsWith(root + path.sep)) return undefined;
  return readFile(file, 'utf8').catch(() => undefined);
}

/** The route of a hit's path (`/a/b#x`: a URL path, percent-encoded). */
function routeOfHit(hit: ScoredHit, routes: ReadonlySet<string>): string {
  return pageRouteIn(routes, hit.path) ?? '/';
}

function siteHit(hit: ScoredHit, markdown: string | undefined): SiteHit {
  const anchor = hit.path.includes('#') ? hit.path.slice(hit.path.indexOf('#') + 1) : '';
  const section = markdown === undefined ? undefined : anchor ? findSection(markdown, decodeURIComponent(anchor))?.markdown : introOf(markdown);
  return {
    title: hit.metadata.title,
    section: hit.metadata.section,
    path: hit.path,
    ...(hit.metadata.version ? { version: hit.metadata.version } : {}),
    ...(hit.metadata.language ? { language: hit.metadata.language } : {}),
    snippet: shorten(section || hit.content),
  };
}

/** A page's copy up to its first heading after the title (its introduction). */
function introOf(markdown: string): string {
  const sections = markdownSections(markdown);
  const title = sections.find((s) => s.level > 0);
  const next = sections.find((s) => s.level > 1);
  if (!title || title.level !== 1) return sections[0]?.level === 0 ? sections[0].markdown : '';
  const end = next ? title.markdown.indexOf(next.markdown) : -1;
  return (end > 0 ? title.markdown.slice(0, end) : title.markdown).trim();
}

/** `text` cut to SNIPPET_CHARS at a line end (or a space), with `…` when cut. */
function shorten(text: string): string {
  if (text.length <= SNIPPET_CHARS) return text;
  const cut = text.slice(0, SNIPPET_CHARS);
  const at = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf(' '));
  return `${(at > SNIPPET_CHARS / 2 ? cut.slice(0, at) : cut).trimEnd()}\n…`;
}

async function loadInfo(dir: string, recordsFile: string): Promise<SiteInfo> {
  const records = JSON.parse(await readFile(recordsFile, 'utf8')) as SearchRecord[];
  if (!Array.isArray(records)) throw new Error(`${recordsFile} is not a JSON array of search records`);
  const sorted = (values: Iterable<string | undefined>) => [...new Set([...values].filter((v): v is string => typeof v === 'string' && v !== ''))].sort();
  const { name, description } = await siteTitle(dir);
  return {
    name,
    ...(description ? { description } : {}),
    versions: sorted(records.map((r) => r.version)),
    languages: sorted(records.map((r) => r.language)),
    routes: new Set(records.map((r) => r.route)),
  };
}

/** The site's name and summary: the bundle manifest's `name`, else llms.txt's `# ` title; llms.txt's first `> ` line. */
async function siteTitle(dir: string): Promise<{ name: string; description?: string }> {
  const manifestText = await readInside(dir, 'manifest.json');
  let manifest: { name?: unknown } | undefined;
  try {
    manifest = manifestText === undefined ? undefined : (JSON.parse(manifestText) as { name?: unknown });
  } catch {
    manifest = undefined;
  }
  const llms = ((await readInside(dir, 'llms.txt')) ?? '').split('\n');
  const title = llms.find((l) => l.startsWith('# '))?.slice(2).trim();
  const summary = llms.find((l) => l.startsWith('> '))?.slice(2).trim();
  const name = typeof manifest?.name === 'string' && manifest.name.trim() ? manifest.name.trim() : title || 'Documentation';
  return { name, ...(summary ? { description: summary } : {}) };
}

/** The files of the site an agent may read as resources: llms.txt, skill.md and the skills under `.well-known/skills/`. */
async function resourceFiles(dir: string): Promise<SiteResourceFile[]> {
  const files: SiteResourceFile[] = [];
  const top = new Set(await readdir(dir).catch(() => [] as string[]));
  if (top.has('llms.txt')) files.push({ path: 'llms.txt', mimeType: 'text/plain' });
  if (top.has('skill.md')) files.push({ path: 'skill.md', mimeType: 'text/markdown' });
  const walk = async (folder: string, depth: number): Promise<void> => {
    if (depth > MAX_SKILL_DEPTH) return;
    const entries = await readdir(path.join(dir, ...folder.split('/')), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (files.length >= MAX_SKILL_FILES) return;
      // Only plain files and folders: a link is never followed.
      if (entry.isDirectory()) await walk(`${folder}/${entry.name}`, depth + 1);
      else if (entry.isFile() && /\.(md|json|txt)$/i.test(entry.name)) files.push({ path: `${folder}/${entry.name}`, mimeType: mimeOf(entry.name) });
    }
  };
  // The skills folder itself must be the site's (a link to elsewhere is not walked).
  const root = await realpath(dir).catch(() => undefined);
  const skills = await realpath(path.join(dir, '.well-known', 'skills')).catch(() => undefined);
  if (root !== undefined && skills?.startsWith(root + path.sep)) await walk('.well-known/skills', 0);
  return files;
}

const mimeOf = (name: string) => (/\.json$/i.test(name) ? 'application/json' : /\.md$/i.test(name) ? 'text/markdown' : 'text/plain');
