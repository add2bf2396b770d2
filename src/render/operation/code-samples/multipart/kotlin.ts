import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie } from './multipart-request.js';
import { kotlinString as q } from './quote.js';

const BUILDER_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Kotlin (OkHttp, in the API the other Kotlin samples use): a `MultipartBody` with a file
 * `RequestBody` per file part.
 */
export function kotlinMultipart(req: MultipartRequest): string {
  const parts = req.parts.map((part) =>
    part.kind === 'file'
      ? `  .addFormDataPart(${q(part.name)}, ${q(part.fileName)}, RequestBody.create(MediaType.parse(${q(part.contentType ?? 'application/octet-stream')}), java.io.File(${q(part.fileName)})))`
      : `  .addFormDataPart(${q(part.name)}, ${q(part.value)})`,
  );
  const method = BUILDER_METHODS.has(req.method) ? `  .${req.method.toLowerCase()}(body)` : `  .method(${q(req.method)}, body)`;
  return [
    'val client = OkHttpClient()',
    '',
    'val body = MultipartBody.Builder()',
    '  .setType(MultipartBody.FORM)',
    ...parts,
    '  .build()',
    'val request = Request.Builder()',
    `  .url(${q(req.url)})`,
    method,
    ...headersWithCookie(req).map((h) => `  .addHeader(${q(h.name)}, ${q(h.value)})`),
    '  .build()',
    '',
    'val response = client.newCall(request).execute()',
  ].join('\n');
}
