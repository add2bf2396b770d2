import { closest } from '../config/closest.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { BuildFeatures } from '../model/build-features.js';
import type { Deployment, DeploymentFeatures } from '../model/bundle.js';
import type { Diagnostic } from '../model/diagnostic.js';

export type FeatureName = keyof DeploymentFeatures;

export const FEATURE_NAMES: readonly FeatureName[] = ['search', 'assistant', 'analytics', 'playground'];

export const DEPLOYMENTS: readonly Deployment[] = ['cloud', 'client-hosted', 'air-gapped'];

/** Features to turn on or off against the profile's defaults (`--enable a,b --disable c`). */
export interface FeatureOverrides {
  readonly enable?: readonly string[];
  readonly disable?: readonly string[];
}

/** `on`: always available; `configurable`: on unless disabled; `off`: never available. */
type Availability = 'on' | 'configurable' | 'off';

/**
 * The feature table of the interface. Search is `configurable` air-gapped, not `off`: the
 * interface's search is a hosted service, Sheaf's a static index inside the bundle that needs
 * no network (DESIGN.md, "Deployment profiles").
 */
const TABLE: Readonly<Record<Deployment, Readonly<Record<FeatureName, Availability>>>> = {
  cloud: { search: 'on', assistant: 'on', analytics: 'on', playground: 'on' },
  'client-hosted': { search: 'configurable', assistant: 'configurable', analytics: 'configurable', playground: 'on' },
  'air-gapped': { search: 'configurable', assistant: 'off', analytics: 'off', playground: 'configurable' },
};

/** Profiles whose pages may load from the network (`BuildFeatures.network`): all but air-gapped. */
const NETWORK: Readonly<Record<Deployment, boolean>> = { cloud: true, 'client-hosted': true, 'air-gapped': false };

/** The features of a profile with no overrides. */
export function defaultFeatures(deployment: Deployment): BuildFeatures {
  const row = TABLE[deployment];
  return {
    search: row.search !== 'off',
    assistant: row.assistant !== 'off',
    analytics: row.analytics !== 'off',
    playground: row.playground !== 'off',
    network: NETWORK[deployment],
  };
}

/** The four features of the interface's table, as `manifest.json` and the build reports record them. */
export function featureTable(features: DeploymentFeatures): DeploymentFeatures {
  return { search: features.search, assistant: features.assistant, analytics: features.analytics, playground: features.playground };
}

/**
 * The features of a build: the profile's defaults with `overrides` applied. Enabling a feature
 * the profile does not offer, an unknown name, or a name both enabled and disabled is an error
 * (the features returned are then the defaults); disabling one the profile always has is a
 * warning and ignored.
 */
export function resolveFeatures(deployment: Deployment, overrides: FeatureOverrides = {}): { features: BuildFeatures; diagnostics: Diagnostic[] } {
  const row = TABLE[deployment];
  const diagnostics: Diagnostic[] = [];
  const features: { -readonly [K in keyof BuildFeatures]: BuildFeatures[K] } = { ...defaultFeatures(deployment) };
  const known = (name: string, flag: string): name is FeatureName => {
    if ((FEATURE_NAMES as readonly string[]).includes(name)) return true;
    const near = closest(name, FEATURE_NAMES);
    diagnostics.push(
      createDiagnostic('bundle/unknown-feature', {
        message: `\`${flag} ${name}\` names no feature.`,
        hint: near ? `Did you mean \`${near}\`? Features: ${FEATURE_NAMES.join(', ')}.` : `Features: ${FEATURE_NAMES.join(', ')}.`,
      }),
    );
    return false;
  };
  const enable = [...new Set(overrides.enable ?? [])];
  const disable = [...new Set(overrides.disable ?? [])];
  for (const name of enable) {
    if (!known(name, '--enable')) continue;
    if (disable.includes(name)) {
      diagnostics.push(createDiagnostic('bundle/feature-conflict', { message: `\`${name}\` is both enabled and disabled.`, hint: 'Name it in --enable or in --disable, not both.' }));
    } else if (row[name] === 'off') {
      diagnostics.push(
        createDiagnostic('bundle/feature-unavailable', {
          message: `\`${name}\` is not available in ${deployment} deployments: it needs the network.`,
          hint: `Remove \`--enable ${name}\`, or export for \`--deployment client-hosted\` where it is configurable.`,
        }),
      );
    } else {
      features[name] = true;
    }
  }
  for (const name of disable) {
    if (!known(name, '--disable') || enable.includes(name)) continue;
    if (row[name] === 'on') {
      diagnostics.push(
        createDiagnostic('bundle/feature-fixed', {
          message: `\`${name}\` is always on in ${deployment} deployments, so \`--disable ${name}\` is ignored.`,
          hint: deployment === 'cloud' ? 'Use `--deployment client-hosted` to choose the features yourself.' : 'Only search, the assistant and analytics are configurable here.',
        }),
      );
    } else {
      features[name] = false;
    }
  }
  if (diagnostics.some((d) => d.severity === 'error')) return { features: defaultFeatures(deployment), diagnostics };
  return { features, diagnostics };
}

/** Splits `--enable search,playground` values (repeatable, comma-separated) into names. */
export function splitFeatureList(values: readonly string[] | string | undefined): string[] {
  const list = values === undefined ? [] : typeof values === 'string' ? [values] : values;
  return list.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
}
