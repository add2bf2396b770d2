import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { BuildFeatures } from '../model/build-features.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { LoadedConfig } from '../config/loaded-config.js';
import { planAnalytics } from '../render/layout/analytics.js';

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
  const providers = [...new Set([...plan.scripts.map((s) => s.provider), ...plan.unsupported, ...plan.invalid.map((i) => i.provider)])].sort();
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
        hint: 'Sheaf renders ga4, gtm, plausible, posthog and fathom; add other tags with a custom script file at the project root.',
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
