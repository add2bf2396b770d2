import type { DocsConfig } from '../../config/loaded-config.js';
import { trimTrailing } from '../../text/linear-text.js';
import { scriptJson } from './script-json.js';

/**
 * One analytics or support tag: a script from a provider's fixed URL (the allowlist), with
 * attributes, or inline setup code.
 */
export interface AnalyticsScript {
  readonly provider: string;
  /** One of the provider URLs below, never free text from docs.json (ids are checked first). */
  readonly src?: string;
  readonly attributes?: Readonly<Record<string, string>>;
  /** Inline code; every docs.json value in it is a JSON literal with `<`, `>`, `&`, U+2028/9 escaped. */
  readonly inline?: string;
  /**
   * A consent manager (Transcend, OneTrust): loaded first, in order and not deferred, so it can
   * hold the other tags back until the reader agrees; never behind the `cookies` consent check.
   */
  readonly consentManager?: boolean;
}

/** A setting of a provider Sheaf reads but does not apply; the rest of the provider renders. */
export interface PartialSetting {
  readonly provider: string;
  readonly setting: string;
  readonly reason: string;
}

/** What one provider's settings give: its tags (and settings not applied), or why it is left out. */
export type ProviderResult = { readonly scripts: readonly AnalyticsScript[]; readonly partial?: readonly PartialSetting[] } | string;

type Integrations = NonNullable<DocsConfig['integrations']>;
/** The providers Sheaf renders: every documented integration that is a script tag. */
export type RenderedProvider = Exclude<keyof Integrations, 'telemetry' | 'cookies'>;
type Providers = { readonly [K in RenderedProvider]: (settings: NonNullable<Integrations[K]>) => ProviderResult };

/** A JavaScript literal of a value safe inside `<script>` (`scriptJson`). */
export const jsLiteral = scriptJson;

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const ALNUM = /^[A-Za-z0-9]{6,128}$/;
const DOMAINS = /^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i;
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:[0-9]{1,5})?$/i;

/** An https URL without credentials, without its trailing slash; undefined for anything else. */
export const httpsUrl = (v: string): string | undefined => {
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && !url.username && !url.password ? trimTrailing(url.href, '/') : undefined;
  } catch {
    return undefined;
  }
};

/** A host name as Mintlify documents it (`plausible.example.com`, no scheme), or an https URL: its origin. */
const hostOrUrl = (v: string): string | undefined => (HOST.test(v) ? `https://${v.toLowerCase()}` : httpsUrl(v));

/** Code in its own function scope, so its variables never become globals of the page. */
const iife = (code: string): string => `(function(){${code}})();`;

/**
 * Runs `init` once the deferred provider scripts have run: deferred scripts run before
 * DOMContentLoaded, in document order, so the provider's global exists by then.
 */
const afterLoad = (global: string, init: string): string =>
  `document.addEventListener('DOMContentLoaded',function(){if(window.${global})${init};});`;

/**
 * The providers, each from the provider's published snippet: its script from the provider's own
 * fixed URL, ids checked against a strict pattern before they reach a URL or a literal. Mintlify's
 * pages name the settings (integrations/*.mdx); the snippets are the providers' own.
 */
export const PROVIDERS: Providers = {
  adobe: (s) => {
    // The Launch URL is the customer's own embed file, served only from Adobe's tag CDN.
    const url = httpsUrl(s.launchUrl);
    if (!url || new URL(url).hostname !== 'assets.adobedtm.com' || !/\.js$/.test(new URL(url).pathname)) {
      return '`launchUrl` must be an Adobe Launch embed URL (`https://assets.adobedtm.com/….min.js`)';
    }
    return { scripts: [{ provider: 'adobe', src: url }] };
  },
  amplitude: (s) => {
    if (!ALNUM.test(s.apiKey)) return '`apiKey` must be letters and digits';
    return {
      scripts: [
        { provider: 'amplitude', src: `https://cdn.amplitude.com/script/${s.apiKey}.js` },
        { provider: 'amplitude', inline: afterLoad('amplitude', `window.amplitude.init(${jsLiteral(s.apiKey)},{fetchRemoteConfig:true,autocapture:true})`) },
      ],
    };
  },
  clarity: (s) => {
    if (!/^[a-z0-9]{4,32}$/i.test(s.projectId)) return '`projectId` must be 4 to 32 letters and digits';
    return {
      scripts: [
        { provider: 'clarity', inline: 'window.clarity=window.clarity||function(){(window.clarity.q=window.clarity.q||[]).push(arguments);};' },
        { provider: 'clarity', src: `https://www.clarity.ms/tag/${s.projectId}` },
      ],
    };
  },
  clearbit: (s) => {
    if (!/^pk_[A-Za-z0-9]{4,64}$/.test(s.publicApiKey)) return '`publicApiKey` must look like `pk_…`';
    return { scripts: [{ provider: 'clearbit', src: `https://tag.clearbit.com/v1/${s.publicApiKey}/tags.js`, attributes: { referrerpolicy: 'strict-origin-when-cross-origin' } }] };
  },
  fathom: (s) => {
    if (!ID.test(s.siteId)) return '`siteId` must be letters and digits';
    return { scripts: [{ provider: 'fathom', src: 'https://cdn.usefathom.com/script.js', attributes: { 'data-site': s.siteId } }] };
  },
  frontchat: (s) => {
    // Mintlify's Front page writes `"frontchat": "CHAT_ID"`; the schema an object with `snippetId`.
    const settings: unknown = s;
    const id = typeof settings === 'string' ? settings : s.snippetId;
    if (!ALNUM.test(id)) return '`snippetId` must be letters and digits (6 or more)';
    return {
      scripts: [
        { provider: 'frontchat', src: 'https://chat-assets.frontapp.com/v1/chat.bundle.js' },
        { provider: 'frontchat', inline: afterLoad('FrontChat', `window.FrontChat('init',{chatId:${jsLiteral(id)},useDefaultLauncher:true})`) },
      ],
    };
  },
  ga4: (s) => {
    const id = s.measurementId;
    if (!/^G-[A-Z0-9]{4,20}$/i.test(id)) return '`measurementId` must look like `G-XXXXXXX`';
    return {
      scripts: [
        { provider: 'ga4', src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}` },
        { provider: 'ga4', inline: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${jsLiteral(id)});` },
      ],
    };
  },
  gtm: (s) => {
    const id = s.tagId;
    if (!/^GTM-[A-Z0-9]{4,20}$/i.test(id)) return '`tagId` must look like `GTM-XXXXXX`';
    return {
      scripts: [
        { provider: 'gtm', inline: "window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});" },
        { provider: 'gtm', src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}` },
      ],
    };
  },
  heap: (s) => {
    if (!/^[0-9]{4,20}$/.test(s.appId)) return '`appId` must be 4 to 20 digits';
    return {
      scripts: [
        { provider: 'heap', inline: `window.heap=window.heap||[];window.heap.appid=${jsLiteral(s.appId)};window.heap.config=window.heap.config||{};` },
        { provider: 'heap', src: `https://cdn.heapanalytics.com/js/heap-${s.appId}.js` },
      ],
    };
  },
  hightouch: (s) => {
    if (!ALNUM.test(s.writeKey)) return '`writeKey` must be letters and digits';
    // Mintlify: "Do not include `https://` for the `apiHost`".
    const host = s.apiHost ?? 'us-east-1.hightouch-events.com';
    if (!HOST.test(host)) return '`apiHost` must be a host name such as `us-east-1.hightouch-events.com` (without `https://`)';
    return {
      scripts: [
        // The snippet's queue: the SDK reads the write key, the options and the queued page view.
        { provider: 'hightouch', inline: iife(`var h=window.htevents=window.htevents||[];h._writeKey=${jsLiteral(s.writeKey)};h._loadOptions={apiHost:${jsLiteral(host.toLowerCase())}};h.push(['page']);`) },
        { provider: 'hightouch', src: 'https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js' },
      ],
    };
  },
  hotjar: (s) => {
    if (!/^[0-9]{1,12}$/.test(s.hjid)) return '`hjid` must be 1 to 12 digits';
    if (!/^[0-9]{1,3}$/.test(s.hjsv)) return '`hjsv` must be 1 to 3 digits';
    return {
      scripts: [
        { provider: 'hotjar', inline: `window.hj=window.hj||function(){(window.hj.q=window.hj.q||[]).push(arguments);};window._hjSettings={hjid:${Number(s.hjid)},hjsv:${Number(s.hjsv)}};` },
        { provider: 'hotjar', src: `https://static.hotjar.com/c/hotjar-${s.hjid}.js?sv=${s.hjsv}` },
      ],
    };
  },
  intercom: (s) => {
    if (!/^[a-z0-9]{6,16}$/i.test(s.appId)) return '`appId` must be 6 to 16 letters and digits';
    return {
      scripts: [
        {
          provider: 'intercom',
          // The widget boots from `intercomSettings` when it loads; the stub queues calls until then.
          inline: iife(`window.intercomSettings={api_base:'https://api-iam.intercom.io',app_id:${jsLiteral(s.appId)}};if(typeof window.Intercom!=='function'){var i=function(){i.c(arguments);};i.q=[];i.c=function(a){i.q.push(a);};window.Intercom=i;}`),
        },
        { provider: 'intercom', src: `https://widget.intercom.io/widget/${s.appId}` },
      ],
    };
  },
  koala: (s) => {
    if (!/^[A-Za-z0-9_]{2,128}$/.test(s.publicApiKey)) return '`publicApiKey` must be letters, digits and `_`';
    return {
      scripts: [
        { provider: 'koala', inline: 'window.ko=window.ko||[];' },
        { provider: 'koala', src: `https://cdn.getkoala.com/v1/${s.publicApiKey}/sdk.js` },
      ],
    };
  },
  logrocket: (s) => {
    if (!/^[a-z0-9_-]{1,64}\/[a-z0-9_-]{1,64}$/i.test(s.appId)) return '`appId` must look like `org/app`';
    return {
      scripts: [
        { provider: 'logrocket', src: 'https://cdn.lr-ingest.com/LogRocket.min.js', attributes: { crossorigin: 'anonymous' } },
        { provider: 'logrocket', inline: afterLoad('LogRocket', `window.LogRocket.init(${jsLiteral(s.appId)})`) },
      ],
    };
  },
  mixpanel: (s) => {
    if (!ALNUM.test(s.projectToken)) return '`projectToken` must be letters and digits';
    const host = { us: 'https://api-js.mixpanel.com', eu: 'https://api-eu.mixpanel.com', in: 'https://api-in.mixpanel.com' }[s.region ?? 'us'];
    return {
      scripts: [
        {
          provider: 'mixpanel',
          // The snippet's stub as the library reads it: `__SV`, and `_i` with one `[token, config, name]` per instance.
          inline: iife(`var m=window.mixpanel=window.mixpanel||[];m.__SV=1.2;m.people=m.people||[];m._i=m._i||[];m._i.push([${jsLiteral(s.projectToken)},{api_host:${jsLiteral(host)},track_pageview:true},'mixpanel']);`),
        },
        { provider: 'mixpanel', src: 'https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js' },
      ],
    };
  },
  onetrust: (s) => {
    if (!/^[A-Za-z0-9-]{8,64}$/.test(s.domainScript)) return '`domainScript` must be the OneTrust domain id (letters, digits and `-`)';
    const src = s.scriptSource === undefined ? 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js' : httpsUrl(s.scriptSource);
    if (!src) return '`scriptSource` must be an https URL';
    return {
      scripts: [
        { provider: 'onetrust', src, attributes: { 'data-domain-script': s.domainScript }, consentManager: true },
        { provider: 'onetrust', inline: 'function OptanonWrapper(){}', consentManager: true },
      ],
      ...(s.categoryId !== undefined
        ? { partial: [{ provider: 'onetrust', setting: 'categoryId', reason: 'OneTrust loads, but the other tags are not held back by its category; OneTrust auto-blocking does that' }] }
        : {}),
    };
  },
  pirsch: (s) => {
    if (!/^[A-Za-z0-9]{8,64}$/.test(s.id)) return '`id` must be the identification code (letters and digits)';
    // Pirsch's script finds its own tag by the id `pianjs`.
    return { scripts: [{ provider: 'pirsch', src: 'https://api.pirsch.io/pa.js', attributes: { id: 'pianjs', 'data-code': s.id } }] };
  },
  plausible: (s) => {
    if (!DOMAINS.test(s.domain)) return '`domain` must be a host name (or several, comma-separated)';
    // A self-hosted server (a host name as documented, or an https URL) receives the events
    // (`data-api`); the script still comes from plausible.io.
    const server = s.server === undefined ? undefined : hostOrUrl(s.server);
    if (s.server !== undefined && !server) return '`server` must be a host name (such as `plausible.example.com`) or an https URL';
    return { scripts: [{ provider: 'plausible', src: 'https://plausible.io/js/script.js', attributes: { 'data-domain': s.domain, ...(server ? { 'data-api': `${server}/api/event` } : {}) } }] };
  },
  posthog: (s) => {
    const key = s.apiKey;
    if (!/^phc_[A-Za-z0-9]{10,80}$/.test(key)) return '`apiKey` must look like `phc_…`';
    const host = s.apiHost === undefined ? 'https://us.i.posthog.com' : httpsUrl(s.apiHost);
    if (!host) return '`apiHost` must be an https URL';
    const assets = /(^|\.)eu\.(i\.)?posthog\.com$/.test(new URL(host).hostname) ? 'https://eu-assets.i.posthog.com' : 'https://us-assets.i.posthog.com';
    const options = `{api_host:${jsLiteral(host)},disable_session_recording:${s.sessionRecording === true ? 'false' : 'true'}}`;
    return {
      scripts: [
        { provider: 'posthog', src: `${assets}/static/array.js` },
        { provider: 'posthog', inline: afterLoad('posthog', `window.posthog.init(${jsLiteral(key)},${options})`) },
      ],
    };
  },
  segment: (s) => {
    if (!ALNUM.test(s.key)) return '`key` must be the write key (letters and digits)';
    const cdn = s.cdnUrl === undefined ? 'https://cdn.segment.com' : httpsUrl(s.cdnUrl);
    if (!cdn) return '`cdnUrl` must be an https URL';
    return {
      scripts: [
        // The snippet's queue: analytics.js reads the buffered calls (`[method, ...args]`) when it loads.
        { provider: 'segment', inline: iife(`var a=window.analytics=window.analytics||[];if(!a.initialize&&!a.invoked){a.invoked=true;a._writeKey=${jsLiteral(s.key)};a.push(['page']);}`) },
        { provider: 'segment', src: `${cdn}/analytics.js/v1/${s.key}/analytics.min.js` },
      ],
    };
  },
  transcend: (s) => {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(s.bundleId)) return '`bundleId` must be letters, digits, `_` and `-`';
    return {
      scripts: [{ provider: 'transcend', src: `https://transcend-cdn.com/cm/${s.bundleId}/airgap.js`, attributes: { 'data-cfasync': 'false' }, consentManager: true }],
      ...(s.analyticsPurpose !== undefined
        ? { partial: [{ provider: 'transcend', setting: 'analyticsPurpose', reason: "airgap.js holds tags back by the purposes set in Transcend's dashboard, not by this name" }] }
        : {}),
    };
  },
};

export const isRenderedProvider = (name: string): name is RenderedProvider => Object.hasOwn(PROVIDERS, name);

/** One provider's tags from its settings (a generic call keeps the name and settings paired). */
export function planProvider<K extends RenderedProvider>(name: K, settings: NonNullable<Integrations[K]>): ProviderResult {
  return PROVIDERS[name](settings);
}
