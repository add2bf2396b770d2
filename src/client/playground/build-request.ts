/**
 * The request a playground form stands for: server (select[data-pg-server-select] and the chosen
 * fieldset[data-pg-server=i]'s [data-pg-var=name] fields), parameters ([data-pg-param=index into
 * spec.parameters]), credentials ([data-pg-auth] of the alternative chosen in
 * select[data-pg-auth-select], see auth-choice.ts) and body (select[data-pg-content-type], the
 * chosen fieldset[data-pg-body=i] with textarea[data-pg-body-text], [data-pg-body-field=name],
 * input[data-pg-body-file=name], input[data-pg-body-binary]).
 */
import type { PlaygroundBody, PlaygroundFile, PlaygroundRequest } from '../../model/playground.js';
import type { PlaygroundSpec, SpecBodyContent } from '../../model/playground-spec.js';
import type { BrowserWindow } from '../shared/browser-window.js';
import { chosenSchemes } from './auth-choice.js';
import { readFileBase64, utf8Base64 } from './base64.js';
import { percentEncode } from '../../parameter-style/index.js';
import { cookiePairs, headerValue, parseValue, pathValue, queryPairs, serverBase } from './serialise.js';

/** The request as the proxy takes it, and the body for a direct `fetch`. */
export interface BuiltRequest {
  readonly request: PlaygroundRequest;
  readonly direct: BodyInit | undefined;
}

/** The request being put together: path with parameters filled, encoded query pairs, headers, cookies. */
interface Parts {
  path: string;
  readonly query: string[];
  readonly headers: Record<string, string>;
  readonly cookies: string[];
}

interface Body {
  readonly wire: PlaygroundBody;
  readonly direct: BodyInit | undefined;
}

const NO_BODY: Body = { wire: { type: 'none' }, direct: undefined };

function fieldValue(scope: ParentNode, selector: string): string {
  const el = scope.querySelector<HTMLInputElement>(selector);
  return el ? el.value : '';
}

/** The number a select holds (0 when absent or negative). */
export function selectedIndex(scope: ParentNode, selector: string): number {
  const el = scope.querySelector<HTMLSelectElement>(selector);
  const n = el ? Number(el.value) : 0;
  return n >= 0 ? n : 0;
}

function cssEscape(win: BrowserWindow, text: string): string {
  return win.CSS && typeof win.CSS.escape === 'function' ? win.CSS.escape(text) : text.replace(/["\\]/g, '\\$&');
}

function applyAuth(win: BrowserWindow, spec: PlaygroundSpec, form: Element, parts: Parts): void {
  const authValue = (key: string, part: string): string => fieldValue(form, `[data-pg-auth="${cssEscape(win, key)}"][data-pg-auth-part="${part}"]`);
  for (const scheme of chosenSchemes(spec, form)) {
    if (scheme.kind === 'basic') {
      const user = authValue(scheme.key, 'username');
      const password = authValue(scheme.key, 'password');
      if (user || password) parts.headers['Authorization'] = `Basic ${utf8Base64(`${user}:${password}`)}`;
      continue;
    }
    const value = authValue(scheme.key, 'value');
    if (!value) continue;
    if (scheme.kind === 'bearer') parts.headers['Authorization'] = `Bearer ${value}`;
    else if (scheme.kind === 'http') parts.headers['Authorization'] = `${scheme.scheme} ${value}`;
    else if (scheme.in === 'query') parts.query.push(`${percentEncode(scheme.name)}=${percentEncode(value)}`);
    else if (scheme.in === 'cookie') parts.cookies.push(`${percentEncode(scheme.name)}=${percentEncode(value)}`);
    else parts.headers[scheme.name] = value;
  }
}

/** Empty optional fields are left out; a path parameter is always filled (with `''` when empty). */
function applyParameters(spec: PlaygroundSpec, form: Element, parts: Parts): void {
  spec.parameters.forEach((param, index) => {
    const text = fieldValue(form, `[data-pg-param="${index}"]`);
    if (text === '' && param.in !== 'path') return;
    const value = parseValue(param, text);
    if (param.in === 'path') parts.path = parts.path.split(`{${param.name}}`).join(pathValue(param, value));
    else if (param.in === 'query') parts.query.push(...queryPairs(param, value));
    else if (param.in === 'header') parts.headers[param.name] = headerValue(param, value);
    else parts.cookies.push(...cookiePairs(param, value));
  });
}

/** A media type with a wildcard (`application/*`) is sent as `fallback`. */
function concreteType(mediaType: string, fallback: string): string {
  return mediaType.indexOf('*') >= 0 ? fallback : mediaType;
}

/** The non-empty fields named by `attribute`, name → value. */
function namedValues(panel: ParentNode, attribute: string): Record<string, string> {
  const fields: Record<string, string> = {};
  panel.querySelectorAll<HTMLInputElement>(`[${attribute}]`).forEach((el) => {
    if (el.value !== '') fields[el.getAttribute(attribute) as string] = el.value;
  });
  return fields;
}

/** The body as both a `PlaygroundBody` (proxy) and a fetch body (direct); files are read here. */
async function buildBody(win: BrowserWindow, spec: PlaygroundSpec, form: Element, parts: Parts): Promise<Body> {
  if (!spec.body || !spec.body.contents.length) return NO_BODY;
  const index = selectedIndex(form, '[data-pg-content-type]');
  const content = (spec.body.contents[index] || spec.body.contents[0]) as SpecBodyContent;
  const panel = form.querySelector(`[data-pg-body="${index}"]`) || form;
  const kind = content.kind;
  if (kind === 'json' || kind === 'text') {
    const text = fieldValue(panel, '[data-pg-body-text]');
    if (text.trim() === '') return NO_BODY;
    parts.headers['Content-Type'] = concreteType(content.mediaType, kind === 'json' ? 'application/json' : 'text/plain');
    return { wire: { type: 'text', text }, direct: text };
  }
  if (kind === 'form') {
    const fields = namedValues(panel, 'data-pg-body-field');
    parts.headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return { wire: { type: 'form', fields }, direct: new URLSearchParams(fields).toString() };
  }
  if (kind === 'multipart') {
    const textFields = namedValues(panel, 'data-pg-body-field');
    const data = new win.FormData();
    for (const k of Object.keys(textFields)) data.append(k, textFields[k] as string);
    const files: { readonly field: string; readonly file: File }[] = [];
    panel.querySelectorAll<HTMLInputElement>('input[data-pg-body-file]').forEach((el) => {
      const field = el.getAttribute('data-pg-body-file') as string;
      for (const file of Array.from(el.files || [])) {
        files.push({ field, file });
        data.append(field, file, file.name);
      }
    });
    const wireFiles: PlaygroundFile[] = await Promise.all(
      files.map(async (f) => ({ field: f.field, filename: f.file.name, contentType: f.file.type || 'application/octet-stream', base64: await readFileBase64(f.file) })),
    );
    return { wire: { type: 'multipart', fields: textFields, files: wireFiles }, direct: data };
  }
  const input = panel.querySelector<HTMLInputElement>('input[data-pg-body-binary]');
  const file = input && input.files && input.files[0];
  if (!file) return NO_BODY;
  const type = concreteType(content.mediaType, file.type || 'application/octet-stream');
  parts.headers['Content-Type'] = type;
  return { wire: { type: 'binary', base64: await readFileBase64(file), contentType: type }, direct: file };
}

/** The request the form stands for (GET and HEAD never carry a body). */
export async function buildRequest(win: BrowserWindow, form: Element, spec: PlaygroundSpec): Promise<BuiltRequest> {
  const serverIndex = selectedIndex(form, '[data-pg-server-select]');
  const server = spec.servers[serverIndex] || spec.servers[0];
  // The page renders an interactive playground only for operations with a server.
  if (!server) throw new Error('the operation has no server to send it to.');
  const variables: Record<string, string> = {};
  const box = form.querySelector(`[data-pg-server="${serverIndex}"]`);
  if (box) {
    box.querySelectorAll<HTMLInputElement>('[data-pg-var]').forEach((el) => {
      variables[el.getAttribute('data-pg-var') as string] = el.value;
    });
  }
  const parts: Parts = { path: spec.path, query: [], headers: {}, cookies: [] };
  applyParameters(spec, form, parts);
  applyAuth(win, spec, form, parts);
  const bodyless = spec.method === 'GET' || spec.method === 'HEAD';
  const body = bodyless ? NO_BODY : await buildBody(win, spec, form, parts);
  let url = serverBase(server, variables, win.location.href) + parts.path;
  if (parts.query.length) url += (url.indexOf('?') >= 0 ? '&' : '?') + parts.query.join('&');
  if (parts.cookies.length) parts.headers['Cookie'] = parts.cookies.join('; ');
  return { request: { method: spec.method, url, headers: parts.headers, body: body.wire }, direct: body.direct };
}
