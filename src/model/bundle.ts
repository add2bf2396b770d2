/**
 * The export bundle: a deterministic `.tar.gz` or `.zip` of a built site with `manifest.json` at
 * its root. `sheaf export` writes it, the export job service serves it, `sheaf host` checks a
 * downloaded bundle against it before serving.
 */
import type { SitePage } from './site.js';
import type { UrlStyle } from './url-style.js';

export type Deployment = 'cloud' | 'client-hosted' | 'air-gapped';

/** Features gated per deployment profile (the feature table of the interface). */
export interface DeploymentFeatures {
  /** Site search (Sheaf's is a static index inside the bundle, so it can work air-gapped). */
  readonly search: boolean;
  /** Links to the hosted assistant. */
  readonly assistant: boolean;
  /** Web analytics integrations from docs.json. */
  readonly analytics: boolean;
  /** The API playground ("Try it"). */
  readonly playground: boolean;
}

/**
 * An export version label (`sheaf export --export-version`, a job's `version`): 1–64 of
 * `A-Z a-z 0-9 . _ -`, starting with a letter or digit; safe in a path, a header and a file name.
 */
export const EXPORT_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Version of the manifest and archive layout; bumped on any incompatible change. */
export const BUNDLE_FORMAT_VERSION = 1;

export interface BundleFile {
  /** POSIX path relative to the site root, no leading slash (`guides/intro/index.html`). */
  readonly path: string;
  /** Hex SHA-256 of the file's bytes. */
  readonly sha256: string;
  /** Bytes. */
  readonly size: number;
}

/** Content codings a bundle holds precompressed copies in (HTTP `Content-Encoding` names). */
export type ContentCoding = 'br' | 'gzip';

/** The file name suffix of each coding's copy: `index.html.br`, `index.html.gz`. */
export const CODING_SUFFIX: Readonly<Record<ContentCoding, string>> = { br: '.br', gzip: '.gz' };

/** Site paths with the codings of their precompressed copies (`<path>.br`, `<path>.gz`). */
export type Precompressed = Readonly<Record<string, readonly ContentCoding[]>>;

/** `manifest.json` at the bundle's root. The file list covers every file except the manifest. */
export interface BundleManifest {
  readonly formatVersion: typeof BUNDLE_FORMAT_VERSION;
  readonly sheafVersion: string;
  /**
   * Export version (EXPORT_VERSION): given by the exporter (a job's `version`, else its job id),
   * else the first 12 hex digits of `contentHash`. `sheaf host --version` pins it.
   */
  readonly version: string;
  /** Hex SHA-256 over the sorted `path\0sha256\n` lines of `files` but the precompressed copies: same site, same hash. */
  readonly contentHash: string;
  readonly deployment: Deployment;
  readonly features: DeploymentFeatures;
  /**
   * How the pages are laid out (UrlStyle): `html` (`guides/x.html`; the export's default) or
   * `directory` (`guides/x/index.html`). Absent in older bundles, which are `directory`.
   */
  readonly urlStyle?: UrlStyle;
  /** Site name from docs.json. */
  readonly name: string;
  readonly pageCount: number;
  /** Every page with its route: the `pages` list that `sheaf check --print-navigation` prints. */
  readonly pages: readonly SitePage[];
  /** Sorted by path. */
  readonly files: readonly BundleFile[];
  /**
   * The files with precompressed copies (brotli `<path>.br`, gzip `<path>.gz`, each only where
   * smaller), by path in byte order. The copies are listed in `files` too; a host serves them for
   * their file by content negotiation, never at their own path. Absent in older bundles, which a
   * host serves uncompressed.
   */
  readonly precompressed?: Precompressed;
}
