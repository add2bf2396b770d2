import type { JSX } from 'preact';
import type { DocsConfig } from '../../config/loaded-config.js';
import { isRenderedProvider, jsLiteral, planProvider, type AnalyticsScript, type PartialSetting } from './analytics-providers.js';
import { attributes } from './escape.js';

export type { AnalyticsScript, PartialSetting } from './analytics-providers.js';

export interface AnalyticsPlan {
  /**
   * The tags, in order: consent managers first, then the providers sorted by name; with
   * `integrations.cookies`, the providers' tags are written by one consent-check script instead.
   */
  readonly scripts: readonly AnalyticsScript[];
  /** docs.json `integrations` keys Sheaf does not render. */
  readonly unsupported: readonly string[];
  /** Integrations left out for a value Sheaf does not put in a tag. */
  readonly invalid: readonly { readonly provider: string; readonly reason: string }[];
  /** Settings of rendered integrations that Sheaf does not apply. */
  readonly partial: readonly PartialSetting[];
}

/**
 * `integrations` keys that are settings, not providers. `telemetry`: Sheaf sends no telemetry
 * and has no feedback widget, so `enabled: false` is already the case. `cookies`: the consent check.
 */
const SETTINGS = new Set(['telemetry', 'cookies']);

/** What docs.json `integrations` turns into: the tags Sheaf renders, and what it leaves out. */
export function planAnalytics(config: Pick<DocsConfig, 'integrations'>): AnalyticsPlan {
  const integrations = config.integrations ?? {};
  const managers: AnalyticsScript[] = [];
  const tags: AnalyticsScript[] = [];
  const unsupported: string[] = [];
  const invalid: { provider: string; reason: string }[] = [];
  const partial: PartialSetting[] = [];
  for (const name of Object.keys(integrations).sort()) {
    if (SETTINGS.has(name)) continue;
    if (!isRenderedProvider(name)) {
      unsupported.push(name);
      continue;
    }
    const settings = integrations[name];
    if (settings === undefined) continue;
    const result = planProvider(name, settings);
    if (typeof result === 'string') {
      invalid.push({ provider: name, reason: result });
      continue;
    }
    for (const s of result.scripts) (s.consentManager ? managers : tags).push(s);
    partial.push(...(result.partial ?? []));
  }
  const cookies = integrations.cookies;
  if (cookies?.value !== undefined && !cookies.key) {
    partial.push({ provider: 'cookies', setting: 'value', reason: 'without `key` there is no consent to check, so the tags load for every reader' });
  }
  const gated = cookies?.key && tags.length ? [consentGate(tags, cookies.key, cookies.value)] : tags;
  return { scripts: [...managers, ...gated], unsupported, invalid, partial };
}

/**
 * docs.json `integrations.cookies`: Mintlify checks local storage for `key` (with `value`, when
 * given) and leaves telemetry off for a reader who has not consented. Sheaf holds the provider
 * tags back the same way: one inline script writes them (`document.write` while the head is
 * parsed, so they keep their order and `defer`) only when the stored value matches.
 */
function consentGate(tags: readonly AnalyticsScript[], key: string, value: string | undefined): AnalyticsScript {
  const html = tags.map(scriptTag).join('');
  const check = value === undefined ? 'v!==null' : `v===${jsLiteral(value)}`;
  return {
    provider: 'cookies',
    inline: `(function(){var v=null;try{v=window.localStorage.getItem(${jsLiteral(key)});}catch(e){}if(${check})document.write(${jsLiteral(html)});})();`,
  };
}

/** One tag as HTML text, the same markup `AnalyticsTags` renders. */
function scriptTag(s: AnalyticsScript): string {
  if (s.src) return `<script${attributes({ defer: !s.consentManager, src: s.src, 'data-sheaf-analytics': s.provider, ...(s.attributes ?? {}) })}></script>`;
  return `<script${attributes({ 'data-sheaf-analytics': s.provider })}>${s.inline ?? ''}</script>`;
}

/**
 * The analytics tags of `<head>`, in the plan's order: scripts from the allowlisted URLs
 * (deferred, except consent managers, which must run first) and inline setup.
 */
export function AnalyticsTags({ scripts }: { readonly scripts: readonly AnalyticsScript[] }): JSX.Element {
  return (
    <>
      {scripts.map((s) =>
        s.src ? (
          s.consentManager ? (
            <script src={s.src} data-sheaf-analytics={s.provider} {...(s.attributes ?? {})} />
          ) : (
            <script defer src={s.src} data-sheaf-analytics={s.provider} {...(s.attributes ?? {})} />
          )
        ) : (
          <script data-sheaf-analytics={s.provider} dangerouslySetInnerHTML={{ __html: s.inline ?? '' }} />
        ),
      )}
    </>
  );
}
