import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, stat, symlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { hashFile } from '../../bundle/bundle-manifest.js';
import type { ArchiveKind } from './archive-entries.js';
import { isSafeVersion, parseHostManifest, type HostManifest } from './host-manifest.js';
import { hostFail, hostOk, type HostResult } from './host-problem.js';
import { unpackBundle, type UnpackLimits } from './unpack-bundle.js';

/**
 * The host's data folder:
 *
 *     <dataDir>/versions/<version>/          a verified, unpacked bundle (manifest.json inside)
 *     <dataDir>/versions/<x>.partial-<rnd>/  being unpacked; never served, removed on start
 *     <dataDir>/current -> versions/<version> the active version (a symlink replaced by rename)
 *     <dataDir>/tmp/                         downloads in progress
 *
 * A folder named `versions/<version>` only exists after its bundle passed every check: it is
 * unpacked under a `.partial-` name and renamed into place. A version folder's mtime is the time
 * it was last installed (the newest cached version is the most recently installed one).
 */
export interface InstalledVersion {
  readonly version: string;
  /** Absolute folder of the unpacked site. */
  readonly dir: string;
  readonly manifest: HostManifest;
}

export const versionsDir = (dataDir: string) => path.join(dataDir, 'versions');

const suffix = () => randomBytes(6).toString('hex');

/** Creates the folders and removes what an interrupted run left behind (partial unpacks, downloads). */
export async function openDataDir(dataDir: string): Promise<void> {
  await mkdir(versionsDir(dataDir), { recursive: true });
  for (const name of await readdir(versionsDir(dataDir))) {
    if (/\.(partial|old)-/.test(name)) await rm(path.join(versionsDir(dataDir), name), { recursive: true, force: true });
  }
  await rm(path.join(dataDir, 'tmp'), { recursive: true, force: true });
  await mkdir(path.join(dataDir, 'tmp'), { recursive: true });
  for (const name of await readdir(dataDir)) {
    if (name.startsWith('current.tmp-')) await rm(path.join(dataDir, name), { force: true });
  }
}

/**
 * Unpacks and checks a downloaded archive under a `.partial-` folder, then renames it to
 * `versions/<version>`. With `pin`, a bundle of another version is refused. An installed folder of
 * the same version is kept when its manifest is byte-identical, else replaced.
 */
export async function installBundle(
  dataDir: string,
  archive: string,
  kind: ArchiveKind,
  options: { readonly pin?: string; readonly limits?: UnpackLimits; readonly now: () => Date },
): Promise<HostResult<InstalledVersion>> {
  const partial = path.join(versionsDir(dataDir), `${options.pin ?? 'download'}.partial-${suffix()}`);
  await mkdir(partial);
  try {
    const unpacked = await unpackBundle(archive, kind, partial, options.limits);
    if (!unpacked.ok) return unpacked;
    const manifest = unpacked.value;
    if (options.pin !== undefined && manifest.version !== options.pin) {
      return hostFail(
        'host/version-mismatch',
        `The bundle is version \`${manifest.version}\`, but --version pins \`${options.pin}\`. Nothing was served.`,
        `Pass the link of a bundle of version ${options.pin}, or change the pin (staticExport.version) to ${manifest.version}.`,
      );
    }
    const dir = path.join(versionsDir(dataDir), manifest.version);
    const existing = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => undefined);
    const incoming = await readFile(path.join(partial, 'manifest.json'), 'utf8');
    if (existing !== incoming) {
      const aside = `${dir}.old-${suffix()}`;
      if (await exists(dir)) await rename(dir, aside);
      await rename(partial, dir);
      await rm(aside, { recursive: true, force: true });
    }
    const now = options.now();
    await utimes(dir, now, now);
    return hostOk({ version: manifest.version, dir, manifest });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/**
 * Checks a cached version folder again before serving it: its manifest parses and names the
 * folder's version, and every listed file is a regular file (not a link) of the listed size and
 * SHA-256.
 */
export async function verifyInstalled(dataDir: string, version: string): Promise<HostResult<InstalledVersion>> {
  const dir = path.join(versionsDir(dataDir), version);
  const damaged = (why: string) => hostFail<InstalledVersion>('host/file-mismatch', `The cached version \`${version}\` is damaged: ${why}.`);
  if (!isSafeVersion(version)) return damaged('its folder name is not a version');
  const text = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return damaged('manifest.json is missing');
  const parsed = parseHostManifest(text);
  if (!parsed.ok) return damaged(parsed.problem.message);
  if (parsed.value.version !== version) return damaged(`its manifest names version \`${parsed.value.version}\``);
  for (const file of parsed.value.files) {
    const target = path.join(dir, file.path);
    const info = await lstat(target).catch(() => undefined);
    if (!info?.isFile()) return damaged(`\`${file.path}\` is missing or not a regular file`);
    if (info.size !== file.size) return damaged(`\`${file.path}\` has ${info.size} bytes, not ${file.size}`);
    if ((await hashFile(target)).sha256 !== file.sha256) return damaged(`\`${file.path}\` does not match its SHA-256`);
  }
  return hostOk({ version, dir, manifest: parsed.value });
}

/** Installed versions, most recently installed first. */
export async function cachedVersions(dataDir: string): Promise<string[]> {
  const names = await readdir(versionsDir(dataDir)).catch(() => [] as string[]);
  const found: { name: string; mtimeMs: number }[] = [];
  for (const name of names) {
    if (!isSafeVersion(name)) continue;
    const info = await lstat(path.join(versionsDir(dataDir), name)).catch(() => undefined);
    if (info?.isDirectory()) found.push({ name, mtimeMs: info.mtimeMs });
  }
  return found.sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name)).map((f) => f.name);
}

/** Points `<dataDir>/current` at `versions/<version>`: a new symlink renamed over the old one (atomic). */
export async function activateVersion(dataDir: string, version: string): Promise<void> {
  const temp = path.join(dataDir, `current.tmp-${suffix()}`);
  await symlink(path.join('versions', version), temp);
  await rename(temp, path.join(dataDir, 'current'));
}

/** Removes installed versions beyond the `keep` most recent; the active one always stays. */
export async function pruneVersions(dataDir: string, active: string, keep: number): Promise<string[]> {
  const removed: string[] = [];
  const versions = await cachedVersions(dataDir);
  for (const name of versions.filter((v) => v !== active).slice(Math.max(keep - 1, 0))) {
    await rm(path.join(versionsDir(dataDir), name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}
