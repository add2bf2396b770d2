import type { DeploymentFeatures } from './bundle.js';

/**
 * What one build does, resolved once from its deployment profile and `--enable`/`--disable`
 * (`resolveFeatures` in deployment/features.ts). Render and emit read these fields; no stage
 * after that resolution compares a deployment's name. `manifest.json` and the reports record only
 * the four of the interface's table (`featureTable`).
 */
export interface BuildFeatures extends DeploymentFeatures {
  /**
   * Pages may load from the network: remote images, videos and frames in page bodies, a remote
   * logo, favicon, navigation icon or font face, and the project's root-level `.js` files (a
   * script may reach anywhere). False in air-gapped builds, whose pages make no network request;
   * the assistant panel and analytics tags need the network too, so none without it.
   */
  readonly network: boolean;
}
