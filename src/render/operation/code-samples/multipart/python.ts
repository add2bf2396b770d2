import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie, partsByName } from './multipart-request.js';
import { doubleQuoted as q } from './quote.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** `{…}`: one entry on the line, more over lines, as httpsnippet's Python target writes dicts. */
const dict = (entries: readonly string[]): string => (entries.length === 1 ? `{${entries[0] as string}}` : `{\n${entries.map((e) => `    ${e}`).join(',\n')}\n}`);

/**
 * Python (requests): `files=` with an open file per file part, `data=` for text parts (a list
 * for a repeated field: requests sends each item, where httpsnippet's dict kept only the last).
 */
export function pythonMultipart(req: MultipartRequest): string {
  const files: string[] = [];
  const data: string[] = [];
  for (const [name, parts] of partsByName(req.parts)) {
    for (const part of parts) {
      if (part.kind === 'file') files.push(`${q(name)}: (${[q(part.fileName), `open(${q(part.fileName)}, "rb")`, ...(part.contentType ? [q(part.contentType)] : [])].join(', ')})`);
    }
    const texts = parts.flatMap((p) => (p.kind === 'text' ? [q(p.value)] : []));
    if (texts.length === 1) data.push(`${q(name)}: ${texts[0] as string}`);
    else if (texts.length > 1) data.push(`${q(name)}: [${texts.join(', ')}]`);
  }
  const headers = headersWithCookie(req).map((h) => `${q(h.name)}: ${q(h.value)}`);
  const args = ['url', ...(data.length > 0 ? ['data=payload'] : []), ...(files.length > 0 ? ['files=files'] : []), ...(headers.length > 0 ? ['headers=headers'] : [])];
  const call = METHODS.has(req.method) ? `requests.${req.method.toLowerCase()}(${args.join(', ')})` : `requests.request(${q(req.method)}, ${args.join(', ')})`;
  return [
    'import requests',
    '',
    `url = ${q(req.url)}`,
    '',
    ...(files.length > 0 ? [`files = ${dict(files)}`] : []),
    ...(data.length > 0 ? [`payload = ${dict(data)}`] : []),
    ...(headers.length > 0 ? [`headers = ${dict(headers)}`] : []),
    '',
    `response = ${call}`,
    '',
    'print(response.text)',
  ].join('\n');
}
