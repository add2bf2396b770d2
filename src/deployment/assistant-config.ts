import { createDiagnostic } from '../diagnostics/create.js';
import type { BuildFeatures } from '../model/build-features.js';
import type { Diagnostic } from '../model/diagnostic.js';

/**
 * Where a site's Ask AI panel sends questions: the assistant message endpoint v2 of a service
 * (`https://…/discovery/v2/assistant/{domain}/message`) and the organization's assistant key.
 * Both end up in every page, so the key must be the public kind (`svc_dsc_…`).
 */
export interface AssistantOptions {
  /** Full URL of the message endpoint. */
  readonly endpoint: string;
  /** The public assistant key, `svc_dsc_…`. */
  readonly key: string;
}

const ASSISTANT_KEY = /^svc_dsc_[A-Za-z0-9_-]+$/;
const ADMIN_KEY_PREFIX = 'svc_';

/**
 * The panel's settings for a build, or why there are none. Both fields or neither (empty strings
 * count as missing); the endpoint http(s) without credentials; the key an assistant key, never an
 * admin key (it would be published). Problems with the values are errors. Valid settings while
 * the `assistant` feature or the network is off (air-gapped, `--disable assistant`) give a warning
 * and no panel. Messages never repeat the key.
 */
export function resolveAssistant(
  options: Partial<AssistantOptions> | undefined,
  features: BuildFeatures,
): { readonly assistant?: AssistantOptions; readonly diagnostics: Diagnostic[] } {
  if (options === undefined) return { diagnostics: [] };
  const endpoint = (options.endpoint ?? '').trim();
  const key = (options.key ?? '').trim();
  if (endpoint === '' && key === '') return { diagnostics: [] };
  if (endpoint === '' || key === '') {
    const given = endpoint === '' ? 'the key (`--assistant-key`)' : 'the endpoint (`--assistant-url`)';
    const missing = endpoint === '' ? 'its endpoint URL (`--assistant-url`)' : 'its key (`--assistant-key`)';
    return {
      diagnostics: [
        createDiagnostic('bundle/assistant-incomplete', {
          message: `The Ask AI panel needs both the assistant endpoint and its key, but only ${given} was given.`,
          hint: `Add ${missing}, or leave both out to build without the panel.`,
        }),
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const urlProblem = endpointProblem(endpoint);
  if (urlProblem) {
    diagnostics.push(
      createDiagnostic('bundle/assistant-invalid-url', {
        message: `The assistant endpoint ${urlProblem.shown === undefined ? '' : `\`${urlProblem.shown}\` `}${urlProblem.why}.`,
        hint: 'Pass the full URL of the message endpoint, like `https://assistant.example.com/discovery/v2/assistant/docs.example.com/message`.',
      }),
    );
  }
  if (!key.startsWith(ADMIN_KEY_PREFIX)) {
    diagnostics.push(
      createDiagnostic('bundle/assistant-invalid-key', {
        message: 'The assistant key does not start with `svc_dsc_`, so it is not a Sheaf assistant key.',
        hint: 'Create one with `sheaf keys create --org <org> --kind assistant` and pass what it prints.',
      }),
    );
  } else if (!key.startsWith('svc_dsc_')) {
    diagnostics.push(
      createDiagnostic('bundle/assistant-admin-key', {
        message: 'The assistant key is an admin key (`svc_…`). Every page would publish it, and it is a server-side secret: nothing was built.',
        hint: 'Pass the organization’s assistant key (`svc_dsc_…`, public), from `sheaf keys create --org <org> --kind assistant`; if this admin key was shared anywhere, revoke it.',
      }),
    );
  } else if (!ASSISTANT_KEY.test(key)) {
    diagnostics.push(
      createDiagnostic('bundle/assistant-invalid-key', {
        message: 'The assistant key has characters other than letters, digits, `_` and `-` after `svc_dsc_`.',
        hint: 'Copy the key exactly as `sheaf keys create --kind assistant` printed it.',
      }),
    );
  }
  if (diagnostics.length) return { diagnostics };
  if (!features.assistant || !features.network) {
    const why = !features.network ? 'air-gapped deployments have no network to reach it' : 'the assistant is disabled (`--disable assistant`)';
    return {
      diagnostics: [
        createDiagnostic('bundle/assistant-off', {
          message: `The assistant endpoint and key are ignored: ${why}, so no page has the Ask AI panel.`,
          hint: !features.network ? 'Leave out --assistant-url and --assistant-key, or export for `--deployment client-hosted`.' : 'Drop `--disable assistant`, or leave out --assistant-url and --assistant-key.',
        }),
      ],
    };
  }
  const href = new URL(endpoint).href;
  const v2 = v2Endpoint(href);
  if (v2 === href) return { assistant: { endpoint: href, key }, diagnostics: [] };
  return {
    assistant: { endpoint: v2, key },
    diagnostics: [
      createDiagnostic('bundle/assistant-v1-endpoint', {
        message: `The assistant endpoint \`${href}\` is the deprecated v1 endpoint; the Ask AI panel speaks v2 (AI SDK 5 and later), so it sends to \`${v2}\`.`,
        hint: 'Pass the v2 URL (`…/discovery/v2/assistant/<domain>/message`) to say so yourself.',
      }),
    ],
  };
}

/**
 * The v2 successor of a v1 assistant message URL (`…/discovery/v1/assistant/{domain}/message`,
 * under any base path, query kept); any other URL as given.
 */
export function v2Endpoint(url: string): string {
  return url.replace(/\/discovery\/v1\/assistant\/([^/?#]+)\/message(?=$|[?#])/, '/discovery/v2/assistant/$1/message');
}

/** Why `endpoint` cannot be the panel's endpoint (with what to show of it), or undefined. */
function endpointProblem(endpoint: string): { shown?: string; why: string } | undefined {
  // A key passed as the URL (flags swapped) must not be echoed into the build's output.
  if (endpoint.includes(ADMIN_KEY_PREFIX)) return { why: 'looks like a key, not a URL (are the two flags swapped?)' };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { shown: endpoint, why: 'is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { shown: endpoint, why: `is not an http or https URL (${url.protocol.replace(/:$/, '')})` };
  if (url.username || url.password) {
    // Credentials must not be echoed either: show the URL without them.
    url.username = '';
    url.password = '';
    return { shown: url.href, why: 'carries a user name or password, which every page would publish' };
  }
  return undefined;
}
