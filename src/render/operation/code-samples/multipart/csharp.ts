import type { MultipartRequest } from './multipart-request.js';
import { doubleQuoted as q } from './quote.js';

/** The methods RestSharp's client has a `…Async` call for. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);

/**
 * C# (RestSharp): `AddFile` per file part (with its content type), `AddParameter` per text part,
 * every value a C# string literal. `undefined` for a method RestSharp has no call for.
 */
export function csharpMultipart(req: MultipartRequest): string | undefined {
  if (!METHODS.has(req.method)) return undefined;
  const cookies: string[] = [];
  if (req.cookie !== undefined) {
    const url = new URL(req.url);
    for (const pair of req.cookie.split('; ')) {
      const eq = pair.indexOf('=');
      cookies.push(`request.AddCookie(${q(pair.slice(0, eq))}, ${q(pair.slice(eq + 1))}, ${q(url.pathname)}, ${q(url.host)});`);
    }
  }
  const method = req.method.charAt(0) + req.method.slice(1).toLowerCase();
  return [
    'using RestSharp;',
    '',
    '',
    `var options = new RestClientOptions(${q(req.url)});`,
    'var client = new RestClient(options);',
    'var request = new RestRequest("");',
    'request.AlwaysMultipartFormData = true;',
    ...req.headers.map((h) => `request.AddHeader(${q(h.name)}, ${q(h.value)});`),
    ...cookies,
    ...req.parts.map((part) =>
      part.kind === 'file'
        ? `request.AddFile(${[q(part.name), q(part.fileName), ...(part.contentType ? [q(part.contentType)] : [])].join(', ')});`
        : `request.AddParameter(${q(part.name)}, ${q(part.value)});`,
    ),
    `var response = await client.${method}Async(request);`,
    '',
    'Console.WriteLine("{0}", response.Content);',
  ].join('\n');
}
