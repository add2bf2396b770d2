import type { MultipartRequest } from './multipart-request.js';
import { cString as q } from './quote.js';

/**
 * C (libcurl): the MIME API, one part per field; `curl_mime_filedata` reads a file part from
 * disk (its file name is the path's last segment).
 */
export function cMultipart(req: MultipartRequest): string {
  const parts: string[] = ['curl_mime *mime = curl_mime_init(hnd);', 'curl_mimepart *part;'];
  for (const part of req.parts) {
    parts.push('part = curl_mime_addpart(mime);', `curl_mime_name(part, ${q(part.name)});`);
    if (part.kind === 'file') {
      parts.push(`curl_mime_filedata(part, ${q(part.fileName)});`);
      if (part.contentType) parts.push(`curl_mime_type(part, ${q(part.contentType)});`);
    } else {
      parts.push(`curl_mime_data(part, ${q(part.value)}, CURL_ZERO_TERMINATED);`);
    }
  }
  parts.push('curl_easy_setopt(hnd, CURLOPT_MIMEPOST, mime);');
  return [
    'CURL *hnd = curl_easy_init();',
    '',
    `curl_easy_setopt(hnd, CURLOPT_CUSTOMREQUEST, ${q(req.method)});`,
    'curl_easy_setopt(hnd, CURLOPT_WRITEDATA, stdout);',
    `curl_easy_setopt(hnd, CURLOPT_URL, ${q(req.url)});`,
    '',
    ...(req.headers.length > 0
      ? ['struct curl_slist *headers = NULL;', ...req.headers.map((h) => `headers = curl_slist_append(headers, ${q(`${h.name}: ${h.value}`)});`), 'curl_easy_setopt(hnd, CURLOPT_HTTPHEADER, headers);', '']
      : []),
    ...(req.cookie !== undefined ? [`curl_easy_setopt(hnd, CURLOPT_COOKIE, ${q(req.cookie)});`, ''] : []),
    ...parts,
    '',
    'CURLcode ret = curl_easy_perform(hnd);',
  ].join('\n');
}
