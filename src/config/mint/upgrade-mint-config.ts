import type { ConfigOrigin } from '../../model/project.js';
import type { MintConfig } from './mint-schema.js';
import { upgradeLinks } from './upgrade-links.js';
import { upgradeNavigation } from './upgrade-navigation.js';
import { upgradeSettings } from './upgrade-settings.js';

/** A mint.json converted to docs.json shape, with origins pointing back into mint.json. */
export interface UpgradedConfig {
  readonly config: Record<string, unknown>;
  /** Per the `ConfigOrigins` contract; every entry is in `file`. */
  readonly origins: Readonly<Record<string, ConfigOrigin>>;
}

/**
 * Converts a (loosely validated) mint.json to the docs.json shape, following Mintlify's upgrade
 * rules: themes and layouts to themes, groups partitioned into tabs and anchors by URL prefix,
 * versions, top-level `openapi` to `api.openapi`, tab/anchor `openapi` with a local URL to
 * `{source, directory}`, `api.baseUrl`/`auth` to `api.mdx`, and the other settings to their
 * docs.json keys. `file` is mint.json's project-relative path. Pure.
 */
export function upgradeMintConfig(mint: MintConfig, file = 'mint.json'): UpgradedConfig {
  const origins: Record<string, ConfigOrigin> = { '': { file, pointer: '' } };
  const record = (docsPointer: string, mintPointer: string): void => {
    origins[docsPointer] = { file, pointer: mintPointer };
  };
  const settings = upgradeSettings(mint, record);
  const links = upgradeLinks(mint, record);
  record('/navigation', '/navigation');
  const navigation = upgradeNavigation(mint, record);
  const config: Record<string, unknown> = { ...settings, ...links, navigation };
  const ordered = Object.fromEntries(Object.keys(origins).sort().map((key) => [key, origins[key] as ConfigOrigin]));
  return { config, origins: ordered };
}
