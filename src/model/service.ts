/**
 * Records of the export job service (`sheaf service`), kept in its store (SQLite by default).
 * Plain data: the HTTP layer, the job runner and the assistant exchange these.
 */
import type { Deployment } from './bundle.js';

/** Plans an organization can be on; static export requires `enterprise`. */
export type Plan = 'free' | 'pro' | 'enterprise';

export interface Organization {
  readonly id: string;
  readonly name: string;
  readonly plan: Plan;
}

/** A documentation site the service can export: domain -> docs source folder. */
export interface ServiceSite {
  /** The domain identifier clients pass (`acme`, `docs.acme.com`). */
  readonly domain: string;
  readonly orgId: string;
  /** Absolute path of the docs project folder (a folder or a git checkout). */
  readonly source: string;
  /** The site's public assistant key, put into the Ask AI panel of its exports; absent: exports have no panel. */
  readonly assistant?: SiteAssistant;
}

/**
 * A site's public assistant key. Assistant keys are public by the interface, so the store keeps
 * this one readable (every other key only as a hash); it opens this site's assistant only, and
 * only for pages on `origins`.
 */
export interface SiteAssistant {
  /** The key's record id (`key_…`). */
  readonly keyId: string;
  /** The key itself, `svc_dsc_…`. */
  readonly key: string;
  /** Origins (`https://docs.acme.com`) whose pages may use the key; a browser request from any other is refused. */
  readonly origins: readonly string[];
}

/** `admin` keys start `svc_` (server-side secret), `assistant` keys `svc_dsc_` (public). */
export type ApiKeyKind = 'admin' | 'assistant';

export interface ApiKeyRecord {
  readonly id: string;
  readonly orgId: string;
  readonly kind: ApiKeyKind;
  /** ISO 8601. */
  readonly createdAt: string;
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface ExportJob {
  /** `se_` + 16 hex digits. */
  readonly jobId: string;
  readonly orgId: string;
  readonly domain: string;
  /** Profile the bundle is built for (features and network use); jobs stored before it existed are `cloud`. */
  readonly deployment: Deployment;
  /** The version label the start request gave (`EXPORT_VERSION`), recorded in the bundle's manifest; absent: the job id. */
  readonly version?: string;
  /** The page paths the start request gave: the bundle holds only those pages; absent: every page. */
  readonly paths?: readonly string[];
  readonly status: JobStatus;
  /** 0–100. */
  readonly progress: number;
  /** Pages written so far (the final count once completed). */
  readonly pageCount: number;
  /** Why the job failed, in words for the caller (no internals). */
  readonly error?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Times the job was started (a job interrupted by a restart is run again once). */
  readonly attempts: number;
  /** Once completed: the bundle, relative to the service's data folder, and its size in bytes. */
  readonly bundleFile?: string;
  readonly bundleBytes?: number;
  /** Once completed: the site's search records (`_sheaf/search-records.json`), relative to the data folder. */
  readonly searchRecordsFile?: string;
  /**
   * The assistant message endpoint the bundle's Ask AI panel asks (the service's own v2 endpoint
   * for the domain), decided when the job was created; absent: no panel (the site has no public
   * key, or the job is air-gapped).
   */
  readonly assistantEndpoint?: string;
  /** The id of the site's public key the bundle's pages carry, once built with the panel. */
  readonly assistantKeyId?: string;
}
