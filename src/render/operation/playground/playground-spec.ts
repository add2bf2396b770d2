import type { OperationModel, ParameterModel, SecuritySchemeModel } from '../../../openapi/operation-model/model.js';
import { bodyKind } from './body-kind.js';
import { describeSchema } from './schema-info.js';
import type { PlaygroundSpec, SpecParameter, SpecSecurity, ValueShape } from '../../../model/playground-spec.js';
import { requestParameters } from '../../../openapi/operation-model/querystring-parameter.js';

/** OpenAPI's default `style` by location. */
const DEFAULT_STYLE: Readonly<Record<ParameterModel['in'], string>> = { path: 'simple', header: 'simple', query: 'form', cookie: 'form' };

function shapeOf(parameter: ParameterModel, document: unknown): ValueShape {
  const type = describeSchema(document, parameter.schema).type;
  return type === 'array' ? 'array' : type === 'object' ? 'object' : 'scalar';
}

export function specParameter(parameter: ParameterModel, document: unknown): SpecParameter {
  const style = parameter.style ?? DEFAULT_STYLE[parameter.in];
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    style,
    explode: parameter.explode ?? style === 'form',
    shape: shapeOf(parameter, document),
    ...(parameter.mediaType !== undefined && { mediaType: parameter.mediaType }),
  };
}

/**
 * How the script applies a scheme, or `undefined` when a browser cannot (mutual TLS). OAuth 2
 * and OpenID Connect take an access token pasted by the reader, sent as a bearer token.
 */
export function specSecurity(scheme: SecuritySchemeModel): SpecSecurity | undefined {
  const key = scheme.key;
  if (scheme.type === 'apiKey') return { key, kind: 'apiKey', name: scheme.name ?? key, in: scheme.in ?? 'header' };
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return { key, kind: 'bearer' };
  if (scheme.type !== 'http') return undefined;
  const http = (scheme.scheme ?? 'bearer').toLowerCase();
  if (http === 'bearer') return { key, kind: 'bearer' };
  if (http === 'basic') return { key, kind: 'basic' };
  return { key, kind: 'http', scheme: scheme.scheme ?? http };
}

/** The schemes of the operation's first security requirement (what `simple` display summarises). */
export function firstRequirement(model: OperationModel): readonly SecuritySchemeModel[] {
  return (model.security[0]?.schemes ?? []).map((s) => s.scheme);
}

/** Each security alternative of the operation as the schemes the script applies (see `PlaygroundSpec.security`). */
export function specAlternatives(model: OperationModel): SpecSecurity[][] {
  return model.security.map((r) => r.schemes.flatMap((s) => specSecurity(s.scheme) ?? []));
}

/** The data `src/client/playground/` sends the operation with (see `PlaygroundSpec`). */
export function buildPlaygroundSpec(model: OperationModel, document: unknown, send: { proxy: boolean; credentials: boolean }): PlaygroundSpec {
  const body = model.requestBody;
  return {
    method: model.method.toUpperCase(),
    path: model.path,
    servers: model.servers.map((server) => ({
      url: server.url,
      variables: Object.fromEntries(Object.entries(server.variables).map(([name, v]) => [name, v.default])),
    })),
    parameters: requestParameters(model).map((p) => specParameter(p, document)),
    security: specAlternatives(model),
    body: body && body.content.length > 0
      ? { required: body.required, contents: body.content.map((m) => ({ mediaType: m.mediaType, kind: bodyKind(m, document) })) }
      : null,
    proxy: send.proxy,
    credentials: send.credentials,
  };
}
