import type { ApiConfig } from '../../../config/loaded-config.js';
import type { MdxParamField } from '../../../model/render.js';
import { HTTP_METHODS } from '../../../model/openapi.js';
import type { MediaModel, OperationModel, ParameterModel, SecurityRequirementModel, SecuritySchemeModel, ServerModel } from '../../../openapi/operation-model/model.js';
import { fieldSchema, objectSchema } from './field-schema.js';
import { isRecord } from '../../../parse/is-record.js';
import { cutAt, trimTrailing } from '../../../text/linear-text.js';

/** What is wrong with a page's `api:` or `authMethod:` frontmatter (the caller adds file and line). */
export interface EndpointProblem {
  readonly code: 'mdx/api-invalid' | 'mdx/api-no-server' | 'mdx/api-auth-method';
  /** The frontmatter key it is about. */
  readonly key: 'api' | 'authMethod';
  readonly message: string;
  readonly hint?: string;
}

export interface MdxEndpointInput {
  /** Frontmatter `api`: `"METHOD https://host/path"` or `"METHOD /path"`. */
  readonly api: unknown;
  /** Frontmatter `authMethod`: `bearer`, `basic`, `key`, `cobo` or `none`; else docs.json's. */
  readonly authMethod?: unknown;
  /** Frontmatter `deprecated`. */
  readonly deprecated?: unknown;
  /** docs.json `api` (its `mdx.server` and `mdx.auth` are read). */
  readonly configApi: ApiConfig | undefined;
  /** The page's ParamFields (`RenderedBody.paramFields`). */
  readonly fields: readonly MdxParamField[];
}

export interface MdxEndpoint {
  /** Absent when `api:` cannot be read: the page is then plain MDX. */
  readonly model?: OperationModel;
  readonly problems: readonly EndpointProblem[];
}

const AUTH_METHODS = ['bearer', 'basic', 'key', 'cobo'] as const;
type AuthMethod = (typeof AUTH_METHODS)[number];
const ABSOLUTE = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)([^]*)$/i;
const TEMPLATE = /\{([^{}]+)\}/g;
/** The header an API key goes in when docs.json's `api.mdx.auth` names none. */
const DEFAULT_KEY_HEADER = 'Authorization';
/** Cobo's API key header; the signature headers it also needs cannot be made by the playground. */
const COBO_KEY_HEADER = 'BIZ-API-KEY';

const EXAMPLE = 'write `api: "POST https://api.example.com/v1/users"`, or `api: "POST /v1/users"` with `api.mdx.server` in docs.json';

const invalid = (message: string, hint = EXAMPLE): EndpointProblem => ({ code: 'mdx/api-invalid', key: 'api', message, hint });

/** `METHOD target`, or the problem with it. */
export function parseApiValue(value: unknown): { method: string; target: string } | EndpointProblem {
  if (typeof value !== 'string') return invalid(`\`api\` must be a string such as "POST /v1/users", not ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `the ${typeof value} ${String(value)}`}.`);
  const [first = '', ...rest] = value.trim().split(/\s+/);
  const target = rest.join(' ');
  const isMethod = (HTTP_METHODS as readonly string[]).includes(first.toLowerCase());
  if (first === '') return invalid('`api` is empty: it names no method and no URL.');
  if (!isMethod && target === '' && (first.startsWith('/') || ABSOLUTE.test(first))) {
    return invalid(`\`api: "${value.trim()}"\` has no HTTP method.`, `put the method first: \`api: "GET ${first}"\``);
  }
  if (!isMethod) {
    return invalid(`\`${first}\` in \`api: "${value.trim()}"\` is not an HTTP method.`, `use one of ${HTTP_METHODS.map((m) => m.toUpperCase()).join(', ')}`);
  }
  if (target === '') return invalid(`\`api: "${value.trim()}"\` names a method but no URL or path.`);
  return { method: first.toUpperCase(), target };
}

/** A server with one variable (default empty) per `{name}` in its URL; trailing slashes dropped. */
function server(url: string): ServerModel {
  const trimmed = trimTrailing(url, '/') || url;
  const variables = Object.fromEntries([...trimmed.matchAll(TEMPLATE)].map((m) => [m[1] ?? '', { default: '' }]));
  return { url: trimmed, variables };
}

/** docs.json `api.mdx.server`: one URL or a list of them. */
function configServers(configApi: ApiConfig | undefined): string[] {
  const value = configApi?.mdx?.server ?? [];
  return (typeof value === 'string' ? [value] : value).filter((s) => s.trim() !== '');
}

/** The endpoint's servers and path: a full URL's origin and path, else `api.mdx.server` and the path. */
function location(target: string, configApi: ApiConfig | undefined): { servers: ServerModel[]; path: string; problem?: EndpointProblem } {
  const absolute = ABSOLUTE.exec(target);
  if (absolute) {
    const rest = absolute[2] ?? '';
    return { servers: [server(absolute[1] ?? '')], path: rest.startsWith('/') ? rest : `/${rest}` };
  }
  const path = target.startsWith('/') ? target : `/${target}`;
  const servers = configServers(configApi).map(server);
  if (servers.length > 0) return { servers, path };
  return {
    servers: [],
    path,
    problem: {
      code: 'mdx/api-no-server',
      key: 'api',
      message: `\`${path}\` is a relative path and docs.json has no \`api.mdx.server\` to send it to; the page shows the request but cannot send it.`,
      hint: `add \`"api": { "mdx": { "server": "https://api.example.com" } }\` to docs.json, or write the full URL in \`api\``,
    },
  };
}

function scheme(method: AuthMethod, name: string | undefined): SecuritySchemeModel {
  switch (method) {
    case 'bearer':
      return { key: 'bearer', type: 'http', scheme: 'bearer' };
    case 'basic':
      return { key: 'basic', type: 'http', scheme: 'basic' };
    case 'key':
      return { key: 'apiKey', type: 'apiKey', in: 'header', name: name ?? DEFAULT_KEY_HEADER };
    case 'cobo':
      return {
        key: 'cobo',
        type: 'apiKey',
        in: 'header',
        name: name ?? COBO_KEY_HEADER,
        description: `Cobo API signature: your API key in the \`${name ?? COBO_KEY_HEADER}\` header, and each request signed with your API secret. The playground sends the key but cannot sign requests.`,
      };
  }
}

/**
 * The page's authorization: its `authMethod` (`none` for no auth), else docs.json's
 * `api.mdx.auth.method`; an API key's header is `api.mdx.auth.name`. An `authMethod` that is not
 * one of the five values is a problem, and docs.json's method applies.
 */
function security(authMethod: unknown, configApi: ApiConfig | undefined): { security: SecurityRequirementModel[]; problem?: EndpointProblem } {
  const auth = configApi?.mdx?.auth ?? {};
  const name = auth.name?.trim() || undefined;
  const known = (v: unknown): v is AuthMethod => (AUTH_METHODS as readonly unknown[]).includes(v);
  const make = (method: unknown): SecurityRequirementModel[] => (known(method) ? [{ schemes: [{ scheme: scheme(method, name), scopes: [] }] }] : []);
  if (authMethod === 'none') return { security: [] };
  if (known(authMethod)) return { security: make(authMethod) };
  const fallback = make(auth.method);
  if (authMethod === undefined || authMethod === null) return { security: fallback };
  return {
    security: fallback,
    problem: {
      code: 'mdx/api-auth-method',
      key: 'authMethod',
      message: `\`authMethod: ${JSON.stringify(authMethod)}\` is not an authorization method; ${known(auth.method) ? `docs.json's \`${auth.method}\` applies` : 'the page has no authorization'}.`,
      hint: 'use one of bearer, basic, key, cobo, none',
    },
  };
}

function parameter(f: MdxParamField, location: ParameterModel['in']): ParameterModel {
  return {
    name: f.name,
    in: location,
    ...(f.description !== undefined ? { description: f.description } : {}),
    required: f.required || location === 'path',
    deprecated: f.deprecated,
    schema: fieldSchema(f),
    examples: [],
  };
}

/**
 * Path parameters in the order of the path template (a `{name}` without a ParamField is a
 * required string), then query and header parameters in page order. A path ParamField the
 * template does not name has nowhere to go and is left out (authors also write `path=` for
 * fields of a payload). The first field of a name and location wins.
 */
function parameters(fields: readonly MdxParamField[], path: string): ParameterModel[] {
  const seen = new Set<string>();
  const firstOf = (where: string) =>
    fields.filter((f) => {
      if (f.in !== where || seen.has(`${where} ${f.name}`)) return false;
      seen.add(`${where} ${f.name}`);
      return true;
    });
  const pathFields = firstOf('path');
  const named = [...new Set([...path.matchAll(TEMPLATE)].map((m) => m[1] ?? ''))];
  const inPath = named.map((name) => {
    const f = pathFields.find((p) => p.name === name);
    return f ? parameter(f, 'path') : parameter({ name, required: true, deprecated: false, children: [] }, 'path');
  });
  return [...inPath, ...firstOf('query').map((f) => parameter(f, 'query')), ...firstOf('header').map((f) => parameter(f, 'header'))];
}

/** A file or list of files: such a body is sent as multipart form data. */
const isFile = (s: Readonly<Record<string, unknown>>): boolean =>
  s.format === 'binary' || (s.type === 'array' && isRecord(s.items) && s.items.format === 'binary');

/** The body ParamFields as one object: JSON, or multipart form data when a field is a file. */
function requestBody(fields: readonly MdxParamField[]): OperationModel['requestBody'] {
  const seen = new Set<string>();
  const body = fields.filter((f) => f.in === 'body' && !seen.has(f.name) && (seen.add(f.name), true));
  if (body.length === 0) return undefined;
  const schema = objectSchema(body);
  const properties = isRecord(schema.properties) ? Object.values(schema.properties) : [];
  const multipart = properties.some((p) => isRecord(p) && isFile(p));
  const media: MediaModel = { mediaType: multipart ? 'multipart/form-data' : 'application/json', schema, examples: [] };
  return { required: body.some((f) => f.required), content: [media] };
}

/**
 * The operation an MDX page with `api:` frontmatter describes, built from the frontmatter and
 * its ParamFields: method and path (a full URL's origin is its server; a relative path goes to
 * each `api.mdx.server`), authorization (see `security`), path/query/header parameters and a
 * JSON (or multipart) body from the `body` fields, nested fields as object properties. It has no
 * responses: the page's own ResponseFields and ResponseExample say what comes back. Schemas are
 * inline, so the document to render it with is `{}`. Pure; never throws.
 */
export function modelFromMdx(input: MdxEndpointInput): MdxEndpoint {
  const parsed = parseApiValue(input.api);
  if ('code' in parsed) return { problems: [parsed] };
  const where = location(parsed.target, input.configApi);
  const auth = security(input.authMethod, input.configApi);
  const problems = [where.problem, auth.problem].filter((p): p is EndpointProblem => p !== undefined);
  const model: OperationModel = {
    kind: 'operation',
    method: parsed.method,
    path: where.path,
    deprecated: input.deprecated === true,
    tags: [],
    servers: where.servers,
    security: auth.security,
    parameters: parameters(input.fields, cutAt(where.path, '?#')),
    requestBody: requestBody(input.fields),
    responses: [],
    callbacks: [],
    codeSamples: [],
    pointer: '',
  };
  return { model, problems };
}
