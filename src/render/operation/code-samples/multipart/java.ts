import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie } from './multipart-request.js';
import { doubleQuoted as q } from './quote.js';

const UNIREST_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Java (Unirest): `.field(name, File, contentType)` per file, `.field(name, value)` per text part. */
export function javaMultipart(req: MultipartRequest): string {
  const start = UNIREST_METHODS.has(req.method) ? `Unirest.${req.method.toLowerCase()}(${q(req.url)})` : `Unirest.request(${q(req.method)}, ${q(req.url)})`;
  const calls = [
    ...headersWithCookie(req).map((h) => `  .header(${q(h.name)}, ${q(h.value)})`),
    ...req.parts.map((part) =>
      part.kind === 'file'
        ? `  .field(${q(part.name)}, new java.io.File(${q(part.fileName)})${part.contentType ? `, ${q(part.contentType)}` : ''})`
        : `  .field(${q(part.name)}, ${q(part.value)})`,
    ),
  ];
  return [`HttpResponse<String> response = ${start}`, ...calls, '  .asString();'].join('\n');
}
