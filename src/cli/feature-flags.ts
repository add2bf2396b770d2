import { splitFeatureList, type FeatureOverrides } from '../deployment/features.js';
import type { Deployment, DeploymentFeatures } from '../model/bundle.js';

/** `--enable` / `--disable` as commander collects them: one string per use, comma-separated names. */
export interface FeatureFlags {
  readonly enable?: readonly string[];
  readonly disable?: readonly string[];
}

/** Commander collector: `--enable a,b --enable c` gives `['a,b', 'c']`. */
export const collectList = (value: string, previous: readonly string[] = []): string[] => [...previous, value];

export function featureOverrides(flags: FeatureFlags): FeatureOverrides {
  return { enable: splitFeatureList(flags.enable), disable: splitFeatureList(flags.disable) };
}

/**
 * One report line naming the features a site was built with. Search says it is a static index,
 * so a reader of an air-gapped report knows it works there without the network.
 */
export function describeFeatures(deployment: Deployment, features: DeploymentFeatures): string {
  const on = (Object.keys(features) as (keyof DeploymentFeatures)[]).filter((f) => features[f]);
  const off = (Object.keys(features) as (keyof DeploymentFeatures)[]).filter((f) => !features[f]);
  const named = on.map((f) => (f === 'search' ? 'search (static index in the site: works offline and air-gapped)' : f));
  return `deployment ${deployment}; features: ${named.join(', ') || 'none'}${off.length ? `; off: ${off.join(', ')}` : ''}`;
}
