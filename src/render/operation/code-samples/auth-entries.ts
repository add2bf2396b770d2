import type { OperationModel, SecuritySchemeModel } from '../../../openapi/operation-model/model.js';
import type { HarNameValue } from './har.js';

export interface AuthEntries {
  readonly headers: HarNameValue[];
  readonly query: HarNameValue[];
  readonly cookies: HarNameValue[];
}

/**
 * Credentials for the first security requirement of the operation, as placeholders:
 * `Authorization: Bearer <token>` (HTTP bearer, OAuth 2, OpenID Connect), `Basic
 * <encoded-value>`, an API key in its header, query or cookie (`<api-key>`). A scheme's
 * `x-default` replaces the placeholder: Mintlify always prefills security schemes with it.
 * Mutual TLS adds nothing.
 */
export function authEntries(model: OperationModel): AuthEntries {
  const out: AuthEntries = { headers: [], query: [], cookies: [] };
  for (const { scheme } of model.security[0]?.schemes ?? []) add(out, scheme);
  return out;
}

function add(out: AuthEntries, scheme: SecuritySchemeModel): void {
  const given = scheme.default !== undefined && scheme.default !== '' ? scheme.default : undefined;
  switch (scheme.type) {
    case 'apiKey': {
      if (!scheme.name) return;
      const entry = { name: scheme.name, value: given ?? '<api-key>' };
      if (scheme.in === 'query') out.query.push(entry);
      else if (scheme.in === 'cookie') out.cookies.push(entry);
      else out.headers.push(entry);
      return;
    }
    case 'http': {
      const kind = (scheme.scheme ?? 'bearer').toLowerCase();
      if (kind === 'basic') out.headers.push({ name: 'Authorization', value: `Basic ${given ?? '<encoded-value>'}` });
      else if (kind === 'bearer') out.headers.push({ name: 'Authorization', value: `Bearer ${given ?? '<token>'}` });
      else out.headers.push({ name: 'Authorization', value: `${scheme.scheme ?? kind} ${given ?? '<credentials>'}` });
      return;
    }
    case 'oauth2':
    case 'openIdConnect':
      out.headers.push({ name: 'Authorization', value: `Bearer ${given ?? '<token>'}` });
      return;
    default:
      return;
  }
}
