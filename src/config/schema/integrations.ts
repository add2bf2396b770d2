import { z } from 'zod';
import { closed } from './registry.js';

/** `integrations`: analytics and support tools, one strict object per provider. */
export const integrationsSchema = closed(z.strictObject({
  adobe: z.strictObject({ launchUrl: z.url() }).optional(),
  amplitude: z.strictObject({ apiKey: z.string() }).optional(),
  clarity: z.strictObject({ projectId: z.string() }).optional(),
  clearbit: z.strictObject({ publicApiKey: z.string() }).optional(),
  fathom: z.strictObject({ siteId: z.string() }).optional(),
  frontchat: z.strictObject({ snippetId: z.string().min(6) }).optional(),
  ga4: z.strictObject({ measurementId: z.string().regex(/^G/, { message: 'an id starting with `G`' }) }).optional(),
  gtm: z.strictObject({ tagId: z.string().regex(/^G/, { message: 'an id starting with `G`' }) }).optional(),
  heap: z.strictObject({ appId: z.string() }).optional(),
  hightouch: z.strictObject({ writeKey: z.string(), apiHost: z.string().optional() }).optional(),
  hotjar: z.strictObject({ hjid: z.string(), hjsv: z.string() }).optional(),
  intercom: z.strictObject({ appId: z.string().min(6) }).optional(),
  koala: z.strictObject({ publicApiKey: z.string().min(2) }).optional(),
  logrocket: z.strictObject({ appId: z.string() }).optional(),
  mixpanel: z.strictObject({ projectToken: z.string(), region: z.enum(['us', 'eu', 'in']).optional() }).optional(),
  onetrust: z
    .strictObject({
      domainScript: z.string().min(1),
      categoryId: z.string().min(1).optional(),
      scriptSource: z.url().optional(),
    })
    .optional(),
  pirsch: z.strictObject({ id: z.string() }).optional(),
  posthog: z
    .strictObject({
      apiKey: z.string().regex(/^phc_/, { message: 'a key starting with `phc_`' }),
      apiHost: z.url().optional(),
      sessionRecording: z.boolean().optional(),
    })
    .optional(),
  plausible: z.strictObject({ domain: z.string(), server: z.string().optional() }).optional(),
  segment: z.strictObject({ key: z.string(), cdnUrl: z.url().optional() }).optional(),
  telemetry: z.strictObject({ enabled: z.boolean().optional() }).optional(),
  cookies: z.strictObject({ key: z.string().optional(), value: z.string().optional() }).optional(),
  transcend: z
    .strictObject({
      bundleId: z.string().regex(/^[a-zA-Z0-9_-]+$/, { message: 'letters, digits, `_` and `-` only' }),
      analyticsPurpose: z.string().min(1).max(100).optional(),
    })
    .optional(),
}));
