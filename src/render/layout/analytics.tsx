import type { JSX } from 'preact';
import type { DocsConfig } from '../../config/loaded-config.js';
import { trimTrailing } from '../../text/linear-text.js';

/** One analytics tag: a script from an allowlisted URL, with `data-*` attributes, or inline setup. */
export interface AnalyticsScript {
  readonly provider: string;
  /** Always one of the fixed provider URLs below, never a URL from docs.json. */
  readonly src?: string;
  readonly attributes?: Readonly<Record<string, string>>;
  /** Inline code; every docs.json value in it is a JSON string literal with `<` escaped. */
  readonly inline?: string;
}

export interface AnalyticsPlan {
  readonly scripts: readonly AnalyticsScript[];
  /** docs.json `integrations` keys Sheaf does not render. */
  readonly unsupported: readonly string[];
  /** Integrations left out for a value Sheaf does not put in a tag. */
  readonly invalid: readonly { readonly provider: string; readonly reason: string }[];
}

/** `integrations` keys that are settings, not providers. */
const SETTINGS = new Set(['telemetry', 'cookies']);

const js = (value: string): string => JSON.stringify(value).replace(/</g, '\\u003c');
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const DOMAINS = /^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i;
const httpsUrl = (v: string): string | undefined => {
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && !url.username && !url.password ? trimTrailing(url.href, '/') : undefined;
  } catch {
    return undefined;
  }
};

type Integrations = NonNullable<DocsConfig['integrations']>;
/** The providers Sheaf renders (keys of `PROVIDERS`). */
type Rendered = 'ga4' | 'gtm' | 'plausible' | 'posthog' | 'fathom';
/** Each provider's settings as the schema validated them. */
type Settings = { readonly [K in Rendered]: NonNullable<Integrations[K]> };
type Providers = { readonly [K in Rendered]: (settings: Settings[K]) => AnalyticsScript[] | string };

/**
 * The providers Sheaf renders, each from its documented snippet: a script from the provider's own
 * fixed URL (the allowlist), ids checked against a strict pattern. A function returns the tags, or
 * why the settings were refused.
 */
const PROVIDERS: Providers = {
  ga4: (s) => {
    const id = s.measurementId;
    if (!/^G-[A-Z0-9]{4,20}$/i.test(id)) return '`measurementId` must look like `G-XXXXXXX`';
    return [
      { provider: 'ga4', src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}` },
      { provider: 'ga4', inline: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${js(id)});` },
    ];
  },
  gtm: (s) => {
    const id = s.tagId;
    if (!/^GTM-[A-Z0-9]{4,20}$/i.test(id)) return '`tagId` must look like `GTM-XXXXXX`';
    return [
      { provider: 'gtm', inline: "window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});" },
      { provider: 'gtm', src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}` },
    ];
  },
  plausible: (s) => {
    const domain = s.domain;
    if (!DOMAINS.test(domain)) return '`domain` must be a host name (or several, comma-separated)';
    // A self-hosted server receives the events (`data-api`); the script still comes from plausible.io.
    const server = s.server === undefined ? undefined : httpsUrl(s.server);
    if (s.server !== undefined && !server) return '`server` must be an https URL';
    return [{ provider: 'plausible', src: 'https://plausible.io/js/script.js', attributes: { 'data-domain': domain, ...(server ? { 'data-api': `${server}/api/event` } : {}) } }];
  },
  posthog: (s) => {
    const key = s.apiKey;
    if (!/^phc_[A-Za-z0-9]{10,80}$/.test(key)) return '`apiKey` must look like `phc_…`';
    const host = s.apiHost === undefined ? 'https://us.i.posthog.com' : httpsUrl(s.apiHost);
    if (!host) return '`apiHost` must be an https URL';
    const assets = /(^|\.)eu\.(i\.)?posthog\.com$/.test(new URL(host).hostname) ? 'https://eu-assets.i.posthog.com' : 'https://us-assets.i.posthog.com';
    const options = `{api_host:${js(host)},disable_session_recording:${s.sessionRecording === true ? 'false' : 'true'}}`;
    return [
      { provider: 'posthog', src: `${assets}/static/array.js` },
      // Deferred scripts run before DOMContentLoaded: by then array.js has defined `posthog`.
      { provider: 'posthog', inline: `document.addEventListener('DOMContentLoaded',function(){if(window.posthog)window.posthog.init(${js(key)},${options});});` },
    ];
  },
  fathom: (s) => {
    const id = s.siteId;
    if (!ID.test(id)) return '`siteId` must be letters and digits';
    return [{ provider: 'fathom', src: 'https://cdn.usefathom.com/script.js', attributes: { 'data-site': id } }];
  },
};

const isRendered = (name: string): name is Rendered => Object.hasOwn(PROVIDERS, name);

/** One provider's tags from its settings (a generic call keeps the name and settings paired). */
function planProvider<K extends Rendered>(name: K, settings: Settings[K]): AnalyticsScript[] | string {
  return PROVIDERS[name](settings);
}

/** What docs.json `integrations` turns into: the tags Sheaf renders, and what it leaves out. */
export function planAnalytics(config: Pick<DocsConfig, 'integrations'>): AnalyticsPlan {
  const integrations: Integrations = config.integrations ?? {};
  const scripts: AnalyticsScript[] = [];
  const unsupported: string[] = [];
  const invalid: { provider: string; reason: string }[] = [];
  for (const name of Object.keys(integrations).sort()) {
    if (SETTINGS.has(name)) continue;
    if (!isRendered(name)) {
      unsupported.push(name);
      continue;
    }
    const settings = integrations[name];
    if (settings === undefined) continue;
    const result = planProvider(name, settings);
    if (typeof result === 'string') invalid.push({ provider: name, reason: result });
    else scripts.push(...result);
  }
  return { scripts, unsupported, invalid };
}

/** The analytics tags of `<head>`, in the providers' order: deferred scripts from the allowlisted URLs and inline setup. */
export function AnalyticsTags({ scripts }: { readonly scripts: readonly AnalyticsScript[] }): JSX.Element {
  return (
    <>
      {scripts.map((s) =>
        s.src ? <script defer src={s.src} data-sheaf-analytics={s.provider} {...(s.attributes ?? {})} /> : <script data-sheaf-analytics={s.provider} dangerouslySetInnerHTML={{ __html: s.inline ?? '' }} />,
      )}
    </>
  );
}
