import type { MultipartRequest } from './multipart-request.js';
import { headersWithCookie, partsByName } from './multipart-request.js';
import { powershellString as q } from './quote.js';

const STANDARD_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'TRACE', 'OPTIONS', 'MERGE', 'PATCH']);

/**
 * PowerShell 7 (Invoke-RestMethod `-Form`): a hashtable of fields, `Get-Item` for a file (sent
 * as a file part), an array for a repeated field.
 */
export function powershellMultipart(req: MultipartRequest): string {
  const value = (part: MultipartRequest['parts'][number]): string => (part.kind === 'file' ? `(Get-Item -Path ${q(part.fileName)})` : q(part.value));
  const fields = partsByName(req.parts).map(([name, parts]) => `  ${q(name)} = ${parts.length === 1 ? value(parts[0] as MultipartRequest['parts'][number]) : `@(${parts.map(value).join(', ')})`}`);
  const headers = headersWithCookie(req);
  const method = STANDARD_METHODS.has(req.method) ? `-Method ${req.method}` : `-CustomMethod ${q(req.method)}`;
  return [
    ...(headers.length > 0 ? ['$headers=@{}', ...headers.map((h) => `$headers.Add(${q(h.name)}, ${q(h.value)})`)] : []),
    '$form = @{',
    ...fields,
    '}',
    `$response = Invoke-RestMethod -Uri ${q(req.url)} ${method}${headers.length > 0 ? ' -Headers $headers' : ''} -Form $form`,
  ].join('\n');
}
