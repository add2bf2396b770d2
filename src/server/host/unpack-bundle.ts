import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readArchiveEntries, type ArchiveKind } from './archive-entries.js';
import { checkEntryPath } from './entry-path.js';
import { parseHostManifest, type HostManifest } from './host-manifest.js';
import { HostProblemError, hostFail, hostOk, rejectWith, type HostResult } from './host-problem.js';

export interface UnpackLimits {
  /** Sum of the unpacked files' bytes (a zip or gzip bomb stops here). */
  readonly maxUnpackedBytes: number;
  /** Entries in the archive, directories included. */
  readonly maxEntries: number;
  /** Bytes of `manifest.json` (it is parsed in memory). */
  readonly maxManifestBytes: number;
}

export const DEFAULT_UNPACK_LIMITS: UnpackLimits = {
  maxUnpackedBytes: 4 * 1024 ** 3,
  maxEntries: 200_000,
  maxManifestBytes: 64 * 1024 ** 2,
};

const MANIFEST = 'manifest.json';
const REGENERATE = 'Generate a new bundle with `sheaf export` or the export job API; do not repack it by hand.';

/**
 * Unpacks a bundle archive into `dest` (an empty folder the caller owns) and checks it against its
 * manifest. Refused, with nothing served: absolute names, `..`, backslashes, symbolic and hard
 * links, devices, duplicate names, entries the manifest does not list, listed files that are
 * missing or differ in size or SHA-256, and an unknown format version. Files are written with
 * exclusive create and mode 0644; `manifest.json` is written last, so a folder holding it has
 * passed every check. On failure `dest` is left for the caller to remove.
 */
export async function unpackBundle(archive: string, kind: ArchiveKind, dest: string, limits: UnpackLimits = DEFAULT_UNPACK_LIMITS): Promise<HostResult<HostManifest>> {
  const written = new Map<string, { sha256: string; size: number }>();
  const dirs = new Set<string>();
  const names = new Set<string>();
  let manifestText: string | undefined;
  let entries = 0;
  let totalBytes = 0;

  const unsafe = (name: string, reason: string) =>
    rejectWith('host/unsafe-entry', `The bundle entry ${JSON.stringify(name)} is refused: ${reason}. Nothing was served.`, REGENERATE);

  try {
    await readArchiveEntries(archive, kind, async (entry, content) => {
      entries += 1;
      if (entries > limits.maxEntries) throw rejectWith('host/bundle-too-large', `The bundle has more than ${limits.maxEntries} entries.`);
      const check = checkEntryPath(entry.name);
      if (!check.ok) throw unsafe(entry.name, check.reason);
      if (entry.type === 'symlink') throw unsafe(entry.name, 'it is a symbolic link');
      if (entry.type === 'hardlink') throw unsafe(entry.name, 'it is a hard link');
      if (entry.type === 'other') throw unsafe(entry.name, 'it is a device, FIFO or other special file');
      const rel = check.path;
      if (names.has(rel)) throw unsafe(entry.name, 'the name appears twice in the archive');
      names.add(rel);
      // A name cannot be both a file and a folder (`a` then `a/b`, or `a/` then `a`).
      const ancestors = rel.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'));
      for (const dir of ancestors) {
        if (written.has(dir) || dir === MANIFEST) throw unsafe(entry.name, `\`${dir}\` is a file in the same archive`);
        dirs.add(dir);
      }
      if (entry.type === 'directory') {
        if (written.has(rel)) throw unsafe(entry.name, 'a file of the same name is in the archive');
        dirs.add(rel);
        await mkdir(path.join(dest, rel), { recursive: true });
        return;
      }
      if (dirs.has(rel)) throw unsafe(entry.name, 'a folder of the same name is in the archive');
      if (entry.size > limits.maxUnpackedBytes - totalBytes) throw tooLarge(limits);
      if (rel === MANIFEST) {
        if (entry.size > limits.maxManifestBytes) throw rejectWith('host/bad-manifest', `The bundle’s manifest.json is larger than ${limits.maxManifestBytes} bytes.`, REGENERATE);
        manifestText = await readText(content, limits.maxManifestBytes);
        return;
      }
      const result = await writeEntry(content, path.join(dest, rel), entry.size, limits.maxUnpackedBytes - totalBytes, limits);
      totalBytes += result.size;
      written.set(rel, result);
    });
  } catch (error) {
    if (error instanceof HostProblemError) return { ok: false, problem: error.problem };
    throw error;
  }

  if (manifestText === undefined) return hostFail('host/bad-manifest', 'The bundle has no manifest.json at its root, so its files cannot be checked. Nothing was served.', REGENERATE);
  const parsed = parseHostManifest(manifestText);
  if (!parsed.ok) return parsed;
  const manifest = parsed.value;

  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const rel of [...written.keys()].sort()) {
    if (!listed.has(rel)) return mismatch(`The bundle contains \`${rel}\`, which its manifest does not list.`);
  }
  for (const file of manifest.files) {
    const got = written.get(file.path);
    if (!got) return mismatch(`The manifest lists \`${file.path}\`, which is missing from the bundle.`);
    if (got.size !== file.size) return mismatch(`\`${file.path}\` has ${got.size} bytes; the manifest says ${file.size}.`);
    if (got.sha256 !== file.sha256) return mismatch(`\`${file.path}\` does not match the SHA-256 in the manifest: the bundle was altered or damaged.`);
  }
  await writeFile(path.join(dest, MANIFEST), manifestText, { flag: 'wx', mode: 0o644 });
  return hostOk(manifest);
}

const mismatch = (message: string) => hostFail<HostManifest>('host/file-mismatch', `${message} Nothing was served.`, REGENERATE);

const tooLarge = (limits: UnpackLimits) => rejectWith('host/bundle-too-large', `The bundle unpacks to more than ${limits.maxUnpackedBytes} bytes.`, 'Raise the size limit if the site is really this large.');

async function readText(content: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw rejectWith('host/bad-manifest', `The bundle’s manifest.json is larger than ${maxBytes} bytes.`, REGENERATE);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Streams one entry to `target` (exclusive create), hashing it; stops past the declared size or the budget. */
async function writeEntry(content: Readable, target: string, declared: number, budget: number, limits: UnpackLimits): Promise<{ sha256: string; size: number }> {
  await mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > budget) return callback(tooLarge(limits));
      if (size > declared) return callback(rejectWith('host/bad-archive', `An entry holds more bytes than its header declares.`, REGENERATE));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(content, meter, createWriteStream(target, { flags: 'wx', mode: 0o644 }));
  return { sha256: hash.digest('hex'), size };
}
