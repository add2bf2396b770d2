import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { detectArchiveKind } from './archive-entries.js';
import { downloadBundle, type DownloadLimits } from './download-bundle.js';
import { hostFail, writeFailure, type HostProblem, type HostResult } from './host-problem.js';
import { redactUrl } from '../redact-url.js';
import type { UnpackLimits } from './unpack-bundle.js';
import { cachedVersions, installBundle, openDataDir, verifyInstalled, type InstalledVersion } from './version-store.js';

export interface PrepareOptions {
  /** The presigned link; only `redactUrl(bundleUrl)` is ever logged. */
  readonly bundleUrl: string;
  /** Pins the export version: another version is refused; a cached copy of it is the fallback. */
  readonly version?: string;
  readonly dataDir: string;
  /** One line of text for the operator (stderr). */
  readonly log: (line: string) => void;
  readonly downloadLimits?: DownloadLimits;
  readonly unpackLimits?: UnpackLimits;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
  /** When the download fails, serve a verified cached version instead (on start: yes; on update: no). */
  readonly fallBackToCache: boolean;
}

export type PreparedVersion = InstalledVersion & { readonly source: 'download' | 'cache' };

/** Failures of the link itself, after which a cached copy may be served. A bad bundle is never papered over. */
const DOWNLOAD_FAILURES = new Set<HostProblem['code']>(['host/link-expired', 'host/download-failed', 'host/download-timeout']);

/**
 * Downloads, checks and installs the bundle; when the link fails (expired, unreachable) and
 * `fallBackToCache` is set, picks the pinned version from the cache, or without a pin the most
 * recently installed one, after checking it again, and says so through `log`.
 */
export async function prepareVersion(options: PrepareOptions): Promise<HostResult<PreparedVersion>> {
  try {
    await openDataDir(options.dataDir);
  } catch (error) {
    const problem = writeFailure(error, `use the data folder ${options.dataDir}`);
    if (problem) return { ok: false, problem };
    throw error;
  }
  const archive = path.join(options.dataDir, 'tmp', `bundle-${randomBytes(6).toString('hex')}`);
  try {
    options.log(`sheaf host: downloading the bundle from ${redactUrl(options.bundleUrl)}`);
    const downloaded = await downloadBundle(options.bundleUrl, archive, options.downloadLimits, options.fetch);
    if (!downloaded.ok) {
      if (!options.fallBackToCache || !DOWNLOAD_FAILURES.has(downloaded.problem.code)) return downloaded;
      return fromCache(options, downloaded.problem);
    }
    const kind = await detectArchiveKind(archive);
    if (!kind) {
      return hostFail('host/bad-archive', 'The downloaded bundle is neither a .tar.gz nor a .zip archive (unknown magic bytes). Nothing was served.', 'Check that the link points at the bundle itself, not at a web page.');
    }
    const installed = await installBundle(options.dataDir, archive, kind, {
      ...(options.version !== undefined ? { pin: options.version } : {}),
      ...(options.unpackLimits ? { limits: options.unpackLimits } : {}),
      now: options.now ?? (() => new Date()),
    });
    if (!installed.ok) return installed;
    return { ok: true, value: { ...installed.value, source: 'download' } };
  } catch (error) {
    const problem = writeFailure(error, `install the bundle under ${path.join(options.dataDir, 'versions')}`);
    if (problem) return { ok: false, problem };
    throw error;
  } finally {
    await rm(archive, { force: true });
  }
}

async function fromCache(options: PrepareOptions, cause: HostProblem): Promise<HostResult<PreparedVersion>> {
  const cached = await cachedVersions(options.dataDir);
  const candidates = options.version !== undefined ? cached.filter((v) => v === options.version) : cached;
  const damaged: string[] = [];
  for (const version of candidates) {
    const checked = await verifyInstalled(options.dataDir, version);
    if (checked.ok) {
      options.log(`sheaf host: ${cause.message}`);
      options.log(
        options.version !== undefined
          ? `sheaf host: serving the cached copy of version ${version} (checked against its manifest).`
          : `sheaf host: warning: serving the most recent cached version, ${version} (checked against its manifest); it may be out of date.`,
      );
      return { ok: true, value: { ...checked.value, source: 'cache' } };
    }
    damaged.push(checked.problem.message);
  }
  const where = path.join(options.dataDir, 'versions');
  const none =
    options.version !== undefined
      ? `No cached copy of version ${options.version} is in ${where}, so there is nothing to serve.`
      : `No cached version is in ${where}, so there is nothing to serve.`;
  return {
    ok: false,
    problem: { code: cause.code, message: [cause.message, ...damaged, damaged.length ? 'There is nothing else to serve.' : none].join(' '), ...(cause.hint ? { hint: cause.hint } : {}) },
  };
}
