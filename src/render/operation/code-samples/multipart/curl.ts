import type { MultipartRequest } from './multipart-request.js';
import { shellWord } from './quote.js';

/**
 * curl: `--form 'name=@file;type=…'` for a file (curl reads it and writes the boundary),
 * `--form name=value` for text, `--form-string` when the value would read as curl syntax (a
 * leading `@` or `<`, or a `;`).
 */
export function curlMultipart(req: MultipartRequest): string {
  const args = [`curl --request ${req.method}`, `--url ${shellWord(req.url)}`];
  for (const h of req.headers) args.push(`--header ${shellWord(`${h.name}: ${h.value}`)}`);
  if (req.cookie !== undefined) args.push(`--cookie ${shellWord(req.cookie)}`);
  for (const part of req.parts) {
    if (part.kind === 'file') args.push(`--form ${shellWord(`${part.name}=@${part.fileName}${part.contentType ? `;type=${part.contentType}` : ''}`)}`);
    else args.push(`${/^[@<]|;/.test(part.value) ? '--form-string' : '--form'} ${shellWord(`${part.name}=${part.value}`)}`);
  }
  return args.join(' \\\n  ');
}
