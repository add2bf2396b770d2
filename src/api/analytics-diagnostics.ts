import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { BuildFeatures } from '../model/build-features.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { LoadedConfig } from '../config/loaded-config.js';
import { planAnalytics } from '../render/layout/analytics.js';

/** The providers docs.json configures (not the settings `telemetry` and `cookies`). */
const configured = (config: LoadedConfig): string[] => Object.keys(config.config.integrations ?? {}).filter((k) => k !== 'telemetry' && k !== 'cookies');

/**
 * What a build says about docs.json `integrations`: left out because analytics are off (air-gapped
 * or disabled), not rendered by Sheaf, or refused for a value that cannot go in a tag. Positions
 * are JSON pointers into the file each integration came from.
 */
export function analyticsDiagnostics(config: LoadedConfig, features: BuildFeatures): Diagnostic[] {
  const plan = planAnalytics(config.config);
  const at = (name: string) => {
    const origin = originOf(config.origins, `/integrations/${name}`);
    return { file: origin.file, pointer: origin.pointer };
  };
  const providers = [...new Set([...configured(config), ...plan.unsupported, ...plan.invalid.map((i) => i.provider)])].sort();
  if (!features.analytics || !features.network) {
    if (!providers.length) return [];
    const why = !features.network ? 'an air-gapped bundle makes no network request' : 'analytics are disabled';
    return [
      createDiagnostic('bundle/analytics-off', {
        message: `The integrations ${providers.map((p) => `\`${p}\``).join(', ')} are left out: ${why}.`,
        ...at(providers[0] as string),
        hint: !features.network ? 'Export for `--deployment client-hosted` to keep them.' : 'Drop `--disable analytics` to keep them.',
      }),
    ];
  }
  return [
    ...plan.unsupported.map((name) =>
      createDiagnostic('bundle/analytics-unsupported', {
        message: `The integration \`${name}\` is not rendered by Sheaf, so the site has no \`${name}\` tag.`,
        ...at(name),
        hint: 'Add the tag with a custom script file at the project root.',
      }),
    ),
    ...plan.partial.map(({ provider, setting, reason }) =>
      createDiagnostic('bundle/analytics-partial', {
        message: `The setting \`integrations.${provider}.${setting}\` is not applied: ${reason}.`,
        ...at(provider),
        hint: `Remove \`${setting}\` to silence this, or configure it in the provider's own dashboard.`,
      }),
    ),
    ...plan.invalid.map(({ provider, reason }) =>
      createDiagnostic('bundle/analytics-invalid', {
        message: `The integration \`${provider}\` is left out: ${reason}.`,
        ...at(provider),
        hint: `Check the value in \`integrations.${provider}\` against the provider's dashboard.`,
      }),
    ),
  ];
}
