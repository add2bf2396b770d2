import { escapeHtml } from '../html.js';
import type { SecurityRequirementModel, SecuritySchemeModel } from '../../openapi/operation-model/model.js';
import { urlHtml } from './html-bits.js';
import type { RenderContext } from './render-context.js';
import { renderSchemaField } from './schema/render-schema.js';
import { distinctTitles, renderTabSet } from './tab-set.js';

const FLOW_NAMES: Readonly<Record<string, string>> = {
  authorizationCode: 'Authorization code',
  clientCredentials: 'Client credentials',
  implicit: 'Implicit',
  password: 'Password',
  deviceAuthorization: 'Device authorization',
};

/** The help shown when the scheme has no `description` of its own (CommonMark). */
function generatedHelp(s: SecuritySchemeModel): string {
  switch (s.type) {
    case 'apiKey':
      return `An API key sent in the \`${s.name ?? ''}\` ${s.in === 'query' ? 'query parameter' : s.in === 'cookie' ? 'cookie' : 'header'}.`;
    case 'http':
      if (s.scheme === 'basic') return 'Basic authentication header of the form `Basic <encoded-value>`, where `<encoded-value>` is the base64-encoded string `username:password`.';
      if (s.scheme === 'bearer') return `Bearer authentication header of the form \`Bearer <token>\`, where \`<token>\` is your auth token${s.bearerFormat ? ` (${s.bearerFormat})` : ''}.`;
      return `HTTP \`${s.scheme ?? 'authorization'}\` authentication in the \`Authorization\` header.`;
    case 'oauth2':
      return s.flows?.['deviceAuthorization'] !== undefined && Object.keys(s.flows).length === 1
        ? 'An OAuth 2.0 access token obtained with the device authorization flow (RFC 8628: the user approves the device on another screen), sent as `Bearer <token>` in the `Authorization` header.'
        : 'An OAuth 2.0 access token, sent as `Bearer <token>` in the `Authorization` header.';
    case 'openIdConnect':
      return 'An OpenID Connect access token, sent as `Bearer <token>` in the `Authorization` header.';
    case 'mutualTLS':
      return 'Mutual TLS: the client presents its certificate when connecting.';
  }
}

/** The name and location of the credential a scheme asks for. */
function credential(s: SecuritySchemeModel): { name: string; location: string } {
  if (s.type === 'apiKey') return { name: s.name ?? s.key, location: s.in ?? 'header' };
  if (s.type === 'mutualTLS') return { name: 'Client certificate', location: 'TLS' };
  return { name: 'Authorization', location: 'header' };
}

/** OAuth 2.0 flows with their URLs and scopes (the operation's required scopes marked), and the OpenID Connect URL. */
function renderFlows(s: SecuritySchemeModel, scopes: readonly string[], ctx: RenderContext): string {
  let html = '';
  if (s.openIdConnectUrl !== undefined) html += `<p class="sheaf-op-note">OpenID Connect discovery: ${urlHtml(s.openIdConnectUrl)}</p>`;
  if (s.oauth2MetadataUrl !== undefined) html += `<p class="sheaf-op-note">Authorization server metadata: ${urlHtml(s.oauth2MetadataUrl)}</p>`;
  for (const [name, flow] of Object.entries(s.flows ?? {})) {
    const urls = (
      [
        ['Authorization URL', flow.authorizationUrl],
        ['Device authorization URL', flow.deviceAuthorizationUrl],
        ['Token URL', flow.tokenUrl],
        ['Refresh URL', flow.refreshUrl],
      ] as [string, string | undefined][]
    )
      .map(([label, url]) => (url !== undefined ? `<dt>${label}</dt><dd>${urlHtml(url)}</dd>` : ''))
      .join('');
    const list = Object.entries(flow.scopes).map(([scope, about]) => {
      const required = scopes.includes(scope) ? '<span class="sheaf-field-required">required</span>' : '';
      return `<dt><code>${escapeHtml(scope)}</code>${required}</dt><dd>${about !== '' ? ctx.markdown(about) : ''}</dd>`;
    });
    html += `<div class="sheaf-op-flow"><div class="sheaf-op-flow-name">${escapeHtml(FLOW_NAMES[name] ?? name)}</div>${urls !== '' ? `<dl class="sheaf-op-flow-urls">${urls}</dl>` : ''}${list.length > 0 ? `<div class="sheaf-op-fact-name">Scopes</div><dl class="sheaf-op-scopes">${list.join('')}</dl>` : ''}</div>`;
  }
  const undeclared = scopes.filter((scope) => !Object.values(s.flows ?? {}).some((f) => Object.hasOwn(f.scopes, scope)));
  if (undeclared.length > 0) html += `<p class="sheaf-op-note">Required scopes: ${undeclared.map((x) => `<code>${escapeHtml(x)}</code>`).join(' ')}</p>`;
  return html;
}

/** What a scheme is, for its label. */
function kind(s: SecuritySchemeModel): string {
  if (s.type === 'http') return s.scheme === 'bearer' ? 'Bearer' : s.scheme === 'basic' ? 'Basic' : `HTTP ${s.scheme ?? ''}`.trim();
  return { apiKey: 'API key', oauth2: 'OAuth 2.0', openIdConnect: 'OpenID Connect', mutualTLS: 'Mutual TLS' }[s.type];
}

/**
 * One scheme as a field row: credential name, location and kind; the scheme's description or
 * generated help; flows. A scheme marked `deprecated` (OpenAPI 3.2) is shown as a deprecated field.
 */
function renderScheme(s: SecuritySchemeModel, scopes: readonly string[], required: boolean, ctx: RenderContext): string {
  const { name, location } = credential(s);
  return renderSchemaField(
    {
      name,
      schema: { type: 'string' },
      ...(s.type === 'mutualTLS' ? { type: 'certificate' } : {}),
      required,
      ...(s.deprecated ? { deprecated: true } : {}),
      description: s.description ?? generatedHelp(s),
      labels: [location, kind(s)],
      extra: renderFlows(s, scopes, ctx),
    },
    'request',
    'auth',
    ctx,
  );
}

/** What the page says where no authentication is needed (`security: []`, or a `{}` alternative). */
const NO_AUTH = '<p class="sheaf-op-note sheaf-op-no-auth">No authentication.</p>';

/** The tab title of an alternative: its scheme keys joined by ` + `, or `None` for `{}`. */
export function alternativeTitle(requirement: SecurityRequirementModel): string {
  return requirement.schemes.length === 0 ? 'None' : requirement.schemes.map((x) => x.scheme.key).join(' + ');
}

/**
 * The Authorization section's content. One alternative: its fields. Several (a `{}` among them
 * counts, titled `None`): "Any one of:" and a tab set, one tab per alternative in document order,
 * titled by its scheme keys; a tab combining several schemes says they go together. `security: []`
 * (`none`) or only `{}`: "No authentication.". `''` when no `security` applies at all.
 */
export function renderSecurity(security: readonly SecurityRequirementModel[], ctx: RenderContext, none = false): string {
  const alternatives = security.filter((r) => r.schemes.length > 0);
  if (security.length === 0) return none ? NO_AUTH : '';
  if (alternatives.length === 0) return NO_AUTH;
  const optional = alternatives.length < security.length;
  const render = (r: SecurityRequirementModel): string => {
    if (r.schemes.length === 0) return NO_AUTH;
    const together = r.schemes.length > 1 ? '<p class="sheaf-op-note">All of these, together.</p>' : '';
    return together + r.schemes.map((x) => renderScheme(x.scheme, x.scopes, !optional, ctx)).join('');
  };
  const only = alternatives[0];
  if (!optional && alternatives.length === 1 && only !== undefined) return render(only);
  // A repeated `{}` says nothing new: one `None` tab, where the first one is.
  const shown = security.filter((r, i) => r.schemes.length > 0 || security.findIndex((x) => x.schemes.length === 0) === i);
  const lead = optional ? 'Authentication is optional. Any one of:' : 'Any one of:';
  const titles = distinctTitles(shown.map(alternativeTitle));
  return `<p class="sheaf-op-note">${lead}</p>${renderTabSet(shown.map((r, i) => ({ title: titles[i] ?? '', html: render(r) })), 'sheaf-op-auth')}`;
}
