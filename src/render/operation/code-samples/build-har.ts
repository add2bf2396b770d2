import { explicitValue, generateExample, type ExampleOptions } from '../../../openapi/examples/index.js';
import type { OperationModel, ParameterModel } from '../../../openapi/operation-model/model.js';
import { requestParameters } from '../../../openapi/operation-model/querystring-parameter.js';
import { authEntries } from './auth-entries.js';
import type { HarNameValue, HarRequest } from './har.js';
import { contentText, isFormType, percentEncode } from '../../../parameter-style/index.js';
import { cookieEntries, headerText, pathText, queryEntries } from './parameter-entries.js';
import { placeholderToken } from './placeholders.js';
import { isJsonBody, requestPostData } from './request-body.js';
import { serverUrl } from './server-url.js';

export interface HarSettings {
  /** `required`: only required parameters and body properties; `all`: every one. */
  readonly defaults: 'all' | 'required';
  /** Use `x-default` values (`api.examples.prefill`). */
  readonly prefill: boolean;
  /** Origin for operations without an absolute server URL. */
  readonly baseUrl?: string;
}

export interface BuiltHar {
  readonly har: HarRequest;
  /** Texts whose tokens stand in the request (see placeholders.ts): `{name}` for path parameters without an example and server variables without a default, `<string>` for values the document gives nothing for. */
  readonly placeholders: readonly string[];
}

/** Header parameters OpenAPI says to ignore: they come from the body and the security schemes. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * The HAR request that the code samples show for an operation: the first server (see
 * `serverUrl`), path parameters from their examples (else `{name}`), query, header and cookie
 * parameters (required ones, or all with `defaults: 'all'`, deprecated ones only when required)
 * from their examples or generated from their schemas, each serialized per its `style` and
 * `explode` as the Try-it form sends it (src/parameter-style/), credentials for the first
 * security requirement (`authEntries`), and the first request body (`requestPostData`) with its
 * `content-type` header.
 */
/**
 * The OpenAPI 3.2 `querystring` parameter of a media type other than form fields (those come in
 * as a query parameter: `requestParameters`), when required, or with `defaults: 'all'` and not
 * deprecated, from its example or one generated from its schema: the whole query string, its
 * text percent-encoded, returned joined with the other pairs of `query` (which it then replaces).
 */
function querystringText(model: OperationModel, document: unknown, settings: HarSettings, options: ExampleOptions, query: HarNameValue[]): string | undefined {
  const qs = model.querystring;
  if (!qs || !(qs.required || (settings.defaults === 'all' && !qs.deprecated))) return undefined;
  if (isFormType(qs.mediaType)) return undefined;
  const value = qs.examples.find((e) => e.value !== undefined)?.value ?? generateExample(qs.schema, document, 'request', options);
  if (value === undefined) return undefined;
  return [percentEncode(contentText(qs.mediaType, value)), ...query.map((q) => `${q.name}=${q.value}`)].join('&');
}

export function buildHar(model: OperationModel, document: unknown, settings: HarSettings): BuiltHar {
  const options: ExampleOptions = { required: settings.defaults, prefill: settings.prefill };
  const placeholders: string[] = [];
  const server = serverUrl(model, settings.baseUrl, placeholders);
  // A deprecated parameter is left out unless the request needs it (path, or still required).
  const included = requestParameters(model).filter((p) => p.in === 'path' || p.required || (settings.defaults === 'all' && !p.deprecated));
  const valueOf = (p: ParameterModel): unknown => explicitValue(p, document, settings.prefill) ?? generateExample(p.schema, document, 'request', options) ?? '<string>';

  const path = model.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const param = included.find((p) => p.in === 'path' && p.name === name);
    const value = param ? explicitValue(param, document, settings.prefill) : undefined;
    const missing = value === undefined || value === null || value === '';
    if (!param) return placeholderToken(placeholders, `{${name}}`);
    // Without an example the value is `{name}`, in its style's frame (`;name={name}` for matrix).
    return pathText(param, missing ? placeholderToken(placeholders, `{${name}}`) : value, placeholders);
  });

  const auth = authEntries(model);
  const authHeaders = new Set(auth.headers.map((h) => h.name.toLowerCase()));
  const headers: HarNameValue[] = [...auth.headers];
  const query: HarNameValue[] = [];
  const cookies: HarNameValue[] = [];
  for (const p of included) {
    if (p.in === 'query') query.push(...queryEntries(p, valueOf(p), placeholders));
    else if (p.in === 'header' && !IGNORED_HEADERS.has(p.name.toLowerCase()) && !authHeaders.has(p.name.toLowerCase())) {
      headers.push({ name: p.name, value: headerText(p, valueOf(p)) });
    } else if (p.in === 'cookie') cookies.push(...cookieEntries(p, valueOf(p), placeholders));
  }
  for (const q of auth.query) query.push(...queryEntries({ name: q.name, in: 'query' }, q.value, placeholders));
  for (const c of auth.cookies) cookies.push(...cookieEntries({ name: c.name, in: 'cookie' }, c.value, placeholders));
  const rawQuery = querystringText(model, document, settings, options, query);

  const body = requestPostData(model, document, options);
  // Multipart: httpsnippet writes the header itself, with the boundary where the client needs one.
  if (body && !body.mimeType.includes('*') && !body.mimeType.toLowerCase().startsWith('multipart/')) {
    headers.push({ name: 'content-type', value: body.mimeType });
  }
  // JSON media types other than `application/json` (`application/vnd.x+json`) are JSON to the
  // generators too (else they print the body as an opaque string); the header keeps the real type.
  const postData = body && isJsonBody(body.mimeType) ? { ...body, mimeType: 'application/json' } : body;

  const har: HarRequest = {
    method: model.method.toUpperCase(),
    // A query string that is no name=value pairs (JSON) rides in the path as a token: httpsnippet
    // would turn `?{…}` into `?{…}=`.
    url: server + (path.startsWith('/') ? path : `/${path}`) + (rawQuery !== undefined ? placeholderToken(placeholders, `?${rawQuery}`) : ''),
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: rawQuery !== undefined ? [] : query,
    cookies,
    postData: postData ?? { mimeType: 'application/octet-stream' },
    headersSize: -1,
    bodySize: -1,
  };
  return { har, placeholders };
}
