import { z } from 'zod';
import { BUNDLE_FORMAT_VERSION, CODING_SUFFIX, type BundleManifest } from '../../model/bundle.js';
import { SHEAF_VERSION } from '../../version.js';
import { URL_STYLES } from '../../model/url-style.js';
import { checkEntryPath } from './entry-path.js';
import { hostFail, hostOk, type HostResult } from './host-problem.js';

/**
 * Export versions name folders (`versions/<version>`): letters, digits, `.`, `_`, `-`, at most
 * 128 characters, starting with a letter or digit, never containing the suffixes the version
 * store uses for its temporary folders.
 */
export function isSafeVersion(version: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(version) && !/\.(partial|old)-/.test(version);
}

/** The part of `BundleManifest` the host relies on; other fields are kept but not checked. */
export type HostManifest = Pick<BundleManifest, 'formatVersion' | 'version' | 'files'> & Partial<Pick<BundleManifest, 'sheafVersion' | 'name' | 'pageCount' | 'contentHash' | 'precompressed' | 'urlStyle'>>;

const manifestSchema = z.looseObject({
  formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
  version: z.string().refine(isSafeVersion, 'must be 1-128 letters, digits, `.`, `_` or `-`'),
  sheafVersion: z.string().optional(),
  name: z.string().optional(),
  pageCount: z.number().int().nonnegative().optional(),
  contentHash: z.string().optional(),
  precompressed: z.record(z.string(), z.array(z.enum(['br', 'gzip']))).optional(),
  urlStyle: z.enum(URL_STYLES).optional(),
  files: z.array(
    z.strictObject({
      path: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
      size: z.number().int().nonnegative(),
    }),
  ),
});

/**
 * Parses `manifest.json`: the format version first (its own message: a newer exporter is the
 * likely cause), then the fields the host needs; file paths must be canonical (the same rule as
 * archive entries), unique, and never `manifest.json` itself.
 */
export function parseHostManifest(text: string): HostResult<HostManifest> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return hostFail('host/bad-manifest', 'The bundle’s manifest.json is not valid JSON.', 'Generate a new bundle with `sheaf export` or the export job API.');
  }
  const formatVersion = value && typeof value === 'object' ? (value as { formatVersion?: unknown }).formatVersion : undefined;
  if (formatVersion !== BUNDLE_FORMAT_VERSION) {
    return hostFail(
      'host/format-version',
      `The bundle’s format version is ${JSON.stringify(formatVersion) ?? 'missing'}; Sheaf ${SHEAF_VERSION} reads format version ${BUNDLE_FORMAT_VERSION}.`,
      'Host the bundle with the Sheaf version that exported it, or export it again with this one.',
    );
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'manifest';
    return hostFail('host/bad-manifest', `The bundle’s manifest.json is invalid at \`${where}\`: ${issue?.message ?? 'unexpected shape'}.`, 'Generate a new bundle.');
  }
  const seen = new Set<string>();
  for (const file of parsed.data.files) {
    const check = checkEntryPath(file.path);
    if (!check.ok || check.path !== file.path || file.path === 'manifest.json' || seen.has(file.path)) {
      return hostFail('host/bad-manifest', `The bundle’s manifest.json lists the path ${JSON.stringify(file.path)}, which is ${check.ok ? 'not canonical or listed twice' : check.reason}.`, 'Generate a new bundle.');
    }
    seen.add(file.path);
  }
  for (const [file, codings] of Object.entries(parsed.data.precompressed ?? {})) {
    const missing = [file, ...codings.map((c) => file + CODING_SUFFIX[c])].find((p) => !seen.has(p));
    if (missing !== undefined || new Set(codings).size !== codings.length) {
      return hostFail('host/bad-manifest', `The bundle’s manifest.json lists a precompressed copy of ${JSON.stringify(file)} ${missing !== undefined ? `but not the file ${JSON.stringify(missing)}` : 'twice in one coding'}.`, 'Generate a new bundle.');
    }
  }
  return hostOk(parsed.data as HostManifest);
}
