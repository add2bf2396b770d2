import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie } from './multipart-request.js';
import { doubleQuoted as q } from './quote.js';

const METHODS: Readonly<Record<string, string>> = { GET: 'Get', POST: 'Post', PUT: 'Put', PATCH: 'Patch', DELETE: 'Delete', HEAD: 'Head', OPTIONS: 'Options', TRACE: 'Trace' };

/**
 * .NET (HttpClient): a `MultipartFormDataContent` holding a `StreamContent` over
 * `File.OpenRead` per file part (with its content type) and a `StringContent` per text part.
 */
export function dotnetMultipart(req: MultipartRequest): string {
  const method = METHODS[req.method] ? `HttpMethod.${METHODS[req.method]}` : `new HttpMethod(${q(req.method)})`;
  const headers = headersWithCookie(req);
  const parts = req.parts.map((part) => {
    if (part.kind === 'text') return `        { new StringContent(${q(part.value)}), ${q(part.name)} },`;
    const typed = part.contentType ? ` { Headers = { ContentType = new MediaTypeHeaderValue(${q(part.contentType)}) } }` : '';
    return `        { new StreamContent(File.OpenRead(${q(part.fileName)}))${typed}, ${q(part.name)}, ${q(part.fileName)} },`;
  });
  return [
    'using System.Net.Http.Headers;',
    'var client = new HttpClient();',
    'var request = new HttpRequestMessage',
    '{',
    `    Method = ${method},`,
    `    RequestUri = new Uri(${q(req.url)}),`,
    ...(headers.length > 0 ? ['    Headers =', '    {', ...headers.map((h) => `        { ${q(h.name)}, ${q(h.value)} },`), '    },'] : []),
    '    Content = new MultipartFormDataContent',
    '    {',
    ...parts,
    '    },',
    '};',
    'using (var response = await client.SendAsync(request))',
    '{',
    '    response.EnsureSuccessStatusCode();',
    '    var body = await response.Content.ReadAsStringAsync();',
    '    Console.WriteLine(body);',
    '}',
  ].join('\n');
}
