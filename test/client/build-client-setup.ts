import { buildClient } from '../../scripts/build-client.mjs';

/**
 * Vitest global setup: bundles the browser code into dist/client (scripts/build-client.mjs, with
 * esbuild, a fraction of a second), where site builds running from sources read it
 * (src/emit/site-assets.ts), so tests never see stale or missing page scripts.
 */
export default async function setup(): Promise<void> {
  await buildClient();
}
