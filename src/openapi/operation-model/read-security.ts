import type { SecurityRequirementModel, SecuritySchemeModel } from './model.js';
import { deref, entriesOf, str, text, type Obj } from './deref.js';
import { isRecord } from '../../parse/is-record.js';

const TYPES = new Set(['apiKey', 'http', 'oauth2', 'openIdConnect', 'mutualTLS']);
const KEY_LOCATIONS = new Set(['header', 'query', 'cookie']);

type Flows = NonNullable<SecuritySchemeModel['flows']>;

function readFlows(value: unknown): Flows | undefined {
  const flows: Record<string, Flows[string]> = {};
  for (const [name, raw] of entriesOf(value)) {
    if (!isRecord(raw)) continue;
    const scopes: Record<string, string> = {};
    for (const [scope, about] of entriesOf(raw.scopes)) scopes[scope] = typeof about === 'string' ? about : '';
    flows[name] = {
      authorizationUrl: str(raw.authorizationUrl),
      ...(str(raw.deviceAuthorizationUrl) !== undefined ? { deviceAuthorizationUrl: str(raw.deviceAuthorizationUrl) } : {}),
      tokenUrl: str(raw.tokenUrl),
      refreshUrl: str(raw.refreshUrl),
      scopes,
    };
  }
  return Object.keys(flows).length > 0 ? flows : undefined;
}

/** `x-default` as a string (numbers and booleans as written), else `undefined`. */
function readDefault(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** One security scheme of `components.securitySchemes`, or `undefined` when it is missing or of an unknown type. */
export function readScheme(doc: unknown, key: string): SecuritySchemeModel | undefined {
  const components = isRecord(doc) ? deref(doc, doc.components) : undefined;
  const schemes = components ? deref(doc, components.securitySchemes) : undefined;
  const scheme: Obj | undefined = schemes && Object.hasOwn(schemes, key) ? deref(doc, schemes[key]) : undefined;
  const type = str(scheme?.type);
  if (!scheme || type === undefined || !TYPES.has(type)) return undefined;
  const location = str(scheme.in);
  return {
    key,
    type: type as SecuritySchemeModel['type'],
    description: text(scheme.description),
    name: str(scheme.name),
    in: location !== undefined && KEY_LOCATIONS.has(location) ? (location as SecuritySchemeModel['in']) : undefined,
    scheme: str(scheme.scheme)?.toLowerCase(),
    bearerFormat: str(scheme.bearerFormat),
    flows: readFlows(scheme.flows),
    ...(str(scheme.oauth2MetadataUrl) !== undefined ? { oauth2MetadataUrl: str(scheme.oauth2MetadataUrl) } : {}),
    openIdConnectUrl: str(scheme.openIdConnectUrl),
    ...(scheme.deprecated === true ? { deprecated: true } : {}),
    default: readDefault(scheme['x-default']),
  };
}

/**
 * A `security` array as alternatives. `{}` is an alternative with no schemes: auth is optional.
 * A requirement naming a scheme that does not exist loses that scheme; one left with none of its
 * named schemes is dropped (it must not turn into "optional").
 */
export function readSecurity(doc: unknown, security: readonly unknown[]): SecurityRequirementModel[] {
  const out: SecurityRequirementModel[] = [];
  for (const requirement of security) {
    if (!isRecord(requirement)) continue;
    const named = Object.entries(requirement);
    const schemes = named.flatMap(([key, scopes]) => {
      const scheme = readScheme(doc, key);
      return scheme ? [{ scheme, scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [] }] : [];
    });
    if (named.length > 0 && schemes.length === 0) continue;
    out.push({ schemes });
  }
  return out;
}
