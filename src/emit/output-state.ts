import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { SearchRecord } from '../model/render.js';
import type { BrokenLink } from '../render/links/rewrite-body-links.js';
import { listFiles, type LinkCheckMemo } from './link-check.js';
import { OUTPUT_MARKER } from './write-site.js';

/**
 * What a build left in its output folder, kept in the cache folder so the next build into the
 * same folder writes only what changed (an incremental build): every file with the digest of its
 * content and the size and time it had when written, and every page with the key of everything
 * its files depend on and what the build learnt from it. A file whose size or time is no longer
 * the recorded one (edited or deleted by hand) is written again.
 */
export interface OutputState {
  readonly files: Readonly<Record<string, FileStamp>>;
  readonly pages: Readonly<Record<string, PageRecord>>;
  /** The site-wide files made from the pages (sitemap, llms-full.txt, 404 page, redirect pages…), by the key of what they were made from. */
  readonly extras?: ExtrasRecord;
  /** What the link check found in each file. */
  readonly links?: LinkCheckMemo;
  /** The Tailwind stylesheet's key (the pages' classes) and its warnings. */
  readonly tailwind?: { readonly key: string; readonly diagnostics: readonly Diagnostic[] };
}

export interface ExtrasRecord {
  readonly key: string;
  readonly files: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  readonly urls: readonly (readonly [string, readonly string[]])[];
}

export interface FileStamp {
  /** Digest of the content, or of what the file was copied from. */
  readonly hash: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** What writing one page gave the rest of the build, so a page whose key is unchanged is not rendered again. */
export interface PageRecord {
  /** Digest of the site-wide settings, the page and its body's sources. */
  readonly key: string;
  /** The digest of the site-wide settings it was written under. */
  readonly site: string;
  /** The files the page wrote (its HTML, its `.md` copy, `index.html` for the page copied to `/`). */
  readonly files: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  readonly features: readonly string[];
  /** The class names of the page's own content (`RenderedBody.classes`). */
  readonly classes?: readonly string[];
  /** The page's Tailwind classes, when it links the Tailwind stylesheet. */
  readonly tailwindClasses?: readonly string[];
  readonly broken: readonly BrokenLink[];
  /** Files of the page whose links the build reported, for the link check. */
  readonly reportedIn: readonly string[];
  readonly copy?: { readonly markdown: string; readonly urls?: readonly string[] };
  readonly records?: readonly SearchRecord[];
  /** The links of the page's files, as the link check reads them, where known. */
  readonly urls: Readonly<Record<string, readonly string[]>>;
  readonly hasImage: boolean;
}

/** Bumped when the shape of the state changes: an older state is not read. */
const FORMAT = 1;

function stateFile(cacheDir: string, outDir: string): string {
  const name = createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16);
  return path.join(cacheDir, 'builds', `${name}.json`);
}

/**
 * The state the last build into `outDir` saved, which it removes: a build stopped half-way leaves
 * none, and the next one starts from an empty folder. Undefined when there is none, or it cannot be read.
 */
export async function takeOutputState(cacheDir: string, outDir: string): Promise<OutputState | undefined> {
  const file = stateFile(cacheDir, outDir);
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { format?: number; outDir?: string; state?: OutputState };
    await rm(file, { force: true });
    return parsed.format === FORMAT && parsed.outDir === path.resolve(outDir) && wellFormed(parsed.state) ? parsed.state : undefined;
  } catch {
    await rm(file, { force: true }).catch(() => {});
    return undefined;
  }
}

export async function saveOutputState(cacheDir: string, outDir: string, state: OutputState): Promise<void> {
  const file = stateFile(cacheDir, outDir);
  await mkdir(path.dirname(file), { recursive: true });
  // Written beside and renamed: a build stopped while saving leaves no half a state.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify({ format: FORMAT, outDir: path.resolve(outDir), state }));
  await rename(temp, file);
}

/** The state's shape, checked where the build relies on it (the file is read from the project's cache folder). */
function wellFormed(state: unknown): state is OutputState {
  if (!state || typeof state !== 'object') return false;
  const { files, pages } = state as { files?: unknown; pages?: unknown };
  const records = (v: unknown): v is Record<string, Record<string, unknown>> => !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => !!x && typeof x === 'object');
  if (!records(files) || !records(pages)) return false;
  const stampOk = (s: Record<string, unknown>) => typeof s['hash'] === 'string' && typeof s['size'] === 'number' && typeof s['mtimeMs'] === 'number';
  const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const pageOk = (p: Record<string, unknown>) =>
    typeof p['key'] === 'string' && strings(p['files']) && Array.isArray(p['diagnostics']) && strings(p['features']) && Array.isArray(p['broken']) && strings(p['reportedIn']) && !!p['urls'] && typeof p['urls'] === 'object';
  return Object.values(files).every(stampOk) && Object.values(pages).every(pageOk);
}

/**
 * Removes from `outDir` every file the build did not write or keep (a removed page's, or one put
 * there by hand: as a build into an emptied folder would not have it), then the folders left
 * empty. Returns the files left, sorted (`listFiles`).
 */
export async function removeStale(outDir: string, kept: ReadonlySet<string>): Promise<string[]> {
  const remaining: string[] = [];
  // The folders that held a removed file: they and their parents go when left empty.
  const emptied = new Set<string>();
  for (const file of listFiles(outDir)) {
    if (file === OUTPUT_MARKER || kept.has(file)) {
      remaining.push(file);
      continue;
    }
    const full = path.join(outDir, ...file.split('/'));
    await rm(full, { force: true });
    for (let folder = path.dirname(full); folder.length > outDir.length && folder.startsWith(outDir); folder = path.dirname(folder)) emptied.add(folder);
  }
  // Deepest first, so a folder emptied by its children's removal goes too; one still holding files stays.
  for (const folder of [...emptied].sort((a, b) => b.length - a.length)) await rmdir(folder).catch(() => {});
  return remaining;
}
