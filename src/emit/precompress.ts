import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CODING_SUFFIX, type ContentCoding, type Precompressed } from '../model/bundle.js';
import { contentTypeOf } from '../model/content-types.js';
import { forEachLimited } from '../project-fs/map-limited.js';
import { OUTPUT_MARKER } from './write-site.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Types worth compressing besides text (`charset=utf-8`): images, fonts and archives are compressed already. */
const COMPRESSIBLE_TYPES = new Set(['image/svg+xml', 'image/x-icon', 'application/wasm']);

/** Files smaller than this (bytes) are sent as they are: a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

/**
 * Brotli quality. On the HTML of GitHub's REST site (a 16.5 MB sample, measured): quality 5 makes
 * 1.42 MB at 127 MB/s, 7 makes 1.39 MB at 38 MB/s, 9 1.38 MB at 11 MB/s, 11 1.27 MB at 0.9 MB/s
 * (minutes for the whole site); gzip at level 9 makes 1.57 MB at 67 MB/s. Quality 5 is smaller
 * than gzip for less time than gzip takes.
 */
const BROTLI_QUALITY = 5;

/** Whether a site path is a file `precompressSite` compresses: text, SVG, icons and WebAssembly (by the served type), from 256 bytes. */
export function isCompressible(sitePath: string, size: number): boolean {
  const type = contentTypeOf(sitePath);
  return size >= MIN_BYTES && (type.endsWith('charset=utf-8') || COMPRESSIBLE_TYPES.has(type));
}

/**
 * A gzip member of `data` at level 9 with a fixed header: modification time 0 and operating
 * system 3 (Unix), which zlib otherwise takes from the platform it was built for. The same bytes
 * give the same file on every machine.
 */
export async function gzipFixed(data: Buffer): Promise<Buffer> {
  const out = await gzipped(data, { level: 9 });
  out.writeUInt32LE(0, 4);
  out[9] = 3;
  return out;
}

/** Brotli at `BROTLI_QUALITY`, told the input's size (a better window choice, same bytes every run). */
export function brotliOf(data: Buffer): Promise<Buffer> {
  return brotli(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
}

/** The regular files of a built site (Sheaf's output marker left out), by site path, with their sizes. */
async function siteFiles(siteDir: string): Promise<{ path: string; size: number }[]> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  const files: { path: string; size: number }[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const rel = path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (rel !== OUTPUT_MARKER) files.push({ path: rel, size: (await stat(path.join(entry.parentPath, entry.name))).size });
  }
  return files;
}

/**
 * Writes a brotli (`<file>.br`) and a gzip (`<file>.gz`) copy beside each compressible file of a
 * built site, each only where it is smaller than the file and no file of the site has its name.
 * The copies are the same bytes for the same file with the same zlib and brotli (Node's build).
 * Compression runs on libuv's thread pool, a few files at a time. Returns the codings written
 * per site path (in no particular order), for the bundle's manifest.
 */
export async function precompressSite(siteDir: string): Promise<Precompressed> {
  const found: Record<string, ContentCoding[]> = {};
  const files = await siteFiles(siteDir);
  // A project's own `x.json.gz` beside `x.json` stays the project's: no copy is written over it.
  const taken = new Set(files.map((f) => f.path));
  const candidates = files.filter((f) => isCompressible(f.path, f.size));
  await forEachLimited(candidates, 4, async (file) => {
    const source = path.join(siteDir, ...file.path.split('/'));
    const data = await readFile(source);
    const codings: ContentCoding[] = [];
    const [br, gz] = await Promise.all([brotliOf(data), gzipFixed(data)]);
    for (const [coding, bytes] of [['br', br], ['gzip', gz]] as const) {
      if (bytes.length >= data.length || taken.has(file.path + CODING_SUFFIX[coding])) continue;
      await writeFile(source + CODING_SUFFIX[coding], bytes);
      codings.push(coding);
    }
    if (codings.length > 0) found[file.path] = codings;
  });
  return found;
}
