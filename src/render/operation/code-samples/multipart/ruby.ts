import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie } from './multipart-request.js';
import { singleQuotedLiteral as q } from './quote.js';

/** Net::HTTP's request classes by method. */
const CLASSES: Readonly<Record<string, string>> = { GET: 'Get', POST: 'Post', PUT: 'Put', PATCH: 'Patch', DELETE: 'Delete', HEAD: 'Head', OPTIONS: 'Options', TRACE: 'Trace' };

/**
 * Ruby (net/http): `set_form` with `multipart/form-data`, a `File` per file part (with its
 * file name and content type), which Net::HTTP streams with a boundary of its own. A method
 * Net::HTTP has no class for (QUERY) gets one.
 */
export function rubyMultipart(req: MultipartRequest): string {
  const known = CLASSES[req.method];
  const className = known ?? req.method.charAt(0) + req.method.slice(1).toLowerCase().replace(/[^a-z0-9]/g, '');
  const custom = known
    ? []
    : [`class Net::HTTP::${className} < Net::HTTPRequest`, `  METHOD = ${q(req.method)}`, '  REQUEST_HAS_BODY = true', '  RESPONSE_HAS_BODY = true', 'end', ''];
  const fields = req.parts.map((part) => {
    if (part.kind === 'text') return `  [${q(part.name)}, ${q(part.value)}]`;
    const options = [`filename: ${q(part.fileName)}`, ...(part.contentType ? [`content_type: ${q(part.contentType)}`] : [])].join(', ');
    return `  [${q(part.name)}, File.open(${q(part.fileName)}, 'rb'), { ${options} }]`;
  });
  return [
    "require 'uri'",
    "require 'net/http'",
    '',
    ...custom,
    `url = URI(${q(req.url)})`,
    '',
    'http = Net::HTTP.new(url.host, url.port)',
    ...(/^https:/i.test(req.url) ? ['http.use_ssl = true'] : []),
    '',
    `request = Net::HTTP::${className}.new(url)`,
    ...headersWithCookie(req).map((h) => `request[${q(h.name)}] = ${q(h.value)}`),
    'request.set_form([',
    fields.join(',\n'),
    "], 'multipart/form-data')",
    '',
    'response = http.request(request)',
    'puts response.read_body',
  ].join('\n');
}
