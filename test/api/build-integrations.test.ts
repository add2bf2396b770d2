import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDiagnostics } from '../../src/api/analytics-diagnostics.js';
import { build } from '../../src/api/build.js';
import type { LoadedConfig } from '../../src/config/loaded-config.js';
import { planAnalytics } from '../../src/render/layout/analytics.js';

/**
 * docs.json `integrations`: every documented integration that is a script tag renders from the
 * provider's fixed URL with its documented settings (test/fixtures/settings-integrations, each
 * pinned), values never leave their attribute or literal, `cookies` holds the tags back until
 * consent, and an air-gapped build has none of them.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/settings-integrations');

/** The analytics tags of a page, in order. */
const tags = (html: string): string[] => html.match(/<script[^>]*data-sheaf-analytics[^>]*>[^<]*<\/script>/g) ?? [];

/** Every tag of the fixture's pages, as `build` writes it (cloud). */
const EXPECTED = [
  '<script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" data-sheaf-analytics="onetrust" data-domain-script="0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"></script>',
  '<script data-sheaf-analytics="onetrust">function OptanonWrapper(){}</script>',
  '<script src="https://transcend-cdn.com/cm/b7c1a2d3-e4f5/airgap.js" data-sheaf-analytics="transcend" data-cfasync="false"></script>',
  '<script defer src="https://assets.adobedtm.com/launch-EN93497c30fdf0424eb678d5f4ffac66dc.min.js" data-sheaf-analytics="adobe"></script>',
  '<script defer src="https://cdn.amplitude.com/script/76bb138bf3fbf58186XXX00000.js" data-sheaf-analytics="amplitude"></script>',
  '<script data-sheaf-analytics="amplitude">document.addEventListener(\'DOMContentLoaded\',function(){if(window.amplitude)window.amplitude.init("76bb138bf3fbf58186XXX00000",{fetchRemoteConfig:true,autocapture:true});});</script>',
  '<script data-sheaf-analytics="clarity">window.clarity=window.clarity||function(){(window.clarity.q=window.clarity.q||[]).push(arguments);};</script>',
  '<script defer src="https://www.clarity.ms/tag/abc123xyz" data-sheaf-analytics="clarity"></script>',
  '<script defer src="https://tag.clearbit.com/v1/pk_1a1882/tags.js" data-sheaf-analytics="clearbit" referrerpolicy="strict-origin-when-cross-origin"></script>',
  '<script defer src="https://cdn.usefathom.com/script.js" data-sheaf-analytics="fathom" data-site="YSVMSDAY"></script>',
  '<script defer src="https://chat-assets.frontapp.com/v1/chat.bundle.js" data-sheaf-analytics="frontchat"></script>',
  '<script data-sheaf-analytics="frontchat">document.addEventListener(\'DOMContentLoaded\',function(){if(window.FrontChat)window.FrontChat(\'init\',{chatId:"1365d046d7c023e9b030ce90d02d093a",useDefaultLauncher:true});});</script>',
  '<script defer src="https://www.googletagmanager.com/gtag/js?id=G-XXXXXXXXXX" data-sheaf-analytics="ga4"></script>',
  '<script data-sheaf-analytics="ga4">window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag(\'js\',new Date());gtag(\'config\',"G-XXXXXXXXXX");</script>',
  '<script data-sheaf-analytics="gtm">window.dataLayer=window.dataLayer||[];window.dataLayer.push({\'gtm.start\':Date.now(),event:\'gtm.js\'});</script>',
  '<script defer src="https://www.googletagmanager.com/gtm.js?id=GTM-MGBL4PW" data-sheaf-analytics="gtm"></script>',
  '<script data-sheaf-analytics="heap">window.heap=window.heap||[];window.heap.appid="1234567890";window.heap.config=window.heap.config||{};</script>',
  '<script defer src="https://cdn.heapanalytics.com/js/heap-1234567890.js" data-sheaf-analytics="heap"></script>',
  '<script data-sheaf-analytics="hightouch">(function(){var h=window.htevents=window.htevents||[];h._writeKey="9132c81do371p76sr11da0075469b54f77649c9a067dp0303p56q0q64n072336";h._loadOptions={apiHost:"us-east-1.hightouch-events.com"};h.push([\'page\']);})();</script>',
  '<script defer src="https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js" data-sheaf-analytics="hightouch"></script>',
  '<script data-sheaf-analytics="hotjar">window.hj=window.hj||function(){(window.hj.q=window.hj.q||[]).push(arguments);};window._hjSettings={hjid:3456789,hjsv:6};</script>',
  '<script defer src="https://static.hotjar.com/c/hotjar-3456789.js?sv=6" data-sheaf-analytics="hotjar"></script>',
  '<script data-sheaf-analytics="intercom">(function(){window.intercomSettings={api_base:\'https://api-iam.intercom.io\',app_id:"abc123def4"};if(typeof window.Intercom!==\'function\'){var i=function(){i.c(arguments);};i.q=[];i.c=function(a){i.q.push(a);};window.Intercom=i;}})();</script>',
  '<script defer src="https://widget.intercom.io/widget/abc123def4" data-sheaf-analytics="intercom"></script>',
  '<script data-sheaf-analytics="koala">window.ko=window.ko||[];</script>',
  '<script defer src="https://cdn.getkoala.com/v1/pk_3f0a9c/sdk.js" data-sheaf-analytics="koala"></script>',
  '<script defer src="https://cdn.lr-ingest.com/LogRocket.min.js" data-sheaf-analytics="logrocket" crossorigin="anonymous"></script>',
  '<script data-sheaf-analytics="logrocket">document.addEventListener(\'DOMContentLoaded\',function(){if(window.LogRocket)window.LogRocket.init("acme/docs");});</script>',
  '<script data-sheaf-analytics="mixpanel">(function(){var m=window.mixpanel=window.mixpanel||[];m.__SV=1.2;m.people=m.people||[];m._i=m._i||[];m._i.push(["0123456789abcdef0123456789abcdef",{api_host:"https://api-eu.mixpanel.com",track_pageview:true},\'mixpanel\']);})();</script>',
  '<script defer src="https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js" data-sheaf-analytics="mixpanel"></script>',
  '<script defer src="https://api.pirsch.io/pa.js" data-sheaf-analytics="pirsch" id="pianjs" data-code="8Kw7OKxBfswOjnKGZa7P9Day8JmVYwTp"></script>',
  '<script defer src="https://plausible.io/js/script.js" data-sheaf-analytics="plausible" data-domain="docs.domain.com" data-api="https://plausible.example.com/api/event"></script>',
  '<script defer src="https://us-assets.i.posthog.com/static/array.js" data-sheaf-analytics="posthog"></script>',
  '<script data-sheaf-analytics="posthog">document.addEventListener(\'DOMContentLoaded\',function(){if(window.posthog)window.posthog.init("phc_TXdpocbYTeZVm5VJmMzHTMrCofBQu3e0kN7HGMNGTVW",{api_host:"https://us.i.posthog.com",disable_session_recording:true});});</script>',
  '<script data-sheaf-analytics="segment">(function(){var a=window.analytics=window.analytics||[];if(!a.initialize&&!a.invoked){a.invoked=true;a._writeKey="nqJxiRG15Y6M594P8Sb8ESEciU3VC2";a.push([\'page\']);}})();</script>',
  '<script defer src="https://cdn.segment.com/analytics.js/v1/nqJxiRG15Y6M594P8Sb8ESEciU3VC2/analytics.min.js" data-sheaf-analytics="segment"></script>',
];

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-integrations-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('integrations in a build (test/fixtures/settings-integrations)', () => {
  it('cloud: every documented script-tag integration, consent managers first, the rest by provider', async () => {
    const out = path.join(tmp, 'cloud');
    const result = await build({ root: FIXTURE, outDir: out, cacheDir: false, siteUrl: 'https://docs.example.com/' });
    expect(result.diagnostics.map((d) => d.code)).toEqual([]);
    const home = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(tags(home)).toEqual(EXPECTED);
    expect(tags(home).length).toBe(36);
    // The 404 page carries them too.
    expect(tags(await readFile(path.join(out, '404.html'), 'utf8'))).toEqual(EXPECTED);
  });

  it('air-gapped: none of them, and one info naming all 21 providers', async () => {
    const out = path.join(tmp, 'air');
    const result = await build({ root: FIXTURE, outDir: out, cacheDir: false, siteUrl: 'https://docs.example.com/', deployment: 'air-gapped' });
    for (const file of ['index.html', '404.html']) {
      const html = await readFile(path.join(out, file), 'utf8');
      expect(tags(html).length, file).toBe(0);
      expect(html.includes('data-sheaf-analytics'), file).toBe(false);
    }
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'bundle/analytics-off',
        'The integrations `adobe`, `amplitude`, `clarity`, `clearbit`, `fathom`, `frontchat`, `ga4`, `gtm`, `heap`, `hightouch`, `hotjar`, `intercom`, `koala`, `logrocket`, `mixpanel`, `onetrust`, `pirsch`, `plausible`, `posthog`, `segment`, `transcend` are left out: an air-gapped bundle makes no network request.',
      ],
    ]);
  });
});

describe('planAnalytics: values stay in their place', () => {
  it('refuses ids that would leave an attribute, a URL path or a literal, naming the setting', () => {
    const attack = '1"><script>alert(1)</script>';
    const plan = planAnalytics({
      integrations: {
        adobe: { launchUrl: 'https://evil.example/launch.min.js' },
        amplitude: { apiKey: attack },
        clarity: { projectId: 'a/../../x' },
        clearbit: { publicApiKey: 'pk_1"x' },
        frontchat: { snippetId: '123456</script>' },
        heap: { appId: '12ab' },
        hightouch: { writeKey: 'abcdef123456', apiHost: 'https://us-east-1.hightouch-events.com' },
        hotjar: { hjid: '1;alert(1)', hjsv: '6' },
        intercom: { appId: 'abc/def1' },
        koala: { publicApiKey: 'pk_"' },
        logrocket: { appId: 'noslash' },
        mixpanel: { projectToken: '</script>' },
        onetrust: { domainScript: 'abc' },
        pirsch: { id: 'short' },
        segment: { key: 'abcdef123', cdnUrl: 'http://cdn.example' },
        transcend: { bundleId: 'a b' },
      },
    });
    expect(plan.scripts).toEqual([]);
    expect(plan.invalid).toEqual([
      { provider: 'adobe', reason: '`launchUrl` must be an Adobe Launch embed URL (`https://assets.adobedtm.com/….min.js`)' },
      { provider: 'amplitude', reason: '`apiKey` must be letters and digits' },
      { provider: 'clarity', reason: '`projectId` must be 4 to 32 letters and digits' },
      { provider: 'clearbit', reason: '`publicApiKey` must look like `pk_…`' },
      { provider: 'frontchat', reason: '`snippetId` must be letters and digits (6 or more)' },
      { provider: 'heap', reason: '`appId` must be 4 to 20 digits' },
      { provider: 'hightouch', reason: '`apiHost` must be a host name such as `us-east-1.hightouch-events.com` (without `https://`)' },
      { provider: 'hotjar', reason: '`hjid` must be 1 to 12 digits' },
      { provider: 'intercom', reason: '`appId` must be 6 to 16 letters and digits' },
      { provider: 'koala', reason: '`publicApiKey` must be letters, digits and `_`' },
      { provider: 'logrocket', reason: '`appId` must look like `org/app`' },
      { provider: 'mixpanel', reason: '`projectToken` must be letters and digits' },
      { provider: 'onetrust', reason: '`domainScript` must be the OneTrust domain id (letters, digits and `-`)' },
      { provider: 'pirsch', reason: '`id` must be the identification code (letters and digits)' },
      { provider: 'segment', reason: '`cdnUrl` must be an https URL' },
      { provider: 'transcend', reason: '`bundleId` must be letters, digits, `_` and `-`' },
    ]);
  });

  it('takes Front\'s documented string form, a self-hosted Plausible host name, and Segment\'s own CDN', () => {
    const plan = planAnalytics({
      integrations: {
        // Mintlify's Front page writes `"frontchat": "CHAT_ID"`.
        frontchat: '1365d046d7c0' as unknown as { snippetId: string },
        plausible: { domain: 'docs.acme.test', server: 'https://stats.acme.test/' },
        segment: { key: 'abcdef123', cdnUrl: 'https://cdn.acme.test/seg' },
      },
    });
    expect(plan.scripts.map((s) => s.inline ?? `${s.src} ${JSON.stringify(s.attributes ?? {})}`)).toEqual([
      'https://chat-assets.frontapp.com/v1/chat.bundle.js {}',
      "document.addEventListener('DOMContentLoaded',function(){if(window.FrontChat)window.FrontChat('init',{chatId:\"1365d046d7c0\",useDefaultLauncher:true});});",
      'https://plausible.io/js/script.js {"data-domain":"docs.acme.test","data-api":"https://stats.acme.test/api/event"}',
      "(function(){var a=window.analytics=window.analytics||[];if(!a.initialize&&!a.invoked){a.invoked=true;a._writeKey=\"abcdef123\";a.push(['page']);}})();",
      'https://cdn.acme.test/seg/analytics.js/v1/abcdef123/analytics.min.js {}',
    ]);
  });

  it('cookies: the provider tags are written only when local storage holds the consent value; consent managers are never held back', () => {
    const plan = planAnalytics({
      integrations: {
        fathom: { siteId: 'ABCDEF' },
        transcend: { bundleId: 'bundle-1' },
        cookies: { key: 'consent</script>', value: 'yes' },
      },
    });
    expect(plan.scripts).toEqual([
      { provider: 'transcend', src: 'https://transcend-cdn.com/cm/bundle-1/airgap.js', attributes: { 'data-cfasync': 'false' }, consentManager: true },
      {
        provider: 'cookies',
        inline:
          '(function(){var v=null;try{v=window.localStorage.getItem("consent\\u003c/script\\u003e");}catch(e){}if(v==="yes")document.write("\\u003cscript defer src=\\"https://cdn.usefathom.com/script.js\\" data-sheaf-analytics=\\"fathom\\" data-site=\\"ABCDEF\\"\\u003e\\u003c/script\\u003e");})();',
      },
    ]);
    expect(plan.scripts.some((s) => s.inline?.includes('</script>'))).toBe(false);
    const anyValue = planAnalytics({ integrations: { fathom: { siteId: 'ABCDEF' }, cookies: { key: 'consent' } } });
    expect(anyValue.scripts.map((s) => s.inline)).toEqual([
      '(function(){var v=null;try{v=window.localStorage.getItem("consent");}catch(e){}if(v!==null)document.write("\\u003cscript defer src=\\"https://cdn.usefathom.com/script.js\\" data-sheaf-analytics=\\"fathom\\" data-site=\\"ABCDEF\\"\\u003e\\u003c/script\\u003e");})();',
    ]);
  });

  it('names settings it reads but does not apply, and keeps telemetry without a tag', () => {
    const plan = planAnalytics({
      integrations: {
        onetrust: { domainScript: '0190a1b2-c3d4', categoryId: 'C0002' },
        transcend: { bundleId: 'bundle-1', analyticsPurpose: 'Product Analytics' },
        cookies: { value: 'yes' },
        telemetry: { enabled: false },
      },
    });
    expect(plan.scripts.map((s) => s.provider)).toEqual(['onetrust', 'onetrust', 'transcend']);
    expect(plan.partial).toEqual([
      { provider: 'onetrust', setting: 'categoryId', reason: 'OneTrust loads, but the other tags are not held back by its category; OneTrust auto-blocking does that' },
      { provider: 'transcend', setting: 'analyticsPurpose', reason: "airgap.js holds tags back by the purposes set in Transcend's dashboard, not by this name" },
      { provider: 'cookies', setting: 'value', reason: 'without `key` there is no consent to check, so the tags load for every reader' },
    ]);
  });
});

describe('analyticsDiagnostics', () => {
  const loaded = (integrations: Record<string, unknown>): LoadedConfig =>
    ({ file: 'docs.json', config: { integrations }, origins: { '': { file: 'docs.json', pointer: '' } } }) as unknown as LoadedConfig;
  const cloud = { search: true, assistant: true, analytics: true, playground: true, network: true };

  it('reports settings not applied as info, at the integration', () => {
    const d = analyticsDiagnostics(loaded({ transcend: { bundleId: 'bundle-1', analyticsPurpose: 'Ads' } }), cloud);
    expect(d).toEqual([
      {
        code: 'bundle/analytics-partial',
        severity: 'info',
        message: "The setting `integrations.transcend.analyticsPurpose` is not applied: airgap.js holds tags back by the purposes set in Transcend's dashboard, not by this name.",
        file: 'docs.json',
        pointer: '/integrations/transcend',
        hint: "Remove `analyticsPurpose` to silence this, or configure it in the provider's own dashboard.",
      },
    ]);
  });

  it('reports a key it has no provider for (one the schema may add later) as info', () => {
    const d = analyticsDiagnostics(loaded({ newtool: { id: 'x' } }), cloud);
    expect(d.map((x) => [x.code, x.message, x.hint])).toEqual([
      ['bundle/analytics-unsupported', 'The integration `newtool` is not rendered by Sheaf, so the site has no `newtool` tag.', 'Add the tag with a custom script file at the project root.'],
    ]);
  });

  it('is silent for a good configuration', () => {
    expect(analyticsDiagnostics(loaded({ fathom: { siteId: 'ABCDEF' }, telemetry: { enabled: false } }), cloud)).toEqual([]);
  });
});
